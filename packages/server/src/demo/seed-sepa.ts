import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { admins, customers, invoiceCollections, invoices, subscriptions } from '../db/schema/index.js';
import { addDays } from '../domain/calendar.js';
import { toHundredths } from '../domain/decimal.js';
import { camt053 } from '../modules/bank-import/camt/camt-writer.js';
import { demoCaller, endDemoSessions } from './demo-api.js';

/**
 * SEPA in `npm run demo` (decisions 0600–0609): the direct-debit settings, four customers whose
 * ButlerPaket is paid by Lastschrift with their mandates and invoices, a stored run of
 * three of them, and an imported statement with a matched, a suggested and an unassigned
 * credit and a bank fee. Through the portal's own API, like the other documents (0420).
 */
const MANDATE_IBANS = ['AT483200000012345864', 'AT022050303300646365', 'AT026000000001349870', 'AT791400000012345678'];

export async function seedDemoSepa(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const [admin] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const api = await demoCaller(app, db, { userType: 'admin', id: admin.id });
  try {
    const provider = await api<{ iban: string; bic: string }>('GET', '/api/quickbill/settings');
    await api('PUT', '/api/direct-debit/settings', {
      creditor_id: 'AT88ZZZ00000000001',
      collection_iban: provider.iban,
      collection_bic: provider.bic,
      pre_notification_days: 14,
      shorter_period_agreed: false,
      pain_version: '001.08',
    });

    // Four customers with a running ButlerPaket switch to Lastschrift.
    const running = await db
      .select({ subscription: subscriptions, customer: customers })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(
        and(
          eq(subscriptions.isActive, true),
          sql`${subscriptions.startDate} <= ${today}::date AND ${subscriptions.endDate} >= ${today}::date`,
          isNotNull(subscriptions.templateId),
        ),
      )
      .orderBy(asc(customers.id))
      .limit(4);
    const debited: number[] = [];
    for (const [i, { subscription, customer }] of running.entries()) {
      await api('POST', `/api/customers/${customer.id}/mandates`, {
        signed_on: addDays(today, -40 - i * 9),
        debtor_name: `${customer.firstName} ${customer.lastName}`,
        debtor_iban: MANDATE_IBANS[i],
        scheme: 'CORE',
      });
      await api('PUT', `/api/subscriptions/${subscription.id}`, {
        template_id: subscription.templateId,
        monthly_hours: Number(subscription.monthlyHours),
        start_date: subscription.startDate,
        payment_method: 'lastschrift',
      });
      // This month's ButlerPaket invoice, the Monatslauf's draft, sent today: announced for the
      // coming days. No second invoice of the same month, numbers in date order (decision 0775).
      const [draft] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.subscriptionId, subscription.id),
            eq(invoices.status, 'draft'),
            eq(invoices.billingMonth, today.slice(0, 7)),
          ),
        )
        .limit(1);
      if (!draft) continue;
      await api('POST', `/api/quickbill/invoices/${draft.id}/send`, {});
      debited.push(draft.id);
    }

    // A run for three of them, on the first day all three may be collected.
    const announced = await db
      .select({ invoiceId: invoiceCollections.invoiceId, on: invoiceCollections.announcedOn })
      .from(invoiceCollections)
      .where(inArray(invoiceCollections.invoiceId, debited.slice(0, 3)));
    const due = await api<{ earliest_date: string }>('GET', '/api/direct-debit/due');
    const date = [due.earliest_date, ...announced.map((a) => a.on)].sort().at(-1)!;
    if (announced.length > 0) {
      await api('POST', '/api/direct-debit/runs', {
        collection_date: date,
        invoice_ids: announced.map((a) => a.invoiceId),
      });
    }

    // Today's statement: one credit that fits exactly, one partial payment, one stranger, a fee.
    const open = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'sent'),
          eq(invoices.kind, 'invoice'),
          isNotNull(invoices.paymentReference),
          notInArray(invoices.id, debited.length ? debited : [0]),
          // Untouched invoices only: the partly paid one stays "Teilweise bezahlt" (decision 0775).
          sql`coalesce(${invoices.paidAmount}, 0) = 0`,
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(2);
    const cents = (value: string | null) => toHundredths(value ?? '0');
    const lastName = async (customerId: number | null) =>
      customerId
        ? (
            await db
              .select({ last: customers.lastName, first: customers.firstName })
              .from(customers)
              .where(eq(customers.id, customerId))
          )[0]
        : null;
    const entries: Parameters<typeof camt053>[1][number] = [];
    if (open[0]) {
      const payer = await lastName(open[0].customerId);
      entries.push({
        direction: 'CRDT',
        date: today,
        bankRef: `DEMO-${randomBytes(4).toString('hex')}`,
        txs: [
          {
            cents: cents(open[0].totalGross) - cents(open[0].paidAmount),
            name: `${payer?.last} ${payer?.first}`.toUpperCase(),
            iban: 'AT051100000123456789',
            reference: open[0].paymentReference!,
            text: `Rechnung ${open[0].invoiceNumber}`,
          },
        ],
      });
    }
    if (open[1]) {
      const payer = await lastName(open[1].customerId);
      entries.push({
        direction: 'CRDT',
        date: today,
        bankRef: `DEMO-${randomBytes(4).toString('hex')}`,
        txs: [
          {
            cents: 5000n,
            name: `${payer?.first} ${payer?.last}`,
            iban: 'AT781200000987654321',
            text: `Teilzahlung Rechnung ${open[1].invoiceNumber}, Rest folgt`,
          },
        ],
      });
    }
    entries.push(
      {
        direction: 'CRDT',
        date: today,
        bankRef: `DEMO-${randomBytes(4).toString('hex')}`,
        txs: [
          {
            cents: 12000n,
            name: 'Hausverwaltung Leitner GmbH',
            iban: 'AT421200000111222333',
            text: 'Rueckerstattung Betriebskosten 2025',
          },
        ],
      },
      {
        direction: 'DBIT',
        date: today,
        bankRef: `DEMO-${randomBytes(4).toString('hex')}`,
        code: ['ACMT', 'MDOP', 'CHRG'],
        txs: [{ cents: 1290n, name: 'Bank Austria', text: 'Kontofuehrung November' }],
      },
    );
    // The statement of the business's own account, as the import checks (decision 0723).
    const xml = camt053(`DEMO-${today.replace(/-/g, '')}`, [entries], provider.iban.replace(/\s+/g, ''));
    const boundary = `----demo${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Kontoauszug-${today}.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      Buffer.from(xml),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await api('POST', '/api/bank-import/files', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    return `Demo-SEPA angelegt: ${running.length} Lastschrift-Mandate, ein eingereichter Lastschrift-Lauf, ein importierter Kontoauszug (zugeordnet, Vorschlag, nicht zugeordnet)`;
  } finally {
    await endDemoSessions(db);
  }
}
