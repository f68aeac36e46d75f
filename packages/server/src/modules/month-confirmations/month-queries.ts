import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import {
  MONTHS_LISTED,
  type MonthConfirmationSettingsView,
  type MonthQuestion,
  type MonthState,
  type MonthSummary,
  type QuestionState,
} from '@butler/contract/month-confirmations';
import type { CustomerVoice } from '@butler/contract/voice';
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  admins,
  customers,
  monthConfirmations,
  monthQuestionMessages,
  monthQuestions,
  projects,
  timeEntries,
} from '../../db/schema/index.js';
import { addMonths, monthDisplay } from '../../domain/calendar.js';
import { num } from '../../domain/decimal.js';
import { autoConfirmDate, monthStart } from '../../domain/month-confirmation.js';

/** Who reads: staff see names, a customer sees the first name of whoever answered (decision 0810). */
export type Reader = { customer: boolean; voice: CustomerVoice };

const monthKey = sql<string>`to_char(date_trunc('month', ${timeEntries.workDate}), 'YYYY-MM')`;
const viennaDay = (column: typeof monthQuestionMessages.createdAt) =>
  sql<string>`to_char((${column} AT TIME ZONE 'Europe/Vienna')::date, 'YYYY-MM-DD')`;

/** The listed months: ended, from the first month of the setting, the newest MONTHS_LISTED. */
export function listedRange(settings: MonthConfirmationSettingsView, today: string) {
  const current = `${today.slice(0, 7)}-01`;
  const earliest = addMonths(current, -MONTHS_LISTED);
  const start = monthStart(settings.starts_month);
  return { from: start > earliest ? start : earliest, to: current };
}

/** Summaries of a customer's months in [from, to): entries, confirmation, open Rückfragen. */
export async function monthSummaries(
  executor: Executor,
  customerId: number,
  settings: MonthConfirmationSettingsView,
  range: { from: string; to: string },
  customerName: string,
): Promise<MonthSummary[]> {
  // Sequential on purpose: the executor may be a transaction (one connection).
  const entries = await executor
    .select({ month: monthKey, count: sql<number>`count(*)::int`, hours: sql<string>`sum(${timeEntries.hours})` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        gte(timeEntries.workDate, range.from),
        lt(timeEntries.workDate, range.to),
      ),
    )
    .groupBy(monthKey);
  const confirmed = await executor
    .select()
    .from(monthConfirmations)
    .where(
      and(
        eq(monthConfirmations.customerId, customerId),
        gte(monthConfirmations.month, range.from),
        lt(monthConfirmations.month, range.to),
      ),
    );
  const questions = await executor
    .select({
      month: sql<string>`to_char(${monthQuestions.month}, 'YYYY-MM')`,
      open: sql<number>`count(DISTINCT ${monthQuestions.id}) FILTER (WHERE ${monthQuestions.state} = 'open')::int`,
      lastMessageOn: sql<string | null>`max(${viennaDay(monthQuestionMessages.createdAt)})`,
    })
    .from(monthQuestions)
    .leftJoin(monthQuestionMessages, eq(monthQuestionMessages.questionId, monthQuestions.id))
    .where(
      and(
        eq(monthQuestions.customerId, customerId),
        gte(monthQuestions.month, range.from),
        lt(monthQuestions.month, range.to),
      ),
    )
    .groupBy(monthQuestions.month);
  const byMonth = new Map(questions.map((q) => [q.month, q]));
  const confirmations = new Map(confirmed.map((c) => [c.month.slice(0, 7), c]));
  return entries
    .map((e) => {
      const confirmation = confirmations.get(e.month);
      const q = byMonth.get(e.month);
      const open = q?.open ?? 0;
      const state: MonthState = confirmation
        ? confirmation.confirmedBy === 'auto'
          ? 'auto_confirmed'
          : 'confirmed'
        : 'to_confirm';
      return {
        month: e.month,
        month_display: monthDisplay(e.month),
        state,
        entries_count: e.count,
        hours_total: num(e.hours),
        open_questions: open,
        auto_confirm_on:
          state === 'to_confirm' && open === 0
            ? autoConfirmDate(e.month, settings.auto_confirm_days, settings.enabled_on, q?.lastMessageOn ?? null)
            : null,
        confirmed_at: confirmation?.confirmedAt.toISOString() ?? null,
        confirmed_by: confirmation ? (confirmation.confirmedBy === 'auto' ? 'automatisch' : customerName) : null,
      };
    })
    .sort((a, b) => (a.month < b.month ? 1 : -1));
}

