import { z } from 'zod';
import { zId } from './common.js';
import { zPageQuery } from './list-query.js';

/** "Meine Rechnungen" in the lounge (decision 0587): issued invoices and Stornorechnungen, never drafts. */

export const CUSTOMER_INVOICE_STATES = [
  'open',
  'overdue',
  'partially_paid',
  'paid',
  'cancelled',
  'credit_note',
] as const;
export type CustomerInvoiceState = (typeof CUSTOMER_INVOICE_STATES)[number];

export const zCustomerInvoiceParams = z.object({ id: zId, invoiceId: zId });

/** Ten a page: a phone shows them without scrolling far. */
export const CUSTOMER_INVOICE_PAGE_SIZE = 10;
export const zCustomerInvoiceQuery = zPageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(50).default(CUSTOMER_INVOICE_PAGE_SIZE),
});

export const zCustomerInvoice = z.object({
  id: z.number(),
  kind: z.enum(['invoice', 'credit_note']),
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string(),
  total_gross: z.number(),
  /** What is still to pay (0 when paid, cancelled or a Stornorechnung). */
  open_amount: z.number(),
  state: z.enum(CUSTOMER_INVOICE_STATES),
  /** Past its due date with something still open (also when partly paid). */
  is_overdue: z.boolean(),
  /** For a Stornorechnung: the number of the invoice it cancels. */
  credit_note_for_number: z.string().nullable(),
  /** Paid by SEPA-Lastschrift (decision 0602): when and from which account, until a return. */
  direct_debit: z.object({ collection_date: z.string(), account: z.string() }).nullable(),
  /** The latest reminder sent for it ("Zahlungserinnerung", "1. Mahnung" …) while something is open, with its deadline. */
  last_reminder: z.object({ label: z.string(), sent_on: z.string(), pay_by: z.string().nullable() }).nullable(),
});
export type CustomerInvoice = z.infer<typeof zCustomerInvoice>;

/** How to pay an open invoice: bank details, amount, RF reference and the EPC ("Zahlen mit Code") QR code. */
export const zInvoicePaymentDetails = z.object({
  invoice_number: z.string(),
  recipient: z.string(),
  /** In groups of four, as printed. */
  iban: z.string(),
  bic: z.string().nullable(),
  amount: z.number(),
  /** "RF24 2026 0030" */
  reference: z.string().nullable(),
  /** PNG as a data URL; null when the amount or the bank details do not allow a code. */
  qr_code: z.string().nullable(),
});
export type InvoicePaymentDetails = z.infer<typeof zInvoicePaymentDetails>;
