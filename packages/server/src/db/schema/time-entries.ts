import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, customers } from './accounts.js';
import { invoices } from './billing.js';
import { createdAt, hoursColumn, updatedAt } from './columns.js';
import { projects } from './hours.js';
import { orders } from './orders.js';

/**
 * Booked hours. In a file of their own because they reference both the hour tables
 * (projects) and billing (the invoice that billed them), while billing references
 * subscriptions and hour packages: one direction of imports between schema files.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    hours: hoursColumn('hours').notNull(),
    activityDescription: text('activity_description').notNull(),
    workDate: date('work_date').notNull(),
    createdBy: text('created_by').notNull(),
    /** The staff member who booked it: a Butler changes only their own (decision 0540). */
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    isBillable: boolean('is_billable').notNull().default(true),
    billingType: text('billing_type').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The Auftrag the time was spent on (decision 0810); optional. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * The booking device's key for this entry (decision 0860): a phone that sends a queued
     * booking again (its answer was lost, or it sent twice) gets the first entry back.
     */
    clientKey: text('client_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Composite key: the project must belong to the entry's customer.
    foreignKey({
      name: 'time_entries_project_fk',
      columns: [t.projectId, t.customerId],
      foreignColumns: [projects.id, projects.customerId],
    }),
    index('time_entries_customer_type_date_idx').on(t.customerId, t.billingType, t.workDate),
    // Also covering (customer, hours): a month's entries of one billing type for all customers
    // (monthly view, period usage) are one contiguous index-only range (decision 0402).
    index('time_entries_type_date_idx').on(t.billingType, t.workDate, t.customerId, t.hours),
    // Covering index for the package balances of all customers (admin figures, decision 0120):
    // an index-only scan grouped by customer instead of reading the whole table.
    index('time_entries_type_customer_hours_idx').on(t.billingType, t.customerId, t.workDate, t.hours),
    // The unfiltered time-tracking list pages newest first (a backward index scan).
    index('time_entries_work_date_id_idx').on(t.workDate, t.id),
    // A customer's newest entries of all billing types (dashboard, list per customer, decision 0402).
    index('time_entries_customer_date_id_idx').on(t.customerId, t.workDate, t.id),
    index('time_entries_project_idx').on(t.projectId),
    uniqueIndex('time_entries_client_key_uq')
      .on(t.createdByAdminId, t.clientKey)
      .where(sql`${t.clientKey} IS NOT NULL`),
    index('time_entries_order_idx').on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    // The top bar's search over activities: words by prefix (full text, 'simple' configuration;
    // trigrams of words in every entry made it slow, decision 0650).
    index('time_entries_activity_fts_idx').using('gin', sql`to_tsvector('simple', ${t.activityDescription})`),
    index('time_entries_uninvoiced_idx').on(t.customerId).where(sql`${t.isBillable} AND ${t.invoiceId} IS NULL`),
    check('time_entries_billing_type_ck', sql`${t.billingType} IN ('abos','stundenpakete')`),
    check('time_entries_client_key_ck', sql`${t.clientKey} IS NULL OR ${t.clientKey} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check('time_entries_hours_ck', sql`${t.hours} <> 0 AND mod(${t.hours} * 4, 1) = 0`),
  ],
);
