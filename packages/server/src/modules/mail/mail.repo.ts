import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { MAIL_STATUSES, mailOutbox } from '../../db/schema/index.js';
import type { MailTransportKind } from '../../lib/mail.js';
import { searchPattern } from '../../lib/pagination.js';

export type MailRow = typeof mailOutbox.$inferSelect;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export async function findMail(executor: Executor, id: number): Promise<MailRow | null> {
  const [row] = await executor.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** One page of the log, newest first, filtered in SQL; plus the count per status. */
export async function listMails(
  executor: Executor,
  query: { status?: MailStatus; search?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(mailOutbox.status, query.status));
  const pattern = searchPattern(query.search);
  if (pattern) conditions.push(or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern))!);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await executor
    .select({
      id: mailOutbox.id,
      template: mailOutbox.template,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      customerId: mailOutbox.customerId,
      entityType: mailOutbox.entityType,
      entityId: mailOutbox.entityId,
      createdBy: mailOutbox.createdBy,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      deliveredVia: mailOutbox.deliveredVia,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.limit)
    .offset(query.offset);
  const counts = await executor
    .select({ status: mailOutbox.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const byStatus = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>;
  for (const c of counts) byStatus[c.status] = c.n;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    const [c] = await executor
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(mailOutbox)
      .where(where);
    total = c.n;
  }
  return { rows, total, counts: byStatus };
}

/** A delivered mail: `via` says whether a mail server took it or it was only written to the outbox folder. */
export async function markSent(executor: Executor, id: number, messageId: string, via: MailTransportKind) {
  await executor
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      messageId,
      deliveredVia: via,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      nextAttemptAt: null,
    })
    .where(eq(mailOutbox.id, id));
}

/** Records a failed attempt; `nextAttemptAt` null means retries are used up (status failed). */
export async function markAttemptFailed(executor: Executor, id: number, error: string, nextAttemptAt: Date | null) {
  await executor
    .update(mailOutbox)
    .set({
      status: nextAttemptAt ? 'queued' : 'failed',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      nextAttemptAt,
    })
    .where(eq(mailOutbox.id, id));
}

/** The newest mail about an entity (e.g. an invoice), for its delivery state. */
export async function latestMailFor(executor: Executor, entityType: string, entityId: number) {
  const [row] = await executor
    .select({
      id: mailOutbox.id,
      status: mailOutbox.status,
      lastError: mailOutbox.lastError,
      sentAt: mailOutbox.sentAt,
      deliveredVia: mailOutbox.deliveredVia,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.entityType, entityType), eq(mailOutbox.entityId, entityId)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}
