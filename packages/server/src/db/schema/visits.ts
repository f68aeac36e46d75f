import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { admins, customers } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { orders } from './orders.js';

/**
 * Termine (decision 0840). A series keeps the RFC 5545 rule it was planned with; its visits
 * are written as rows when it is planned (a series ends within a year), so one occurrence is
 * moved or cancelled by changing its row and every count is a plain query.
 */
export const visitSeries = pgTable('visit_series', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** The rule as RFC 5545 writes it (`FREQ=WEEKLY;INTERVAL=2;UNTIL=…`), in Vienna's wall time. */
  rule: text('rule').notNull(),
  createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id').references(() => visitSeries.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** trip (Besuch mit Fahrt), remote, office: contract VISIT_KINDS. */
    kind: text('kind').notNull(),
    state: text('state').notNull().default('planned'),
    /** Where; null: the customer's address. */
    place: text('place'),
    purpose: text('purpose').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Raised on every change of time, place or state (the SEQUENCE of its calendar entry). */
    sequence: integer('sequence').notNull().default(0),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visits_starts_idx').on(t.startsAt, t.id),
    index('visits_customer_starts_idx').on(t.customerId, t.startsAt),
    index('visits_series_idx').on(t.seriesId, t.startsAt),
    // The Fahrten of a customer's month: done visits with a trip.
    index('visits_trips_idx').on(t.customerId, t.startsAt).where(sql`${t.kind} = 'trip' AND ${t.state} = 'done'`),
    check('visits_kind_ck', sql`${t.kind} IN ('trip','remote','office')`),
    check('visits_state_ck', sql`${t.state} IN ('planned','confirmed','moved','done','cancelled')`),
    check('visits_times_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('visits_cancel_reason_ck', sql`${t.state} <> 'cancelled' OR ${t.cancelReason} IS NOT NULL`),
  ],
);

/** Who comes to a visit (one or more staff members). */
export const visitStaff = pgTable(
  'visit_staff',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.adminId] }), index('visit_staff_admin_idx').on(t.adminId, t.visitId)],
);
