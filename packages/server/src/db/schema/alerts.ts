import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { createdAt, hoursColumn, percentColumn } from './columns.js';

/** Einstellungen → Guthaben-Hinweise: when a balance counts as low and who is told (one row). */
export const balanceAlertSettings = pgTable(
  'balance_alert_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** ButlerPaket: low once this share of the current period's hours is used. */
    butlerUsedPercent: percentColumn('butler_used_percent').notNull().default('80'),
    /** Stundenpakete: low once at most this many hours are left … */
    packageRemainingHours: hoursColumn('package_remaining_hours').notNull().default('2'),
    /** … or at most this share of the newest package's hours (0 = only the hours rule). */
    packageRemainingPercent: percentColumn('package_remaining_percent').notNull().default('20'),
    notifyCustomers: boolean('notify_customers').notNull().default(true),
    notifyStaff: boolean('notify_staff').notNull().default(true),
  },
  (t) => [
    check('balance_alert_settings_single_row_ck', sql.raw('id = 1')),
    check('balance_alert_settings_butler_ck', sql`${t.butlerUsedPercent} > 0 AND ${t.butlerUsedPercent} <= 100`),
    check(
      'balance_alert_settings_package_ck',
      sql`${t.packageRemainingHours} >= 0 AND ${t.packageRemainingPercent} BETWEEN 0 AND 100`,
    ),
  ],
);

export const BALANCE_ALERT_KINDS = ['butler', 'package'] as const;

/**
 * One row per threshold crossing: per customer, a ButlerPaket period (`scope` =
 * `sub:<id>:<period start>`) or the package pool since its newest purchase (`pkg:<id>`).
 * The unique key makes "one mail per period or package" a database guarantee, however
 * many bookings cross it and however many workers check at once.
 */
export const balanceAlerts = pgTable(
  'balance_alerts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BALANCE_ALERT_KINDS }).notNull(),
    scope: text('scope').notNull(),
    /** The figures when the crossing was noticed (hours): the kind's month or packages, total and used. */
    hoursTotal: hoursColumn('hours_total').notNull(),
    hoursUsed: hoursColumn('hours_used').notNull(),
    /** All usable hours of the customer together (decision 0742; before it, the kind's total − used). */
    hoursRemaining: hoursColumn('hours_remaining').notNull(),
    /** Last day of the ButlerPaket period (null for packages). */
    periodEnd: date('period_end'),
    crossedOn: date('crossed_on').notNull(),
    /** Whether a customer mail was queued (false: opted out, no address, or customers are not told). */
    customerMailed: boolean('customer_mailed').notNull().default(false),
    /** The staff digest (its slot, a date) that listed this crossing. */
    digestSlot: text('digest_slot'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('balance_alerts_scope_uq').on(t.customerId, t.kind, t.scope),
    index('balance_alerts_digest_idx').on(t.digestSlot),
    check('balance_alerts_kind_ck', sql`${t.kind} IN ('butler', 'package')`),
  ],
);
