import { addDays } from '../domain/calendar.js';
import type { DemoCall } from './demo-api.js';

/** What happens to a demo invoice after it is issued (money comes back in). */
export type Outcome =
  | 'draft'
  | 'sent'
  | 'paid'
  | 'paid-cash'
  | 'partial'
  | 'overpaid'
  | 'reminded-1'
  | 'reminded-2'
  | 'reminded-3'
  | 'blocked'
  | 'cancelled';

/**
 * Payments, partial payments, an overpayment that becomes credit, reminders at every level
 * and a Mahnsperre, all through the portal's own API (ledger, letters, mails, audit).
 * `paidAt` is the day the (first) payment came in; `today` the demo's Vienna date.
 */
export async function settleDemoInvoice(
  api: DemoCall,
  invoice: { id: number; outcome: Outcome; paidAt: string },
  today: string,
) {
  const pay = (amount: number | 'all', date: string, method = 'ueberweisung', reference?: string) =>
    amount === 'all'
      ? api('POST', `/api/quickbill/invoices/${invoice.id}/mark-paid`, { paid_at: date })
      : api('POST', `/api/quickbill/invoices/${invoice.id}/payments`, {
          payment_date: date,
          amount,
          method,
          reference: reference ?? null,
        });
  const remind = async (times: number) => {
    // The demo's letters all go out today, so the later levels are sent before their configured days (decision 0770).
    for (let i = 0; i < times; i++)
      await api('POST', `/api/quickbill/invoices/${invoice.id}/reminders`, i === 0 ? {} : { early: true });
  };
  const paidAt = invoice.paidAt < today ? invoice.paidAt : today;
  switch (invoice.outcome) {
    case 'paid':
      return pay('all', paidAt);
    case 'paid-cash': {
      const detail = await api<{ total_gross: number }>('GET', `/api/quickbill/invoices/${invoice.id}`);
      return pay(detail.total_gross, paidAt, 'bar', 'Quittung bei Abholung');
    }
    case 'partial': {
      const detail = await api<{ total_gross: number }>('GET', `/api/quickbill/invoices/${invoice.id}`);
      await pay(Math.round(detail.total_gross * 40) / 100, paidAt, 'ueberweisung', 'Teilzahlung laut Vereinbarung');
      return remind(1);
    }
    case 'overpaid': {
      const detail = await api<{ total_gross: number }>('GET', `/api/quickbill/invoices/${invoice.id}`);
      // Paid twice by mistake, partly: the excess becomes the customer's Guthaben.
      return pay(Math.round(detail.total_gross * 100 + 5000) / 100, paidAt, 'ueberweisung', 'Dauerauftrag');
    }
    case 'reminded-1':
      return remind(1);
    case 'reminded-2':
      return remind(2);
    case 'reminded-3':
      return remind(3);
    case 'blocked':
      await remind(1);
      return api('POST', `/api/quickbill/invoices/${invoice.id}/dunning-block`, {
        reason: 'Reklamation: Kunde prüft die verrechneten Stunden',
        until: addDays(today, 21),
      });
    default:
      return undefined;
  }
}
