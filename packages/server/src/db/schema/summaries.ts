import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (never wraps around); read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Derived state kept by triggers in the same transaction as the write that changes it
 * (migration 0015, decision 0560). Never backed up; the restore's writes rebuild it.
 * `npm run db:verify-summaries` recomputes all of it from the ledger and compares.
 */

/** Sums of hundredths stay exact: numeric(14,2) holds any realistic customer's history. */
const hoursSum = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * One row per customer, kind and calendar month (`month` = its first day):
 * - `abos`: a row for every month that names a period of an active ButlerPaket
 *   (DOMAIN-RULES §4): `allotted` the monthly hours of those periods, `used` their used
 *   hours, `carried` the balance of the same subscriptions' earlier periods.
 * - `stundenpakete`: a row for every month with a purchase or a booking: `allotted` the
 *   hours bought in it, `used` the hours booked in it, `carried` the balance before it.
 *   Months without a movement have no row: their figures are the previous row's closing
 *   balance (carried + allotted − used).
 */
export const hourMonthSummaries = pgTable(
  'hour_month_summaries',
  {
    customerId: integer('customer_id').notNull(),
    kind: text('kind').notNull(),
    month: date('month').notNull(),
    allotted: hoursSum('allotted').notNull(),
    carried: hoursSum('carried').notNull(),
    used: hoursSum('used').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.kind, t.month] }),
    // A month of all customers (stats, monthly view) as one index-only range.
    index('hour_month_summaries_month_idx').on(t.kind, t.month, t.customerId, t.allotted, t.carried, t.used),
    check('hour_month_summaries_kind_ck', sql`${t.kind} IN ('abos','stundenpakete')`),
  ],
);

/** The same per calendar year (sold hours of a year = Σ allotted): `carried` is the balance at 1 January. */
export const hourYearSummaries = pgTable(
  'hour_year_summaries',
  {
    customerId: integer('customer_id').notNull(),
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    allotted: hoursSum('allotted').notNull(),
    carried: hoursSum('carried').notNull(),
    used: hoursSum('used').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.kind, t.year] }),
    index('hour_year_summaries_year_idx').on(t.kind, t.year, t.customerId, t.allotted, t.carried, t.used),
    check('hour_year_summaries_kind_ck', sql`${t.kind} IN ('abos','stundenpakete')`),
  ],
);

/**
 * Per customer with hour packages: all hours bought and booked, first and last month with a
 * movement, and the newest package (the low-balance rule compares with its hours).
 */
export const hourPackageTotals = pgTable(
  'hour_package_totals',
  {
    customerId: integer('customer_id').primaryKey(),
    purchased: hoursSum('purchased').notNull(),
    used: hoursSum('used').notNull(),
    firstMonth: date('first_month').notNull(),
    lastMonth: date('last_month').notNull(),
    newestPackageId: integer('newest_package_id'),
    newestPackageHours: numeric('newest_package_hours', { precision: 8, scale: 2 }),
  },
  (t) => [index('hour_package_totals_last_month_idx').on(t.lastMonth)],
);

/**
 * The months in which a customer's package total (bought up to the month's end − used
 * before it) is above 0, as spans (`to_month` null: open-ended). The monthly view lists a
 * customer in a month a span covers, without looking for the last movement before it.
 */
export const hourPackageSpans = pgTable(
  'hour_package_spans',
  {
    customerId: integer('customer_id').notNull(),
    fromMonth: date('from_month').notNull(),
    toMonth: date('to_month'),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.fromMonth] }), index('hour_package_spans_from_idx').on(t.fromMonth)],
);

/**
 * What each customer's cached answers (lounge dashboard, subscription, QR code) depend on,
 * as a counter per customer, bumped by statement triggers on every write that changes
 * them (decision 0560); row 0 counts the settings every customer's answers read (referral,
 * provider and balance-alert settings). A customer's answers are valid while row 0 + their
 * row are unchanged: both only grow, so an unchanged sum means neither moved.
 */
export const customerDataVersions = pgTable(
  'customer_data_versions',
  {
    customerId: integer('customer_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * The transaction that bumped the version last (migration 0034): a reader that keeps a
     * list over all customers asks only for the rows changed by transactions that were still
     * running when it last read (decision 0813), instead of computing every customer again.
     */
    changedXid: xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    check('customer_data_versions_id_ck', sql`${t.customerId} >= 0`),
    index('customer_data_versions_changed_idx').on(t.changedXid),
  ],
);
