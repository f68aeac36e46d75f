import type { Executor } from '../../db/executor.js';
import { type MailAttachmentRef, mailOutbox } from '../../db/schema/index.js';
import { enqueueMailJob } from './mail-send.job.js';
import { loadMailContext, renderMail } from './render-mail.js';
import type { SecretLinkRef } from './secret-links.service.js';
import type { MailTemplateData, MailTemplateName } from './templates/index.js';

export type QueueMailInput<N extends MailTemplateName> = {
  to: string;
  /** A template of templates/index.ts; `data` is typed by it. */
  template: N;
  data: MailTemplateData<N>;
  /** The customer the mail is for (shown in the log; null for staff mails). */
  customerId?: number | null;
  /** What the mail is about, e.g. `{ type: 'invoice', id: 42 }`. */
  entity?: { type: string; id: number };
  /** Documents fetched when the mail is sent (attachment-sources.ts). */
  attachments?: MailAttachmentRef[];
  /** A mail that must exist once only: a second call with the same key queues nothing. */
  dedupeKey?: string;
  /** Who caused it (admin username); default 'System'. */
  createdBy?: string;
  /**
   * A live link the mail carries (invitation, reset): the template is given SECRET_LINK in
   * its place and the link is made when the mail is sent, never stored (decision 0502).
   */
  secretLink?: SecretLinkRef;
  /**
   * Customers a staff mail names (not its recipient): every staff mail that names a customer
   * lists them, so erasure can remove or blank it with the customer (decision 0503).
   */
  mentions?: number[];
};

/**
 * Queues a mail in the caller's transaction (transactional outbox): the rendered mail
 * is written with the business change and sent by the job `mail.send` after commit; a
 * rollback drops both. Returns the outbox id, or null when `dedupeKey` already exists.
 *
 *   await db.transaction(async (tx) => {
 *     await tx.insert(…);                        // the business change
 *     await queueMail(tx, { to, template: 'invoice', data: { … }, customerId });
 *   });
 */
export async function queueMail<N extends MailTemplateName>(
  executor: Executor,
  input: QueueMailInput<N>,
): Promise<{ id: number } | null> {
  const to = input.to.trim();
  // The address itself stays out of the message: an error may end up in a log (decision 0501).
  if (!/^[^\s@]+@[^\s@]+$/.test(to)) throw new Error(`queueMail: no valid recipient for ${input.template}`);
  const ctx = await loadMailContext(executor);
  const mail = renderMail(input.template, input.data, ctx);
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      template: input.template,
      toAddress: to,
      fromAddress: ctx.from,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: input.attachments ?? [],
      customerId: input.customerId ?? null,
      entityType: input.entity?.type ?? null,
      entityId: input.entity?.id ?? null,
      dedupeKey: input.dedupeKey ?? null,
      createdBy: input.createdBy ?? 'System',
      secretLink: input.secretLink ?? null,
      mentionedCustomerIds: [...new Set(input.mentions ?? [])],
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (!row) return null;
  await enqueueMailJob(executor, row.id);
  return { id: row.id };
}
