import { formatDate, formatHours } from '@butler/contract/format';
import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { monthQuestionMessages, monthQuestions, type timeEntries } from '../../db/schema/index.js';
import { correctionWords } from '../../domain/month-confirmation.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { mailCustomerAboutQuestion } from './month-mails.js';

type EntryRow = typeof timeEntries.$inferSelect;

/**
 * A staff change of an entry with an unresolved Rückfrage (the existing edit or delete, in its
 * transaction) is that Rückfrage's correction: it becomes "Korrigiert", the thread says what
 * changed, the customer hears of it, and the Protokoll names it (decision 0852).
 */
export async function noteEntryCorrection(
  tx: Transaction,
  session: SessionContext,
  before: EntryRow,
  after: EntryRow | null,
  publicUrl: string,
) {
  const [question] = await tx
    .select()
    .from(monthQuestions)
    .where(and(eq(monthQuestions.timeEntryId, before.id), ne(monthQuestions.state, 'resolved')))
    .for('update');
  if (!question) return;
  const change = correctionWords(
    { workDate: before.workDate, hours: before.hours, activity: before.activityDescription },
    after && { workDate: after.workDate, hours: after.hours, activity: after.activityDescription },
    { date: formatDate, hours: formatHours },
  );
  if (!change) return;
  const body = `Eintrag korrigiert: ${change}`;
  await tx.update(monthQuestions).set({ state: 'corrected' }).where(eq(monthQuestions.id, question.id));
  await tx.insert(monthQuestionMessages).values({
    questionId: question.id,
    authorKind: 'staff',
    authorAdminId: session.adminId,
    body,
  });
  await writeAudit(
    tx,
    session,
    'month_question_corrected',
    'month_question',
    question.id,
    { state: question.state },
    { state: 'corrected', correction: change },
    { customerId: question.customerId },
  );
  await mailCustomerAboutQuestion(tx, {
    customerId: question.customerId,
    month: question.month.slice(0, 7),
    kind: 'corrected',
    entryDate: question.askedWorkDate,
    body: change,
    questionId: question.id,
    publicUrl,
    createdBy: session.displayName,
  });
}
