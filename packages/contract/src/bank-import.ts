import { z } from 'zod';
import { zDate } from './common.js';
import { MAX_PAGE_SIZE, zSearchParam } from './list-query.js';
import { zMoney } from './quickbill.js';

/** Bank statements in: camt files, their bookings, matching (decisions 0606–0609). */

export const MATCH_STATE_LABELS = {
  matched: 'zugeordnet',
  suggested: 'Vorschlag',
  unassigned: 'nicht zugeordnet',
  ignored: 'nicht relevant',
} as const;
export type MatchState = keyof typeof MATCH_STATE_LABELS;

export const ENTRY_KIND_LABELS = {
  credit: 'Gutschrift',
  collection: 'Lastschrift-Einzug',
  return: 'Rücklastschrift',
  debit: 'Abbuchung',
  other: 'Sonstiges',
} as const;
export type EntryKind = keyof typeof ENTRY_KIND_LABELS;

export const zImportSummary = z.object({
  file_id: z.number(),
  /** The same file was imported before: nothing changed. */
  duplicate: z.boolean(),
  message: z.string(),
  statements: z.number(),
  entries: z.number(),
  new_entries: z.number(),
  matched: z.number(),
  suggested: z.number(),
  unassigned: z.number(),
  returns: z.number(),
  /** Bookings left out because they are ones already stored, each with the reason (decision 0723). */
  skipped: z.array(
    z.object({
      booking_date: z.string().nullable(),
      /** Positive for money in, negative for money out. */
      amount: z.number(),
      counterparty_name: z.string().nullable(),
      /** German: which stored booking it is and why. */
      reason: z.string(),
    }),
  ),
  /** Bookings kept as "nicht zugeordnet" because they could not be booked, with the reason (decision 0724). */
  not_booked: z.array(
    z.object({
      entry_id: z.number(),
      booking_date: z.string().nullable(),
      amount: z.number(),
      counterparty_name: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  /** What staff should check (German): a statement of an account that is not the business's, a reference given twice. */
  warnings: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof zImportSummary>;

export const zBankFile = z.object({
  id: z.number(),
  file_name: z.string(),
  message: z.string(),
  sha256: z.string(),
  statements: z.number(),
  entries: z.number(),
  new_entries: z.number(),
  /** Bookings left out as already stored (details: the file's summary). */
  skipped: z.number(),
  warnings: z.number(),
  imported_by: z.string(),
  imported_at: z.string(),
});
export const zBankFilePage = z.object({ items: z.array(zBankFile), total: z.number() });

export const zBankEntry = z.object({
  id: z.number(),
  file_id: z.number(),
  booking_date: z.string().nullable(),
  /** Positive for money in, negative for money out. */
  amount: z.number(),
  currency: z.string(),
  counterparty_name: z.string().nullable(),
  counterparty_iban: z.string().nullable(),
  remittance: z.string(),
  reference: z.string().nullable(),
  kind: z.enum(['credit', 'collection', 'return', 'debit', 'other']),
  match_state: z.enum(['matched', 'suggested', 'unassigned', 'ignored']),
  invoice_id: z.number().nullable(),
  invoice_number: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  note: z.string().nullable(),
  return_reason: z.string().nullable(),
  charges: z.number().nullable(),
  resolved_by: z.string().nullable(),
  /**
   * A suggestion as it stands now (decision 0726): what confirming would book beyond what the
   * invoice still has open and so make the customer's credit (Guthaben), or null.
   */
  credit_on_confirm: z.number().nullable(),
});
export type BankEntry = z.infer<typeof zBankEntry>;

export const zBankEntryQuery = z.object({
  state: z.enum(['all', 'matched', 'suggested', 'unassigned', 'ignored']).default('all'),
  kind: z.enum(['all', 'credit', 'collection', 'return', 'debit', 'other']).default('all'),
  search: zSearchParam,
  from: zDate.optional(),
  to: zDate.optional(),
  file_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  customer_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export type BankEntryQuery = z.input<typeof zBankEntryQuery>;

export const zBankEntryPage = z.object({
  items: z.array(zBankEntry),
  total: z.number(),
  /** Bookings per state over the whole filter except the state itself (for the tabs). */
  counts: z.object({ matched: z.number(), suggested: z.number(), unassigned: z.number(), ignored: z.number() }),
});
export type BankEntryPage = z.infer<typeof zBankEntryPage>;

/**
 * The credit staff agreed to when a booking pays more than is open (decision 0726): the
 * server books only if it is exactly what would arise now (0: none).
 */
const zAcceptedCredit = zMoney.refine((v) => v >= 0, 'Das Guthaben darf nicht negativ sein').default(0);

/** A confirm without a body accepts no credit. */
export const zConfirmInput = z.object({ accept_credit: zAcceptedCredit });

export const zAssignInput = z.object({
  accept_credit: zAcceptedCredit,
  invoice_id: z.coerce
    .number({ error: 'Bitte wählen Sie eine Rechnung aus' })
    .int('Bitte wählen Sie eine Rechnung aus')
    .positive('Bitte wählen Sie eine Rechnung aus')
    .max(2_147_483_647, 'Bitte wählen Sie eine Rechnung aus'),
});
export const zIgnoreInput = z.object({
  note: z.string().trim().min(1, 'Bitte geben Sie einen Grund an').max(500, 'Höchstens 500 Zeichen'),
});

/** Open invoices staff can assign a booking to (search by number or customer). */
export const zAssignableInvoice = z.object({
  id: z.number(),
  invoice_number: z.string(),
  customer_name: z.string(),
  open_amount: z.number(),
  due_date: z.string(),
});
export const zAssignableQuery = z.object({ search: zSearchParam });
