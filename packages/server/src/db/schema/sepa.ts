import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { invoices } from './billing.js';
import { blobs } from './blobs.js';
import { createdAt, moneyColumn } from './columns.js';
import { payments } from './ledger.js';

/**
 * SEPA direct debit and bank statements (decisions 0600–0609). Every file that
 * leaves (pain.008) or comes in (camt) is kept in the blob store with its sha256
 * (DESIGN.md convention 16); "never twice" rules are unique indexes.
 */

/** Gläubiger-ID, collection account and pre-notification (one row). */
export const directDebitSettings = pgTable(
  'direct_debit_settings',
  {
    id: integer('id').primaryKey().default(1),
    creditorId: text('creditor_id').notNull().default(''),
    collectionIban: text('collection_iban').notNull().default(''),
    collectionBic: text('collection_bic').notNull().default(''),
    /** Calendar days between the pre-notification (the invoice) and the collection. */
    preNotificationDays: integer('pre_notification_days').notNull().default(14),
    /** "kürzere Frist vereinbart": the mandate terms allow fewer than 14 days. */
    shorterPeriodAgreed: boolean('shorter_period_agreed').notNull().default(false),
    /** pain.008.001.08 (default) or .02 for banks that still want it. */
    painVersion: text('pain_version').notNull().default('001.08'),
  },
  (t) => [
    check('direct_debit_settings_single_row_ck', sql.raw('id = 1')),
    check(
      'direct_debit_settings_days_ck',
      sql`${t.preNotificationDays} BETWEEN 1 AND 30 AND (${t.shorterPeriodAgreed} OR ${t.preNotificationDays} >= 14)`,
    ),
    check('direct_debit_settings_version_ck', sql`${t.painVersion} IN ('001.08','001.02')`),
  ],
);

/**
 * A customer's SEPA mandate. `status` is what people did (aktiv, widerrufen) or the bank
 * said (geschlossen: AC04/MD07); "abgelaufen" (36 months without a collection) follows
 * from `last_collection_on`/`signed_on` and the date, and is written back when noticed.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: serial('id').primaryKey(),
    // Kept seven years after the customer is deleted or erased (§ 132 BAO, decision 0821):
    // the mandate proves the collections made with it; only the link goes.
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    reference: text('reference').notNull(),
    signedOn: date('signed_on').notNull(),
    debtorName: text('debtor_name').notNull(),
    debtorIban: text('debtor_iban').notNull(),
    debtorBic: text('debtor_bic'),
    scheme: text('scheme').notNull().default('CORE'),
    status: text('status').notNull().default('active'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** Collection date of the latest run item on this mandate (the 36-month clock). */
    lastCollectionOn: date('last_collection_on'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sepa_mandates_reference_uq').on(sql`upper(${t.reference})`),
    // One mandate collects a customer's invoices: at most one active at a time.
    uniqueIndex('sepa_mandates_active_customer_uq').on(t.customerId).where(sql`${t.status} = 'active'`),
    index('sepa_mandates_customer_idx').on(t.customerId),
    check('sepa_mandates_scheme_ck', sql`${t.scheme} IN ('CORE','B2B')`),
    check('sepa_mandates_status_ck', sql`${t.status} IN ('active','revoked','expired','closed')`),
    check('sepa_mandates_reference_ck', sql`length(${t.reference}) BETWEEN 1 AND 35`),
  ],
);

/**
 * An invoice paid by direct debit: fixed when it is issued, so its PDF and e-invoice state
 * the pre-notification (amount, date, mandate, creditor ID, debited account) and the run
 * collects exactly what was announced.
 */
export const invoiceCollections = pgTable(
  'invoice_collections',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    mandateId: integer('mandate_id').references(() => sepaMandates.id, { onDelete: 'set null' }),
    mandateReference: text('mandate_reference').notNull(),
    /** CORE or B2B, as the mandate was when the invoice was issued. */
    scheme: text('scheme').notNull().default('CORE'),
    creditorId: text('creditor_id').notNull(),
    debtorIban: text('debtor_iban').notNull(),
    /** The collection date the invoice announces. */
    announcedOn: date('announced_on').notNull(),
    amount: moneyColumn('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_collections_mandate_idx').on(t.mandateId),
    index('invoice_collections_announced_idx').on(t.announcedOn),
  ],
);

