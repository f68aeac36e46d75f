import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins, customers } from './accounts.js';
import { createdAt, hoursColumn } from './columns.js';
import { timeEntries } from './time-entries.js';

/** Einstellungen → Monatsfreigabe (decision 0852); one row, off while never saved. */
export const monthConfirmationSettings = pgTable(
  'month_confirmation_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** off, optional, required: contract MONTH_CONFIRMATION_MODES. */
    mode: text('mode').notNull().default('off'),
    autoConfirmDays: integer('auto_confirm_days').notNull().default(14),
    /** First day of the first month customers confirm. */
    startsMonth: date('starts_month').notNull(),
    /** When it was switched on or its first month moved: no month confirms itself before N days from then. */
    enabledOn: date('enabled_on').notNull(),
  },
  (t) => [
    check('month_confirmation_settings_single_row_ck', sql`${t.id} = 1`),
    check('month_confirmation_settings_mode_ck', sql`${t.mode} IN ('off','optional','required')`),
    check('month_confirmation_settings_days_ck', sql`${t.autoConfirmDays} BETWEEN 3 AND 60`),
    check('month_confirmation_settings_month_ck', sql`extract(day from ${t.startsMonth}) = 1`),
  ],
);

/**
 * A customer's confirmed month: once per customer and month (the unique key holds under a
 * burst), by the customer or automatically after the quiet days, with what was confirmed.
 */
export const monthConfirmations = pgTable(
  'month_confirmations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** First day of the month. */
    month: date('month').notNull(),
    /** customer or auto. */
    confirmedBy: text('confirmed_by').notNull(),
    entriesCount: integer('entries_count').notNull(),
    hoursTotal: hoursColumn('hours_total').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('month_confirmations_customer_month_uq').on(t.customerId, t.month),
    check('month_confirmations_by_ck', sql`${t.confirmedBy} IN ('customer','auto')`),
    check('month_confirmations_month_ck', sql`extract(day from ${t.month}) = 1`),
  ],
);

/**
 * A Rückfrage: the customer's question about one entry of an ended month, as a thread
 * (month_question_messages). One unresolved question per entry: a second tap is refused by
 * the partial unique index. The entry as it stood when asked is kept, so both sides see the
 * correction even after the entry changed or was deleted.
 */
export const monthQuestions = pgTable(
  'month_questions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    timeEntryId: integer('time_entry_id').references(() => timeEntries.id, { onDelete: 'set null' }),
    /** open, answered, corrected, resolved: contract QUESTION_STATES. */
    state: text('state').notNull().default('open'),
    askedWorkDate: date('asked_work_date').notNull(),
    askedHours: hoursColumn('asked_hours').notNull(),
    askedActivity: text('asked_activity').notNull(),
    askedProject: text('asked_project').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('month_questions_entry_active_uq')
      .on(t.timeEntryId)
      .where(sql`${t.state} <> 'resolved' AND ${t.timeEntryId} IS NOT NULL`),
    index('month_questions_customer_month_idx').on(t.customerId, t.month, t.id),
    index('month_questions_open_idx').on(t.createdAt, t.id).where(sql`${t.state} = 'open'`),
    check('month_questions_state_ck', sql`${t.state} IN ('open','answered','corrected','resolved')`),
    check('month_questions_resolved_ck', sql`(${t.state} = 'resolved') = (${t.resolvedAt} IS NOT NULL)`),
    check('month_questions_month_ck', sql`extract(day from ${t.month}) = 1`),
  ],
);

export const monthQuestionMessages = pgTable(
  'month_question_messages',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => monthQuestions.id, { onDelete: 'cascade' }),
    /** customer, staff, or system (the correction of the entry, the month's confirmation). */
    authorKind: text('author_kind').notNull(),
    authorAdminId: integer('author_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('month_question_messages_question_idx').on(t.questionId, t.id),
    check('month_question_messages_author_ck', sql`${t.authorKind} IN ('customer','staff','system')`),
  ],
);
