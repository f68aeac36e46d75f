import { sql } from 'drizzle-orm';
import {
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
import { createdAt, hoursColumn, moneyColumn } from './columns.js';
import { hourPackages } from './hours.js';

/** The Stundenpakete the lounge sells (decision 0850): the owner's catalogue. */
export const hourOffers = pgTable(
  'hour_offers',
  {
    id: serial('id').primaryKey(),
    hours: hoursColumn('hours').notNull(),
    pricePerHour: moneyColumn('price_per_hour').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('hour_offers_hours_ck', sql`${t.hours} > 0 AND ${t.hours} <= 200 AND mod(${t.hours} * 2, 1) = 0`),
    check('hour_offers_price_ck', sql`${t.pricePerHour} > 0`),
  ],
);

/** Einstellungen → Stunden nachkaufen; one row, the defaults while never saved. */
export const hourShopSettings = pgTable(
  'hour_shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** immediate, payment: contract HOUR_SHOP_RELEASES. */
    release: text('release').notNull().default('immediate'),
    requiresConfirmation: boolean('requires_confirmation').notNull().default(false),
    dailyLimit: integer('daily_limit').notNull().default(3),
  },
  (t) => [
    check('hour_shop_settings_single_row_ck', sql`${t.id} = 1`),
    check('hour_shop_settings_release_ck', sql`${t.release} IN ('immediate','payment')`),
    check('hour_shop_settings_limit_ck', sql`${t.dailyLimit} BETWEEN 1 AND 20`),
  ],
);

/**
 * A customer's order at the lounge's counter. The hours, price and total are the offer's
 * at the moment of ordering; `release` is the rule that held then. Under "payment" the
 * Stundenpaket is written when the invoice becomes paid (trigger of migration 0040), so
 * the hour ledger never holds hours nobody may use yet.
 */
export const hourOrders = pgTable(
  'hour_orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => hourOffers.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    hours: hoursColumn('hours').notNull(),
    pricePerHour: moneyColumn('price_per_hour').notNull(),
    totalPrice: moneyColumn('total_price').notNull(),
    totalGross: moneyColumn('total_gross').notNull(),
    /** requested, declined, awaiting_payment, completed, cancelled: contract HOUR_ORDER_STATES. */
    state: text('state').notNull(),
    release: text('release').notNull(),
    /** The Vienna day it was ordered on: the daily limit counts these. */
    orderedOn: date('ordered_on').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull().defaultNow(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    hourPackageId: integer('hour_package_id').references(() => hourPackages.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('hour_orders_key_uq').on(t.customerId, t.idempotencyKey),
    uniqueIndex('hour_orders_invoice_uq').on(t.invoiceId),
    index('hour_orders_customer_idx').on(t.customerId, t.orderedOn),
    index('hour_orders_state_idx').on(t.state, t.orderedAt),
    check(
      'hour_orders_state_ck',
      sql`${t.state} IN ('requested','declined','awaiting_payment','completed','cancelled')`,
    ),
    check('hour_orders_release_ck', sql`${t.release} IN ('immediate','payment')`),
    check('hour_orders_hours_ck', sql`${t.hours} > 0`),
  ],
);
