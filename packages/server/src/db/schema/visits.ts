import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, customers } from './accounts.js';
import { invoices, products } from './billing.js';
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
    // The top bar's search by words of the purpose (decision 0841).
    index('visits_purpose_fts_idx').using('gin', sql`to_tsvector('simple', ${t.purpose})`),
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

/**
 * A customer's wish to move or cancel a visit (decision 0841): a task on the staff calendar
 * until someone handles it; the visit itself changes only when staff change it.
 */
export const visitRequests = pgTable(
  'visit_requests',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** move, cancel: contract VISIT_REQUEST_KINDS. */
    kind: text('kind').notNull(),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    check('visit_requests_kind_ck', sql`${t.kind} IN ('move','cancel')`),
    // One open wish per visit: a double tap or two tabs never file two.
    uniqueIndex('visit_requests_open_uq').on(t.visitId).where(sql`${t.resolvedAt} IS NULL`),
    index('visit_requests_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/**
 * Kalender-Abos (decision 0841): the address carries a random secret; only its SHA-256 is
 * kept, so the database, its backups and the audit never hold it in clear. One live feed per
 * owner and scope; renewing or revoking sets `revoked_at` and the address answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    /** own, team (staff), customer. */
    scope: text('scope').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('calendar_feeds_scope_ck', sql`${t.scope} IN ('own','team','customer')`),
    check(
      'calendar_feeds_owner_ck',
      sql`(${t.scope} = 'customer' AND ${t.customerId} IS NOT NULL AND ${t.adminId} IS NULL) OR (${t.scope} <> 'customer' AND ${t.adminId} IS NOT NULL AND ${t.customerId} IS NULL)`,
    ),
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    uniqueIndex('calendar_feeds_live_admin_uq')
      .on(t.adminId, t.scope)
      .where(sql`${t.revokedAt} IS NULL AND ${t.adminId} IS NOT NULL`),
    uniqueIndex('calendar_feeds_live_customer_uq')
      .on(t.customerId)
      .where(sql`${t.revokedAt} IS NULL AND ${t.customerId} IS NOT NULL`),
  ],
);

/** Einstellungen → Termine (one row; missing: the defaults). */
export const visitSettings = pgTable(
  'visit_settings',
  {
    id: integer('id').primaryKey().default(1),
    requestHours: integer('request_hours').notNull().default(24),
    /** refuse, warn: contract TRIP_OVERRUN_RULES. */
    tripOverrun: text('trip_overrun').notNull().default('warn'),
    tripsCarryOver: boolean('trips_carry_over').notNull().default(false),
    /** "verrechnen": the product a trip beyond the allotment is billed as. */
    tripProductId: integer('trip_product_id').references(() => products.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('visit_settings_single_row_ck', sql`${t.id} = 1`),
    check('visit_settings_hours_ck', sql`${t.requestHours} BETWEEN 0 AND 336`),
    check('visit_settings_overrun_ck', sql`${t.tripOverrun} IN ('refuse','warn','bill')`),
  ],
);

/**
 * A done trip beyond the month's Fahrten under "verrechnen" (decision 0841): once per visit
 * (the primary key), put on the customer's next ButlerPaket invoice (`invoice_id`); a
 * cancelled or deleted invoice gives it back for the next one.
 */
export const tripCharges = pgTable(
  'trip_charges',
  {
    visitId: integer('visit_id')
      .primaryKey()
      .references(() => visits.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** `YYYY-MM` (Vienna) of the trip. */
    month: text('month').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('trip_charges_open_idx').on(t.customerId).where(sql`${t.invoiceId} IS NULL`)],
);
