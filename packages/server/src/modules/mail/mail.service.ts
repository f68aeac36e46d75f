import type { MailDetail, MailListItem, MailListQuery } from '@butler/contract/mail';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { pageBounds } from '../../lib/pagination.js';
import { findMail, listMails, type MailRow } from './mail.repo.js';
import { enqueueMailJob } from './mail-send.job.js';
import { deliveryOf } from './mail-setup.service.js';
import { type SecretLinks, secretLinkRefusal } from './secret-links.service.js';
import { withLogoPreview } from './templates/mail-logo.js';

type ListRow = Awaited<ReturnType<typeof listMails>>['rows'][number];

function presentItem(row: ListRow | MailRow, env: Pick<Env, 'SMTP_URL'>, resendRefusal: string | null): MailListItem {
  return {
    id: row.id,
    template: row.template,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    customer_id: row.customerId,
    entity_type: row.entityType,
    entity_id: row.entityId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    delivered_via: deliveryOf(row, env),
    resend_refusal: resendRefusal,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'E-Mail nicht gefunden');

/**
 * The Postausgang: every mail the portal queued, its state, and "erneut senden". A mail with
 * a live link is sent again only where the accounts' owner allows it (`links`, decision 0702);
 * each row says why not, for the button.
 */
export function createMailService(db: Database, env: Env, links: Pick<SecretLinks, 'refusal'>) {
  return {
    async list(query: MailListQuery) {
      const { rows, total } = await listMails(db, { ...query, ...pageBounds(query) });
      const items: MailListItem[] = [];
      for (const row of rows) items.push(presentItem(row, env, await secretLinkRefusal(links, db, row)));
      return { items, total };
    },

    async summary() {
      const [row] = await db
        .select({
          queued: sql<number>`count(*) FILTER (WHERE status = 'queued' AND attempts = 0)`.mapWith(Number),
          retrying: sql<number>`count(*) FILTER (WHERE status = 'queued' AND attempts > 0)`.mapWith(Number),
          sent: sql<number>`count(*) FILTER (WHERE status = 'sent')`.mapWith(Number),
          failed: sql<number>`count(*) FILTER (WHERE status = 'failed')`.mapWith(Number),
        })
        .from(mailOutbox);
      return row;
    },

    async detail(id: number): Promise<MailDetail> {
      const row = await findMail(db, id);
      if (!row) throw notFound();
      return {
        ...presentItem(row, env, await secretLinkRefusal(links, db, row)),
        from: row.fromAddress,
        text: row.textBody,
        html: await withLogoPreview(db, row.htmlBody),
        attachments: row.attachments.map((a) => ({ filename: a.filename })),
        message_id: row.messageId,
      };
    },

    /**
     * "Erneut senden": a waiting or failed mail is tried again now, with a fresh retry
     * budget; a sent mail is copied and the copy is sent (the log keeps both).
     */
    async resend(session: SessionContext, id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
        if (!row) throw notFound();
        // The link is made at sending, valid until the date its text names (decision 0502), and
        // goes only to the account's current address while it may be used (decision 0702).
        const refusal = await secretLinkRefusal(links, tx, row);
        if (refusal) throw new AppError('CONFLICT', refusal);
        if (row.status === 'sent') {
          const { id: _id, dedupeKey: _key, ...rest } = row;
          const [copy] = await tx
            .insert(mailOutbox)
            .values({
              ...rest,
              status: 'queued',
              deliveredVia: null,
              attempts: 0,
              lastError: null,
              nextAttemptAt: null,
              messageId: null,
              sentAt: null,
              createdAt: new Date(),
              createdBy: session.displayName,
            })
            .returning({ id: mailOutbox.id });
          await enqueueMailJob(tx, copy.id);
          await writeAudit(tx, session, 'resend', 'mail', id, null, { copy: copy.id, to: row.toAddress });
          return { id: copy.id, status: 'queued' as const, copied: true };
        }
        await tx.update(mailOutbox).set({ status: 'queued', nextAttemptAt: null }).where(eq(mailOutbox.id, id));
        await enqueueMailJob(tx, id);
        await writeAudit(
          tx,
          session,
          'resend',
          'mail',
          id,
          { status: row.status, to: null },
          { status: 'queued', to: row.toAddress },
        );
        return { id, status: 'queued' as const, copied: false };
      });
    },
  };
}