/** A pain.008 file as written and handed to the bank ("Lastschriften"). */
export const directDebitRuns = pgTable(
  'direct_debit_runs',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    collectionDate: date('collection_date').notNull(),
    painVersion: text('pain_version').notNull(),
    /**
     * submitted (the run holds its invoices) or discarded (verworfen: never reached the bank).
     * What people read (erstellt, heruntergeladen, bei der Bank) follows from the timestamps.
     */
    status: text('status').notNull().default('submitted'),
    itemCount: integer('item_count').notNull(),
    total: moneyColumn('total').notNull(),
    blobId: bigint('blob_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => blobs.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
    /** The first time the file left the portal (decision 0722): "Heruntergeladen". */
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    downloadedBy: text('downloaded_by'),
    /** Staff confirmed the upload at the bank, or a statement showed the run: "Bei der Bank eingereicht". */
    atBankAt: timestamp('at_bank_at', { withTimezone: true }),
    atBankBy: text('at_bank_by'),
  },
  (t) => [
    uniqueIndex('direct_debit_runs_message_uq').on(t.messageId),
    index('direct_debit_runs_created_idx').on(t.createdAt),
    check('direct_debit_runs_status_ck', sql`${t.status} IN ('submitted','discarded')`),
  ],
);

/** One invoice collected in a run, with the mandate data as written into the file. */
export const directDebitItems = pgTable(
  'direct_debit_items',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => directDebitRuns.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    mandateId: integer('mandate_id').references(() => sepaMandates.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    amount: moneyColumn('amount').notNull(),
    sequenceType: text('sequence_type').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    mandateReference: text('mandate_reference').notNull(),
    debtorName: text('debtor_name').notNull(),
    debtorIban: text('debtor_iban').notNull(),
    /** submitted → collected (the statement or staff confirmed it) or returned (R-transaction); discarded with its run. */
    state: text('state').notNull().default('submitted'),
    returnReason: text('return_reason'),
    returnFee: moneyColumn('return_fee'),
    settledOn: date('settled_on'),
    /** The ledger payment booked when the statement showed the collection. */
    paymentId: integer('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('direct_debit_items_end_to_end_uq').on(t.endToEndId),
    // Never twice: an invoice is in at most one run that has not been returned or discarded.
    uniqueIndex('direct_debit_items_invoice_open_uq')
      .on(t.invoiceId)
      .where(sql`${t.state} IN ('submitted','collected')`),
    index('direct_debit_items_run_idx').on(t.runId),
    index('direct_debit_items_mandate_idx').on(t.mandateId),
    check('direct_debit_items_sequence_ck', sql`${t.sequenceType} IN ('FRST','RCUR')`),
    check('direct_debit_items_state_ck', sql`${t.state} IN ('submitted','collected','returned','discarded')`),
    check('direct_debit_items_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** An uploaded camt file, kept byte for byte; the same bytes are imported once. */
export const bankFiles = pgTable(
  'bank_files',
  {
    id: serial('id').primaryKey(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    message: text('message').notNull(),
    statementCount: integer('statement_count').notNull(),
    entryCount: integer('entry_count').notNull(),
    /** Entries this file brought that no earlier file had. */
    newEntryCount: integer('new_entry_count').notNull(),
    /** Entries left out as bookings already stored (listed in bank_file_skips). */
    skippedCount: integer('skipped_count').notNull().default(0),
    /** What staff should check (German): an account that is not the business's, a reference given twice. */
    warnings: text('warnings').array().notNull().default(sql`'{}'::text[]`),
    blobId: bigint('blob_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => blobs.id),
    importedBy: text('imported_by').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_files_sha256_uq').on(t.sha256), index('bank_files_imported_idx').on(t.importedAt)],
);

/**
 * One booked transaction of a statement (a TxDtls, or the entry itself when it has none).
 * `fingerprint` identifies it across files (the bank's reference, or its content and its
 * place among identical ones), so an overlapping statement adds nothing twice.
 */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => bankFiles.id, { onDelete: 'restrict' }),
    fingerprint: text('fingerprint').notNull(),
    accountIban: text('account_iban'),
    statementRef: text('statement_ref').notNull(),
    bookingDate: date('booking_date'),
    valueDate: date('value_date'),
    amount: moneyColumn('amount').notNull(),
    currency: text('currency').notNull(),
    direction: text('direction').notNull(),
    bankStatus: text('bank_status').notNull(),
    bankTransactionCode: text('bank_transaction_code'),
    counterpartyName: text('counterparty_name'),
    counterpartyIban: text('counterparty_iban'),
    remittance: text('remittance').notNull().default(''),
    reference: text('reference'),
    /** The bank's own reference (AcctSvcrRef of the transaction, else of the entry); null when it gave none (or before decision 0723). */
    bankReference: text('bank_reference'),
    endToEndId: text('end_to_end_id'),
    mandateReference: text('mandate_reference'),
    returnReason: text('return_reason'),
    charges: moneyColumn('charges'),
    /** credit, collection, return, debit, other (not EUR, not booked, …). */
    kind: text('kind').notNull(),
    /** matched, suggested, unassigned, ignored. */
    matchState: text('match_state').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    directDebitItemId: integer('direct_debit_item_id').references(() => directDebitItems.id, { onDelete: 'set null' }),
    /** The ledger payment this credit was booked as (at most one: the "never twice" key). */
    paymentId: integer('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** Why it matched or what the suggestion rests on (German, shown on screen). */
    matchNote: text('match_note'),
    /** Why the import could not book it (German); it stays "nicht zugeordnet" (decision 0724). */
    bookingProblem: text('booking_problem'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** When staff got this return in their daily digest (returns only). */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_entries_fingerprint_uq').on(t.fingerprint),
    index('bank_entries_state_date_idx').on(t.matchState, t.bookingDate, t.id),
    index('bank_entries_date_idx').on(t.bookingDate, t.id),
    index('bank_entries_file_idx').on(t.fileId),
    index('bank_entries_invoice_idx').on(t.invoiceId),
    // Finding the same booking in a later file compares these facts (decision 0723).
    index('bank_entries_identity_idx').on(t.bookingDate, t.amount, t.direction),
    index('bank_entries_undigested_idx').on(t.id).where(sql`${t.kind} = 'return' AND ${t.digestSentAt} IS NULL`),
    check('bank_entries_direction_ck', sql`${t.direction} IN ('CRDT','DBIT')`),
    check('bank_entries_kind_ck', sql`${t.kind} IN ('credit','collection','return','debit','other')`),
    check('bank_entries_match_ck', sql`${t.matchState} IN ('matched','suggested','unassigned','ignored')`),
  ],
);

/**
 * A booking of a file that was left out because it is one already stored (decision 0723):
 * which stored entry it is, why, and where in the file it stood. Shown with the file's
 * summary, so nothing is skipped without a word.
 */
export const bankFileSkips = pgTable(
  'bank_file_skips',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => bankFiles.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => bankEntries.id, { onDelete: 'restrict' }),
    /** Line of the booking (Ntry) in the file. */
    line: integer('line').notNull(),
    /** reference: same bank reference, account, amount, direction and day; facts: every fact the same, one of them without a reference. */
    reason: text('reason').notNull(),
  },
  (t) => [
    index('bank_file_skips_file_idx').on(t.fileId),
    index('bank_file_skips_entry_idx').on(t.entryId),
    check('bank_file_skips_reason_ck', sql`${t.reason} IN ('reference','facts')`),
  ],
);
