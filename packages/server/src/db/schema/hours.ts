import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { createdAt, hoursColumn, moneyColumn, percentColumn, updatedAt } from './columns.js';

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('projects_customer_idx').on(t.customerId),
    unique('projects_id_customer_uq').on(t.id, t.customerId),
    // The top bar's search: ILIKE '%…%' on the name (pg_trgm, decision 0650).
    index('projects_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const subscriptionTemplates = pgTable(
  'subscription_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    durationMonths: integer('duration_months').notNull(),
    pricePerHour: moneyColumn('price_per_hour').notNull(),
    monthlyTrips: integer('monthly_trips'),
    /** Offered in the lounge's "Paket ändern" (decision 0851); staff may sell every template. */
    offeredInLounge: boolean('offered_in_lounge').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('templates_duration_ck', sql`${t.durationMonths} BETWEEN 1 AND 120`),
    check('templates_price_ck', sql`${t.pricePerHour} >= 0`),
    check('templates_trips_ck', sql`${t.monthlyTrips} IS NULL OR ${t.monthlyTrips} >= 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => subscriptionTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name'),
    durationMonths: integer('duration_months').notNull(),
    monthlyHours: hoursColumn('monthly_hours').notNull(),
    monthlyPrice: moneyColumn('monthly_price').notNull(),
    originalMonthlyPrice: moneyColumn('original_monthly_price').notNull(),
    hasReferralDiscount: boolean('has_referral_discount').notNull().default(false),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    monthlyTrips: integer('monthly_trips'),
    agreements: text('agreements'),
    isActive: boolean('is_active').notNull().default(true),
    /** Abrechnung: monthly (in advance, default), quarterly, yearly or the whole term at its start. */
    billingInterval: text('billing_interval').notNull().default('monthly'),
    /** ueberweisung or lastschrift (SEPA direct debit, decision 0602). */
    paymentMethod: text('payment_method').notNull().default('ueberweisung'),
    /** The daily job bills periods starting on or after this day (null: the start date). */
    billingStartsOn: date('billing_starts_on'),
    /** Renew for another term (same terms) when this one ends. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** The ButlerPaket this one continues (Verlängern); one renewal per ButlerPaket. */
    renewedFromId: integer('renewed_from_id').references((): any => subscriptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_renewed_from_uq').on(t.renewedFromId),
    check('subscriptions_billing_interval_ck', sql`${t.billingInterval} IN ('monthly','quarterly','yearly','term')`),
    check('subscriptions_payment_method_ck', sql`${t.paymentMethod} IN ('ueberweisung','lastschrift')`),
    index('subscriptions_customer_term_idx').on(t.customerId, t.startDate, t.endDate),
    index('subscriptions_end_date_idx').on(t.endDate),
    check('subscriptions_duration_ck', sql`${t.durationMonths} BETWEEN 1 AND 120`),
    check('subscriptions_hours_ck', sql`${t.monthlyHours} > 0 AND mod(${t.monthlyHours} * 2, 1) = 0`),
    check('subscriptions_term_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('subscriptions_price_ck', sql`${t.monthlyPrice} >= 0 AND ${t.originalMonthlyPrice} >= 0`),
  ],
);

export const hourPackages = pgTable(
  'hour_packages',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    hours: hoursColumn('hours').notNull(),
    pricePerHour: moneyColumn('price_per_hour').notNull(),
    discountPercentage: percentColumn('discount_percentage').notNull().default('0'),
    totalPrice: moneyColumn('total_price').notNull(),
    purchaseDate: date('purchase_date').notNull(),
    isReferralDiscount: boolean('is_referral_discount').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('hour_packages_customer_date_idx').on(t.customerId, t.purchaseDate),
    index('hour_packages_purchase_date_idx').on(t.purchaseDate),
    check('hour_packages_hours_ck', sql`${t.hours} > 0 AND mod(${t.hours} * 2, 1) = 0`),
    check('hour_packages_price_ck', sql`${t.pricePerHour} >= 0 AND ${t.totalPrice} >= 0`),
    check('hour_packages_discount_ck', sql`${t.discountPercentage} BETWEEN 0 AND 100`),
  ],
);
