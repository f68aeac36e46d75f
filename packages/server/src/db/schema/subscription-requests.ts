import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { createdAt, hoursColumn, moneyColumn } from './columns.js';
import { subscriptions, subscriptionTemplates } from './hours.js';

/**
 * "Paket ändern" and "Verlängern" from the lounge (decision 0851): the customer's wish for
 * their ButlerPaket, which staff accept or decline with a note. Nothing changes the running
 * term by itself; accepting applies the staff operations in the same transaction.
 * One open wish per customer, so per ButlerPaket too (partial unique index): a double tap,
 * two tabs or a burst file one.
 */
export const subscriptionRequests = pgTable(
  'subscription_requests',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** change (other hours or template from the next period), renew (another term): contract PACKAGE_REQUEST_KINDS. */
    kind: text('kind').notNull(),
    templateId: integer('template_id').references(() => subscriptionTemplates.id, { onDelete: 'set null' }),
    /** What was asked for, as the customer saw it: template name, hours, price per month and term. */
    templateName: text('template_name'),
    monthlyHours: hoursColumn('monthly_hours').notNull(),
    monthlyPrice: moneyColumn('monthly_price').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    endDate: date('end_date').notNull(),
    message: text('message').notNull().default(''),
    /** The lounge's key of one tap: a retry answers the wish it filed. */
    idempotencyKey: text('idempotency_key'),
    /** open, accepted, declined, withdrawn. */
    state: text('state').notNull().default('open'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
    answerNote: text('answer_note'),
    /** The ButlerPaket the accepted wish made (the new part from the next period, or the renewal). */
    resultSubscriptionId: integer('result_subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('subscription_requests_kind_ck', sql`${t.kind} IN ('change','renew')`),
    check('subscription_requests_state_ck', sql`${t.state} IN ('open','accepted','declined','withdrawn')`),
    check('subscription_requests_answer_ck', sql`(${t.state} = 'open') = (${t.answeredAt} IS NULL)`),
    check(
      'subscription_requests_hours_ck',
      sql`${t.monthlyHours} > 0 AND mod(${t.monthlyHours} * 2, 1) = 0 AND ${t.monthlyPrice} >= 0`,
    ),
    check('subscription_requests_term_ck', sql`${t.endDate} >= ${t.effectiveFrom}`),
    check('subscription_requests_message_ck', sql`length(${t.message}) <= 2000`),
    // One open wish per customer (and so per ButlerPaket): the lounge shows one.
    uniqueIndex('subscription_requests_open_uq').on(t.customerId).where(sql`${t.state} = 'open'`),
    unique('subscription_requests_idempotency_uq').on(t.customerId, t.idempotencyKey),
    index('subscription_requests_open_idx').on(t.createdAt).where(sql`${t.state} = 'open'`),
    index('subscription_requests_customer_idx').on(t.customerId, t.createdAt),
  ],
);
