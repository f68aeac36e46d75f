import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { blobs } from './blobs.js';
import { createdAt } from './columns.js';

/**
 * Einstellungen → Buchhaltung (decision 0820): the adviser's chart for the BMD and DATEV
 * booking files. Account numbers are kept as text (an adviser's numbers may carry leading
 * zeros); the defaults follow the Austrian Einheitskontenrahmen as an adviser expects it.
 */
export const accountingSettings = pgTable(
  'accounting_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Revenue accounts per VAT rate, and for Kleinunternehmer invoices (no VAT). */
    revenueAccount20: text('revenue_account_20').notNull().default('4000'),
    revenueAccount13: text('revenue_account_13').notNull().default('4013'),
    revenueAccount10: text('revenue_account_10').notNull().default('4010'),
    revenueAccount0: text('revenue_account_0').notNull().default('4020'),
    smallBusinessRevenueAccount: text('small_business_revenue_account').notNull().default('4030'),
    /** 'collective': every invoice on `receivablesAccount`; 'per_customer': start + customer id. */
    receivablesMode: text('receivables_mode').notNull().default('collective'),
    receivablesAccount: text('receivables_account').notNull().default('2000'),
    customerAccountStart: integer('customer_account_start').notNull().default(200000),
    customerAccountEnd: integer('customer_account_end').notNull().default(299999),
    bankAccount: text('bank_account').notNull().default('2800'),
    cashAccount: text('cash_account').notNull().default('2700'),
    reminderFeeAccount: text('reminder_fee_account').notNull().default('4880'),
    interestAccount: text('interest_account').notNull().default('8100'),
    /** 1 = Jänner; the month the fiscal year begins (DATEV's "WJ-Beginn", the year of a period). */
    fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
    /** DATEV's Beraternummer and Mandantennummer (header fields 11 and 12); BMD needs neither. */
    datevConsultantNumber: integer('datev_consultant_number'),
    datevClientNumber: integer('datev_client_number'),
    /** DATEV's Sachkontenlänge (header field 14). */
    datevAccountLength: integer('datev_account_length').notNull().default(4),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    check('accounting_settings_single_row_ck', sql.raw('id = 1')),
    check('accounting_settings_receivables_mode_ck', sql`${t.receivablesMode} IN ('collective', 'per_customer')`),
    check('accounting_settings_fiscal_start_ck', sql`${t.fiscalYearStartMonth} BETWEEN 1 AND 12`),
    check('accounting_settings_account_length_ck', sql`${t.datevAccountLength} BETWEEN 4 AND 8`),
    check('accounting_settings_customer_range_ck', sql`${t.customerAccountStart} < ${t.customerAccountEnd}`),
  ],
);

/**
 * Festschreibung (decision 0821): a month is closed while its row has no `reopened_at`.
 * Nothing dated in a closed month changes (the database refuses it, see the migration's
 * triggers); only the Inhaber reopens one, with a reason, and the next export of it is
 * marked as a correction.
 */
export const closedMonths = pgTable(
  'closed_months',
  {
    /** `YYYY-MM`. */
    month: text('month').primaryKey(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: text('closed_by').notNull(),
    /** The export that closed it, when closing came with one. */
    exportId: integer('export_id').references((): any => accountingExports.id),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: text('reopened_by'),
    reopenReason: text('reopen_reason'),
    /** Set on reopening, cleared by the next export of the month (which is then a correction). */
    needsCorrectionExport: boolean('needs_correction_export').notNull().default(false),
  },
  (t) => [
    check('closed_months_month_ck', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'closed_months_reopen_ck',
      sql`(${t.reopenedAt} IS NULL) = (${t.reopenedBy} IS NULL) AND (${t.reopenedAt} IS NULL) = (${t.reopenReason} IS NULL)`,
    ),
  ],
);

/**
 * Every handover kept byte for byte (decision 0820): the ZIP with the booking files, the
 * period's PDFs and e-invoices, an index and a SHA-256 manifest.
 */
export const accountingExports = pgTable(
  'accounting_exports',
  {
    id: serial('id').primaryKey(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    /** 'month' | 'quarter' | 'year'. */
    periodKind: text('period_kind').notNull(),
    blobId: bigint('blob_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => blobs.id),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The manifest inside the ZIP (path → SHA-256), for `npm run archive:verify`. */
    manifest: text('manifest').notNull(),
    isCorrection: boolean('is_correction').notNull().default(false),
    closedPeriod: boolean('closed_period').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('accounting_exports_kind_ck', sql`${t.periodKind} IN ('month', 'quarter', 'year')`),
    check('accounting_exports_period_ck', sql`${t.periodStart} <= ${t.periodEnd}`),
    index('accounting_exports_period_idx').on(t.periodStart, t.createdAt),
  ],
);
