import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { admins, customers } from './accounts.js';
import { projects } from './hours.js';
import { orders } from './orders.js';

/**
 * The running timer of a staff member (decision 0640). The primary key is the
 * staff member: one timer per person, enforced here, so a start from a second device or
 * a double click cannot make two. A stopped timer stays until its time is booked (the
 * booking removes it in its transaction) or discarded.
 */
export const staffTimers = pgTable(
  'staff_timers',
  {
    adminId: integer('admin_id')
      .primaryKey()
      .references(() => admins.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Optional: the project the time is for (the service checks it is the customer's). */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Optional: the Auftrag the time is for (preselected when started from one, decision 0810). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while running; set by "Stopp" or, at the first read after midnight, to that midnight. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** The timer ran past midnight (Vienna) and was stopped there. */
    stoppedAtMidnight: boolean('stopped_at_midnight').notNull().default(false),
  },
  (t) => [
    index('staff_timers_customer_idx').on(t.customerId),
    check('staff_timers_order_ck', sql`${t.stoppedAt} IS NULL OR ${t.stoppedAt} >= ${t.startedAt}`),
  ],
);
