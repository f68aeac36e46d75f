import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { blobs } from './blobs.js';
import { createdAt, moneyColumn, updatedAt } from './columns.js';
import { hourPackages, subscriptions } from './hours.js';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    unit: text('unit').notNull().default('Stk.'),
    unitPrice: moneyColumn('unit_price').notNull(),
    taxRate: integer('tax_rate').notNull().default(20),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('products_tax_rate_ck', sql`${t.taxRate} IN (0, 10, 13, 20)`)],
);

/** Gap-free invoice numbering: one row per year, locked while a number is taken. */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull().default('invoice'),
    invoiceNumber: text('invoice_number'),
    numberYear: integer('number_year'),
    numberSequence: integer('number_sequence'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    // Snapshot of the recipient: an issued invoice must survive its customer (§132 BAO).
    customerName: text('customer_name').notNull(),
    customerAddress: text('customer_address').notNull().default(''),
    customerEmail: text('customer_email'),
    customerUid: text('customer_uid'),
    // Structured billing address of the snapshot (PDF, EN 16931 BG-8, ebInterface).
    customerStreet: text('customer_street').notNull().default(''),
    customerPostalCode: text('customer_postal_code').notNull().default(''),
    customerCity: text('customer_city').notNull().default(''),
    customerCountry: text('customer_country').notNull().default('AT'),
    customerIsBusiness: boolean('customer_is_business').notNull().default(false),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date').notNull(),
    servicePeriodStart: date('service_period_start'),
    servicePeriodEnd: date('service_period_end'),
    status: text('status').notNull().default('draft'),
    totalNet: moneyColumn('total_net').notNull().default('0'),
    totalTax: moneyColumn('total_tax').notNull().default('0'),
    totalGross: moneyColumn('total_gross').notNull().default('0'),
    notes: text('notes'),
    // Issued in Kleinunternehmer mode (no VAT, legal note): fixed at save, settings may change later.
    smallBusiness: boolean('small_business').notNull().default(false),
    creditNoteForId: integer('credit_note_for_id').references((): any => invoices.id, { onDelete: 'restrict' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    billingMonth: text('billing_month'),
    hourPackageId: integer('hour_package_id').references(() => hourPackages.id, { onDelete: 'set null' }),
    reminderLevel: integer('reminder_level').notNull().default(0),
    /** Structured creditor reference (RF, ISO 11649), fixed when the number is taken (BT-83). */
    paymentReference: text('payment_reference'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: date('paid_at'),
    paidAmount: moneyColumn('paid_amount'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.invoiceNumber),
    uniqueIndex('invoices_year_sequence_uq').on(t.numberYear, t.numberSequence),
    uniqueIndex('invoices_payment_reference_uq').on(t.paymentReference),
    // Open invoices of a customer (Offene Posten, the lounge, reminders).
    index('invoices_open_customer_idx').on(t.customerId, t.dueDate).where(sql`${t.status} = 'sent'`),
    uniqueIndex('invoices_subscription_month_uq')
      .on(t.subscriptionId, t.billingMonth)
      .where(sql`${t.kind} = 'invoice' AND ${t.status} <> 'cancelled'`),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    // The list's order (date, id), so a page is a plain backward index range (decision 0402).
    index('invoices_date_idx').on(t.invoiceDate, t.id),
    // Revenue of the month and year (paid_at range of paid invoices), index-only.
    index('invoices_paid_idx').on(t.paidAt, t.paidAmount).where(sql`${t.status} = 'paid'`),
    index('invoices_customer_idx').on(t.customerId),
    // "verrechnet: 2026-0030" on the hour-package lists: the live invoice of a page of packages.
    index('invoices_hour_package_idx').on(t.hourPackageId).where(sql`${t.hourPackageId} IS NOT NULL`),
    // The list's search is ILIKE '%…%' on number and recipient: trigram indexes (pg_trgm,
    // migration 0012) instead of reading every invoice (decision 0401).
    index('invoices_number_trgm_idx').using('gin', t.invoiceNumber.op('gin_trgm_ops')),
    index('invoices_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    // The top bar's search finds an invoice by its amount ("119,40"): decision 0650.
    index('invoices_total_gross_idx').on(t.totalGross),
    check('invoices_kind_ck', sql`${t.kind} IN ('invoice','credit_note')`),
    check('invoices_status_ck', sql`${t.status} IN ('draft','sent','paid','cancelled')`),
    check('invoices_due_ck', sql`${t.dueDate} >= ${t.invoiceDate}`),
    check('invoices_reminder_ck', sql`${t.reminderLevel} BETWEEN 0 AND 3`),
    check('invoices_number_when_issued_ck', sql`(${t.status} = 'draft') = (${t.invoiceNumber} IS NULL)`),
  ],
);

/**
 * Number and gross total of the invoices per (kind, status), kept by row triggers on
 * `invoices` in the same transaction as the write (migration 0014, decision 0402): the
 * invoice dashboard and the unfiltered list count read these few rows instead of every
 * invoice. Derived state: not backed up; a TRUNCATE of invoices empties it.
 */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    invoices: integer('invoices').notNull().default(0),
    totalGross: numeric('total_gross', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.status] })],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull(),
    unit: text('unit').notNull(),
    unitPrice: moneyColumn('unit_price').notNull(),
    taxRate: integer('tax_rate').notNull(),
    // Why a 0 % line carries no VAT (TAX_EXEMPTIONS in the contract); null on rated lines.
    taxExemption: text('tax_exemption'),
    lineNet: moneyColumn('line_net').notNull(),
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId, t.position),
    check('invoice_items_tax_rate_ck', sql`${t.taxRate} IN (0, 10, 13, 20)`),
    check('invoice_items_exemption_ck', sql`${t.taxExemption} IS NULL OR ${t.taxRate} = 0`),
  ],
);

export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    /** The reminder letter exactly as mailed (null for reminders sent before it was kept). */
    pdfBlobId: bigint('pdf_blob_id', { mode: 'number' })
      .unique()
      .references(() => blobs.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The level's fee (Mahnspesen) and the default interest up to the letter's date, as printed. */
    fee: moneyColumn('fee').notNull().default('0'),
    interest: moneyColumn('interest').notNull().default('0'),
    /** The open amount the letter asked for and the day it asked payment by. */
    openAmount: moneyColumn('open_amount'),
    payBy: date('pay_by'),
    /** The letter's date (the Mahnlauf's day); the next level counts its days from here. */
    letterDate: date('letter_date'),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_reminders_level_uq').on(t.invoiceId, t.level),
    check('invoice_reminders_level_ck', sql`${t.level} BETWEEN 1 AND 3`),
  ],
);

/**
 * The documents of an issued invoice or credit note exactly as sent (§132 BAO), one blob
 * per kind: 'pdf' (the PDF/A-3 with its Factur-X XML) and 'xml' (that embedded XML, byte
 * for byte). Written when the number is taken; never changed afterwards.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    blobId: bigint('blob_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => blobs.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);
