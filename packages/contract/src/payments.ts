import { z } from 'zod';
import { zDate, zId, zOptionalText, zRequiredText } from './common.js';
import { zMoney } from './quickbill.js';

/** The payment ledger (decision 0580): payments, credit, refunds, Offene Posten. */

export const PAYMENT_METHODS = ['ueberweisung', 'lastschrift', 'bar', 'karte', 'sonstige'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ueberweisung: 'Überweisung',
  lastschrift: 'Lastschrift',
  bar: 'bar',
  karte: 'Karte',
  sonstige: 'sonstige',
};

export const PAYMENT_SOURCES = ['manual', 'bank_import', 'direct_debit', 'system'] as const;
export const PAYMENT_SOURCE_LABELS: Record<(typeof PAYMENT_SOURCES)[number], string> = {
  manual: 'manuell erfasst',
  bank_import: 'Kontoauszug',
  direct_debit: 'Lastschrift-Einzug',
  system: 'übernommen',
};

export const PAYMENT_KINDS = ['payment', 'credit_applied', 'refund', 'reversal'] as const;
export const PAYMENT_KIND_LABELS: Record<(typeof PAYMENT_KINDS)[number], string> = {
  payment: 'Zahlung',
  credit_applied: 'Guthaben verrechnet',
  refund: 'Guthaben erstattet',
  reversal: 'Storno einer Buchung',
};

/** Derived payment state of an issued invoice. */
export const PAYMENT_STATES = ['open', 'partially_paid', 'paid'] as const;
export const PAYMENT_STATE_LABELS: Record<(typeof PAYMENT_STATES)[number], string> = {
  open: 'Offen',
  partially_paid: 'Teilweise bezahlt',
  paid: 'Bezahlt',
};

const zPositiveMoney = zMoney.refine((v) => v > 0, 'Der Betrag muss größer als 0 sein');
const zMethod = z.enum(PAYMENT_METHODS, { error: 'Bitte wählen Sie eine Zahlungsart' });

export const zRecordPaymentInput = z.object({
  payment_date: zDate,
  amount: zPositiveMoney,
  method: zMethod,
  reference: zOptionalText(140),
  note: zOptionalText(500),
});
export type RecordPaymentInput = z.infer<typeof zRecordPaymentInput>;

export const zReversePaymentInput = z.object({
  reason: zRequiredText('Bitte geben Sie einen Grund an', 500),
});

export const zApplyCreditInput = z.object({
  invoice_id: zId,
  amount: zPositiveMoney,
});

export const zRefundCreditInput = z.object({
  payment_date: zDate,
  amount: zPositiveMoney,
  method: zMethod,
  reference: zOptionalText(140),
  note: zOptionalText(500),
});

export const zLedgerEntry = z.object({
  id: z.number(),
  kind: z.enum(PAYMENT_KINDS),
  invoice_id: z.number().nullable(),
  invoice_number: z.string().nullable(),
  reverses_id: z.number().nullable(),
  payment_date: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  source: z.enum(PAYMENT_SOURCES),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  fee: z.number().nullable(),
  /** Reversed later (removed, returned): no longer counts. */
  reversed: z.boolean(),
  reversal_reason: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  /**
   * The closed month (`2026-11`) the entry's date lies in, null while that month is open:
   * such an entry cannot be removed until the Inhaber reopens the month (decision 0821).
   */
  closed_month: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof zLedgerEntry>;

/** What an invoice's ledger says: received, open, the customer's credit. */
export const zInvoicePayments = z.object({
  invoice_id: z.number(),
  total_gross: z.number(),
  received: z.number(),
  open_amount: z.number(),
  payment_state: z.enum(PAYMENT_STATES),
  customer_credit: z.number(),
  entries: z.array(zLedgerEntry),
});
export type InvoicePayments = z.infer<typeof zInvoicePayments>;

export const zCustomerAccount = z.object({
  customer_id: z.number(),
  open_amount: z.number(),
  overdue_amount: z.number(),
  open_invoices: z.number(),
  credit: z.number(),
  /** Open invoices the credit could settle (oldest first). */
  invoices_for_credit: z.array(
    z.object({ id: z.number(), invoice_number: z.string(), due_date: z.string(), open_amount: z.number() }),
  ),
  entries: z.array(zLedgerEntry),
});
export type CustomerAccount = z.infer<typeof zCustomerAccount>;

export const AGEING_BUCKETS = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  not_due: 'nicht fällig',
  days_1_30: '1–30 Tage',
  days_31_60: '31–60 Tage',
  days_61_90: '61–90 Tage',
  days_over_90: 'über 90 Tage',
};

const zBuckets = z.object(
  Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.number()])) as Record<AgeingBucket, z.ZodNumber>,
);

export const zOpenItemsQuery = z.object({
  search: z.string().trim().max(100, 'Höchstens 100 Zeichen').optional(),
  page: z.coerce.number().int().min(1, 'Mindestens 1').default(1),
  page_size: z.coerce.number().int().min(1, 'Mindestens 1').max(100, 'Höchstens 100').default(25),
});

export const zOpenItems = z.object({
  totals: zBuckets.extend({ total: z.number(), customers: z.number(), invoices: z.number() }),
  customers: z.array(
    zBuckets.extend({
      customer_id: z.number().nullable(),
      customer_name: z.string(),
      total: z.number(),
      invoices: z.array(
        z.object({
          id: z.number(),
          invoice_number: z.string(),
          invoice_date: z.string(),
          due_date: z.string(),
          total_gross: z.number(),
          open_amount: z.number(),
          days_overdue: z.number(),
          bucket: z.enum(AGEING_BUCKETS),
          reminder_level: z.number(),
        }),
      ),
    }),
  ),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type OpenItems = z.infer<typeof zOpenItems>;
