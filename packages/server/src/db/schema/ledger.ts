import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { invoices } from './billing.js';
import { createdAt, moneyColumn } from './columns.js';
import { subscriptions } from './hours.js';

/**
 * The payment ledger (DESIGN.md convention 16, decision 0580): append-only entries, never
 * updated or deleted (triggers refuse it, migration 0015). An invoice's received amount,
 * open amount and status and a customer's credit are derived from these rows.
 *
 * - `payment`: money received for `invoice_id` (any method and source).
 * - `credit_applied`: the customer's credit (Guthaben) settles part of `invoice_id`.
 * - `refund`: the customer's credit paid back to them (no invoice).
 * - `reversal`: undoes the entry `reverses_id` (a removed payment, a bank return with its
 *   `reason` and `fee`, a wrongly applied credit); at most one per entry.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    reversesId: integer('reverses_id').references((): any => payments.id, { onDelete: 'restrict' }),
    paymentDate: date('payment_date').notNull(),
    amount: moneyColumn('amount').notNull(),
    /** ueberweisung, lastschrift, bar, karte, sonstige (null on credit applications and reversals). */
    method: text('method'),
    /** manual, bank_import, direct_debit, system: where the entry came from. */
    source: text('source').notNull().default('manual'),
    reference: text('reference'),
    note: text('note'),
    /** Why a reversal happened (removed by staff, bank return code …). */
    reason: text('reason'),
    /** A bank's return fee charged with a reversal (decision 0609); not part of the invoice. */
    fee: moneyColumn('fee'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_reverses_uq').on(t.reversesId),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_customer_idx').on(t.customerId),
    // Revenue by payment date (Ist-Besteuerung): an index range of the day's money movements.
    index('payments_date_idx').on(t.paymentDate, t.kind, t.amount),
    check('payments_kind_ck', sql`${t.kind} IN ('payment','credit_applied','refund','reversal')`),
    check('payments_amount_ck', sql`${t.amount} > 0`),
    check('payments_fee_ck', sql`${t.fee} IS NULL OR ${t.fee} >= 0`),
    check(
      'payments_method_ck',
      sql`${t.method} IS NULL OR ${t.method} IN ('ueberweisung','lastschrift','bar','karte','sonstige')`,
    ),
    check('payments_source_ck', sql`${t.source} IN ('manual','bank_import','direct_debit','system')`),
    check(
      'payments_shape_ck',
      sql`CASE ${t.kind}
        WHEN 'payment' THEN ${t.invoiceId} IS NOT NULL AND ${t.reversesId} IS NULL AND ${t.method} IS NOT NULL
        WHEN 'credit_applied' THEN ${t.invoiceId} IS NOT NULL AND ${t.reversesId} IS NULL
        WHEN 'refund' THEN ${t.invoiceId} IS NULL AND ${t.reversesId} IS NULL AND ${t.method} IS NOT NULL
        ELSE ${t.reversesId} IS NOT NULL END`,
    ),
  ],
);

/**
 * Which months of a ButlerPaket are billed or skipped: one row per subscription and
 * period month (`YYYY-MM` of the period's first day), so a month is billed once whether
 * the daily job, the manual run or another process gets there first (decision 0581).
 * A cancelled invoice's months become 'released': the manual run may bill them again, the
 * daily job never does.
 */
export const subscriptionBillingMonths = pgTable(
  'subscription_billing_months',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    state: text('state').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_billing_months_pk').on(t.subscriptionId, t.month),
    index('subscription_billing_months_invoice_idx').on(t.invoiceId),
    check('subscription_billing_months_state_ck', sql`${t.state} IN ('invoiced','skipped','released')`),
    check('subscription_billing_months_month_ck', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

/** The three reminder levels (1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung) and their terms. */
export const reminderLevels = pgTable(
  'reminder_levels',
  {
    level: integer('level').primaryKey(),
    /** Days after the due date (level 1) or after the previous level was sent. */
    days: integer('days').notNull(),
    fee: moneyColumn('fee').notNull().default('0'),
    text: text('text').notNull(),
  },
  (t) => [
    check('reminder_levels_level_ck', sql`${t.level} BETWEEN 1 AND 3`),
    check('reminder_levels_days_ck', sql`${t.days} BETWEEN 1 AND 365`),
    check('reminder_levels_fee_ck', sql`${t.fee} >= 0 AND ${t.fee} <= 1000`),
  ],
);

/** Mahnsperre: no reminders for one invoice or all of a customer's invoices until a date. */
export const dunningBlocks = pgTable(
  'dunning_blocks',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Last day of the block (inclusive). */
    until: date('until').notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('dunning_blocks_invoice_idx').on(t.invoiceId),
    index('dunning_blocks_customer_idx').on(t.customerId),
    check('dunning_blocks_target_ck', sql`(${t.invoiceId} IS NULL) <> (${t.customerId} IS NULL)`),
  ],
);

/** Billing automation settings (one row): subscription invoices, reminders, default interest. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** 'draft': the daily job creates drafts for review; 'send': it issues and mails them. */
    subscriptionInvoiceMode: text('subscription_invoice_mode').notNull().default('draft'),
    automaticReminders: boolean('automatic_reminders').notNull().default(false),
    defaultInterest: boolean('default_interest').notNull().default(false),
    /** OeNB base rate (Basiszinssatz) in percent and the date it applies from. */
    baseRate: numeric('base_rate', { precision: 6, scale: 3 }).notNull().default('1.530'),
    baseRateSince: date('base_rate_since').notNull().default('2026-01-01'),
    /** Days before a ButlerPaket ends when staff are told (and automatic renewal happens). */
    renewalNoticeDays: integer('renewal_notice_days').notNull().default(30),
  },
  (t) => [
    check('billing_settings_single_row_ck', sql.raw('id = 1')),
    check('billing_settings_mode_ck', sql`${t.subscriptionInvoiceMode} IN ('draft','send')`),
    check('billing_settings_rate_ck', sql`${t.baseRate} BETWEEN -10 AND 30`),
    check('billing_settings_notice_ck', sql`${t.renewalNoticeDays} BETWEEN 1 AND 180`),
  ],
);