/** The entries of one month, each with its unresolved Rückfrage. */
export async function monthEntries(executor: Executor, customerId: number, month: string) {
  const rows = await executor
    .select({
      entry: timeEntries,
      projectName: projects.name,
      questionId: monthQuestions.id,
      questionState: monthQuestions.state,
    })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(monthQuestions, and(eq(monthQuestions.timeEntryId, timeEntries.id), ne(monthQuestions.state, 'resolved')))
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        gte(timeEntries.workDate, monthStart(month)),
        lt(timeEntries.workDate, addMonths(monthStart(month), 1)),
      ),
    )
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id));
  return rows.map((r) => ({
    row: r.entry,
    projectName: r.projectName,
    id: r.entry.id,
    work_date: r.entry.workDate,
    hours: num(r.entry.hours),
    activity_description: r.entry.activityDescription,
    project_name: r.projectName,
    billing_type: r.entry.billingType as 'abos' | 'stundenpakete',
    question_id: r.questionId,
    question_state: (r.questionState as QuestionState | null) ?? null,
  }));
}

type QuestionRow = typeof monthQuestions.$inferSelect;

/** Rückfragen with their threads, as the reader sees them. */
export async function presentQuestions(
  executor: Executor,
  rows: Array<QuestionRow & { customerName: string }>,
  reader: Reader,
): Promise<MonthQuestion[]> {
  if (rows.length === 0) return [];
  const messages = await executor
    .select({ message: monthQuestionMessages, adminName: admins.name, adminUsername: admins.username })
    .from(monthQuestionMessages)
    .leftJoin(admins, eq(admins.id, monthQuestionMessages.authorAdminId))
    .where(
      inArray(
        monthQuestionMessages.questionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(monthQuestionMessages.id));
  const staffAuthor = (name: string | null, username: string | null) => {
    if (!reader.customer) return name?.trim() || username || 'Mitarbeiter';
    return name?.trim().split(/\s+/)[0] || LETTER_TEXTS[reader.voice].orderStaffAuthor;
  };
  return rows.map((q) => {
    const month = q.month.slice(0, 7);
    return {
      id: q.id,
      customer_id: q.customerId,
      customer_name: q.customerName,
      month,
      month_display: monthDisplay(month),
      state: q.state as QuestionState,
      time_entry_id: q.timeEntryId,
      asked_about: {
        work_date: q.askedWorkDate,
        hours: num(q.askedHours),
        activity_description: q.askedActivity,
        project_name: q.askedProject,
      },
      messages: messages
        .filter((m) => m.message.questionId === q.id)
        .map((m) => ({
          id: m.message.id,
          author_kind: m.message.authorKind as 'customer' | 'staff' | 'system',
          author_name:
            m.message.authorKind === 'customer'
              ? q.customerName
              : m.message.authorKind === 'staff'
                ? staffAuthor(m.adminName, m.adminUsername)
                : reader.customer
                  ? LETTER_TEXTS[reader.voice].orderStaffAuthor
                  : 'System',
          body: m.message.body,
          created_at: m.message.createdAt.toISOString(),
        })),
      created_at: q.createdAt.toISOString(),
      resolved_at: q.resolvedAt?.toISOString() ?? null,
    };
  });
}

export const customerName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;

/** A month's Rückfragen (newest first) with the customer's name. */
export async function questionsOfMonth(executor: Executor, customerId: number, month: string) {
  return executor
    .select({ ...questionColumns, customerName })
    .from(monthQuestions)
    .innerJoin(customers, eq(customers.id, monthQuestions.customerId))
    .where(and(eq(monthQuestions.customerId, customerId), eq(monthQuestions.month, monthStart(month))))
    .orderBy(desc(monthQuestions.id));
}

export const questionColumns = {
  id: monthQuestions.id,
  customerId: monthQuestions.customerId,
  month: monthQuestions.month,
  timeEntryId: monthQuestions.timeEntryId,
  state: monthQuestions.state,
  askedWorkDate: monthQuestions.askedWorkDate,
  askedHours: monthQuestions.askedHours,
  askedActivity: monthQuestions.askedActivity,
  askedProject: monthQuestions.askedProject,
  createdAt: monthQuestions.createdAt,
  resolvedAt: monthQuestions.resolvedAt,
};
