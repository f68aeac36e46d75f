import type { MonthQuestion, MonthQuestionCreate } from '@butler/contract/month-confirmations';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers, monthQuestionMessages, monthQuestions, projects, timeEntries } from '../../db/schema/index.js';
import { monthDisplay, monthKeyOf } from '../../domain/calendar.js';
import { monthStart } from '../../domain/month-confirmation.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { readCustomerVoice } from '../customer-voice/customer-voice.service.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { assertMonthReady, findConfirmation } from './month-checks.js';
import { entryLine, mailCustomerAboutQuestion, mailStaffAboutQuestion } from './month-mails.js';
import { customerName, presentQuestions, questionColumns } from './month-queries.js';
import { loadMonthSettings } from './month-settings.service.js';

/** The open Rückfragen a staff list shows at once (oldest first; answered ones leave it). */
const OPEN_LISTED = 100;

/** Rückfragen (decision 0852): the customer asks about an entry, the Betreuer answers or corrects it. */
export function createMonthQuestionsService(db: Database, publicUrl: string) {
  async function one(session: SessionContext, id: number): Promise<MonthQuestion> {
    const rows = await db
      .select({ ...questionColumns, customerName })
      .from(monthQuestions)
      .innerJoin(customers, eq(customers.id, monthQuestions.customerId))
      .where(eq(monthQuestions.id, id));
    const voice = await readCustomerVoice(db);
    const [question] = await presentQuestions(db, rows, { customer: session.userType === 'customer', voice });
    if (!question) throw new AppError('MONTH_QUESTION_NOT_FOUND');
    return question;
  }

  return {
    /** "Rückfrage" on one entry of an ended, unconfirmed month of the customer's own. */
    async ask(session: SessionContext, customerId: number, month: string, input: MonthQuestionCreate) {
      const id = await db.transaction(async (tx) => {
        const settings = await loadMonthSettings(tx);
        assertMonthReady(settings, month, todayVienna());
        const customer = await lockCustomer(tx, customerId);
        if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
        const [entry] = await tx
          .select({ entry: timeEntries, project: projects.name })
          .from(timeEntries)
          .innerJoin(projects, eq(projects.id, timeEntries.projectId))
          .where(eq(timeEntries.id, input.time_entry_id));
        if (!entry || entry.entry.customerId !== customerId) throw new AppError('TIME_ENTRY_NOT_FOUND');
        if (monthKeyOf(entry.entry.workDate) !== month) {
          throw fieldError('time_entry_id', `Dieser Eintrag gehört nicht zum ${monthDisplay(month)}`);
        }
        if (await findConfirmation(tx, customerId, month)) {
          throw new AppError('CONFLICT', `Der ${monthDisplay(month)} ist schon bestätigt`);
        }
        const [question] = await tx
          .insert(monthQuestions)
          .values({
            customerId,
            month: monthStart(month),
            timeEntryId: entry.entry.id,
            askedWorkDate: entry.entry.workDate,
            askedHours: entry.entry.hours,
            askedActivity: entry.entry.activityDescription,
            askedProject: entry.project,
          })
          .onConflictDoNothing()
          .returning();
        if (!question) throw new AppError('CONFLICT', 'Zu diesem Eintrag gibt es schon eine Rückfrage');
        const message = input.message.trim();
        await tx
          .insert(monthQuestionMessages)
          .values({ questionId: question.id, authorKind: 'customer', body: message });
        await writeAudit(
          tx,
          session,
          'month_question',
          'month_question',
          question.id,
          null,
          { month, timeEntryId: entry.entry.id, message, state: 'open' },
          { customerId },
        );
        await mailStaffAboutQuestion(tx, {
          customerId,
          customerName: `${customer.firstName} ${customer.lastName}`,
          month,
          entry: entryLine({
            workDate: entry.entry.workDate,
            project: entry.project,
            activity: entry.entry.activityDescription,
            hours: entry.entry.hours,
          }),
          message,
          kind: 'new',
          questionId: question.id,
          publicUrl,
          createdBy: session.displayName,
        });
        return question.id;
      });
      return one(session, id);
    },

    /**
     * A message in the thread: the customer's reopens the Rückfrage for staff; staff's answers it
     * (a corrected one stays corrected). Not on a resolved one.
     */
    async reply(session: SessionContext, id: number, text: string) {
      const customerSide = session.userType === 'customer';
      await db.transaction(async (tx) => {
        const [question] = await tx.select().from(monthQuestions).where(eq(monthQuestions.id, id)).for('update');
        if (!question || (customerSide && question.customerId !== session.customerId)) {
          throw new AppError('MONTH_QUESTION_NOT_FOUND');
        }
        if (question.state === 'resolved') throw new AppError('CONFLICT', 'Diese Rückfrage ist schon erledigt');
        const month = question.month.slice(0, 7);
        const message = text.trim();
        const state = customerSide ? 'open' : question.state === 'open' ? 'answered' : question.state;
        await tx.insert(monthQuestionMessages).values({
          questionId: id,
          authorKind: customerSide ? 'customer' : 'staff',
          authorAdminId: customerSide ? null : session.adminId,
          body: message,
        });
        await tx.update(monthQuestions).set({ state }).where(eq(monthQuestions.id, id));
        await writeAudit(
          tx,
          session,
          'month_question_reply',
          'month_question',
          id,
          { state: question.state },
          { message, state },
          { customerId: question.customerId },
        );
        const entry = entryLine({
          workDate: question.askedWorkDate,
          project: question.askedProject,
          activity: question.askedActivity,
          hours: question.askedHours,
        });
        if (customerSide) {
          await mailStaffAboutQuestion(tx, {
            customerId: question.customerId,
            customerName: session.displayName,
            month,
            entry,
            message,
            kind: 'reply',
            questionId: id,
            publicUrl,
            createdBy: session.displayName,
          });
        } else {
          await mailCustomerAboutQuestion(tx, {
            customerId: question.customerId,
            month,
            kind: 'answered',
            entryDate: question.askedWorkDate,
            body: message,
            questionId: id,
            publicUrl,
            createdBy: session.displayName,
          });
        }
      });
      return one(session, id);
    },

    /** "Offene Rückfragen": waiting for staff, within the session's customers, oldest first. */
    async open(scope: CustomerScope) {
      const rows = await db
        .select({ ...questionColumns, customerName })
        .from(monthQuestions)
        .innerJoin(customers, eq(customers.id, monthQuestions.customerId))
        .where(and(eq(monthQuestions.state, 'open'), scopeWhere(scope, monthQuestions.customerId)))
        .orderBy(asc(monthQuestions.createdAt), asc(monthQuestions.id))
        .limit(OPEN_LISTED);
      return presentQuestions(db, rows, { customer: false, voice: await readCustomerVoice(db) });
    },
  };
}
