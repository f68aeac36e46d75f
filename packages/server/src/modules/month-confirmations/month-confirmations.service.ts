import type { CustomerMonths, MonthDetail } from '@butler/contract/month-confirmations';
import type { TimeEntry } from '@butler/contract/time-entries';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers, monthQuestions, type timeEntries } from '../../db/schema/index.js';
import { addMonths, monthDisplay } from '../../domain/calendar.js';
import { num } from '../../domain/decimal.js';
import { monthEnded, monthStart } from '../../domain/month-confirmation.js';
import type { SessionContext } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { readCustomerVoice } from '../customer-voice/customer-voice.service.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { assertMonthReady, openQuestionCount } from './month-checks.js';
import {
  customerName,
  listedRange,
  monthEntries,
  monthSummaries,
  presentQuestions,
  questionsOfMonth,
} from './month-queries.js';
import { recordConfirmation } from './month-record.js';
import { loadMonthSettings } from './month-settings.service.js';

/** An entry as the time-entry dialog edits it (the contract's TimeEntry). */
function staffEntry(row: typeof timeEntries.$inferSelect, customer: string, project: string): TimeEntry {
  return {
    id: row.id,
    customer_id: row.customerId,
    customer_name: customer,
    project_id: row.projectId,
    project_name: project,
    hours: num(row.hours),
    activity_description: row.activityDescription,
    work_date: row.workDate,
    created_by: row.createdBy,
    is_billable: row.isBillable,
    billing_type: row.billingType as TimeEntry['billing_type'],
    deducted_from_subscription: row.billingType === 'abos',
    invoice_id: row.invoiceId,
    order_id: row.orderId,
    order: null,
    created_at: row.createdAt.toISOString(),
  };
}

async function nameOf(db: Database, customerId: number) {
  const [row] = await db.select({ name: customerName }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  return row.name;
}

/** Monatsfreigabe (decision 0852): the months a customer confirms, one month, and confirming it. */
export function createMonthConfirmationsService(db: Database) {
  async function detail(session: SessionContext, customerId: number, month: string): Promise<MonthDetail> {
    const settings = await loadMonthSettings(db);
    const name = await nameOf(db, customerId);
    const range = { from: monthStart(month), to: addMonths(monthStart(month), 1) };
    const listed = settings.mode !== 'off' && month >= settings.starts_month && monthEnded(month, todayVienna());
    const [summary] = listed ? await monthSummaries(db, customerId, settings, range, name) : [];
    if (!summary) {
      throw new AppError('NOT_FOUND', `Für den ${monthDisplay(month)} gibt es nichts zu bestätigen`);
    }
    const [entries, questions, voice] = await Promise.all([
      monthEntries(db, customerId, month),
      questionsOfMonth(db, customerId, month),
      readCustomerVoice(db),
    ]);
    const customer = session.userType === 'customer';
    return {
      summary,
      mode: settings.mode,
      entries: entries.map(({ row: _row, projectName: _project, ...entry }) => entry),
      questions: await presentQuestions(db, questions, { customer, voice }),
      staff_entries: customer ? [] : entries.map((e) => staffEntry(e.row, name, e.projectName)),
    };
  }

  return {
    detail,

    /** The ended months of the Monatsfreigabe with entries, newest first (none while it is off). */
    async months(customerId: number): Promise<CustomerMonths> {
      const settings = await loadMonthSettings(db);
      const name = await nameOf(db, customerId);
      const months =
        settings.mode === 'off'
          ? []
          : await monthSummaries(db, customerId, settings, listedRange(settings, todayVienna()), name);
      return { mode: settings.mode, auto_confirm_days: settings.auto_confirm_days, months };
    },

    /**
     * "Monat bestätigen": the customer's word, once (the unique key; a burst confirms once and
     * the others hear 409); refused while a Rückfrage of the month waits for staff.
     */
    async confirm(session: SessionContext, customerId: number, month: string) {
      await db.transaction(async (tx) => {
        const settings = await loadMonthSettings(tx);
        assertMonthReady(settings, month, todayVienna());
        if (!(await lockCustomer(tx, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        const open = await openQuestionCount(tx, customerId, month);
        if (open > 0) {
          throw new AppError(
            'CONFLICT',
            `Zum ${monthDisplay(month)} ist noch ${open === 1 ? 'eine Rückfrage' : `${open} Rückfragen`} offen; der Monat kann erst danach bestätigt werden`,
          );
        }
        const { row, empty } = await recordConfirmation(tx, session, customerId, month, 'customer');
        if (empty) throw new AppError('CONFLICT', `Im ${monthDisplay(month)} gibt es keine Einträge zu bestätigen`);
        if (!row) throw new AppError('CONFLICT', `Der ${monthDisplay(month)} ist schon bestätigt`);
      });
      return detail(session, customerId, month);
    },
  };
}

/** Whether an entry has a Rückfrage staff or the customer still work on (a Betreuer may then correct it). */
export async function hasActiveQuestion(db: Executor, entryId: number) {
  const [row] = await db
    .select({ id: monthQuestions.id })
    .from(monthQuestions)
    .where(and(eq(monthQuestions.timeEntryId, entryId), inArray(monthQuestions.state, ['open', 'answered'])));
  return row !== undefined;
}
