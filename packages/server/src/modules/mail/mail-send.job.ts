import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/executor.js';
import { mailOutbox } from '../../db/schema/index.js';
import { defineJob, enqueueJob } from '../../lib/jobs.js';
import { type AttachmentSources, resolveAttachments } from './attachment-sources.js';
import { markAttemptFailed, markSent } from './mail.repo.js';
import { describeMailError } from './mail-errors.js';
import { type SecretLinks, secretLinkRefusal, withSecretLink } from './secret-links.service.js';
import { loadMailLogo, type MailLogo, withMailLogo } from './templates/mail-logo.js';

/** Attempts per mail before it is marked failed: the waits exp(1) … exp(10) s add up to about 16 hours. */
export const MAIL_MAX_ATTEMPTS = 12;

/** graphile-worker's back-off after attempt n (fail_job: exp(least(n, 10)) seconds). */
export const retryDelayMs = (attempt: number) => Math.round(Math.exp(Math.min(attempt, 10)) * 1000);

/**
 * Delivers one outbox mail. The row is claimed with FOR UPDATE SKIP LOCKED, so a mail
 * is never handled by two workers at once; a mail no longer 'queued' (sent, given up)
 * is left alone, which makes the job safe to run again. A failure is recorded and
 * rethrown: graphile-worker retries it with back-off; the last failure marks it failed.
 *
 * Attachments are fetched before the claiming transaction opens: their sources read
 * through the pool (caches included), and a job that held its transaction's connection
 * while taking another could starve the pool (decision 0505); so is the owner's logo
 * (decision 0665). The delivery itself runs
 * in a savepoint, so a failed attempt leaves no live link behind (decision 0502).
 */
const SEND_MAIL = {
  name: 'mail.send',
  payload: z.object({ mailId: z.number().int().positive() }),
  maxAttempts: MAIL_MAX_ATTEMPTS,
};

/**
 * The job that delivers one outbox mail, with the modules' attachment sources and the live
 * links of the accounts (mail does not import the modules whose documents and links it
 * carries; jobs/job-registry.ts hands them in).
 */
export const createSendMailJob = (sources: AttachmentSources, links: SecretLinks) =>
  defineJob({
    ...SEND_MAIL,
    async run({ mailId }, ctx) {
      const [waiting] = await ctx.db
        .select({ attachments: mailOutbox.attachments })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'queued')));
      if (!waiting) return;
      let failure: unknown = null;
      const attachments = await resolveAttachments(sources, ctx, waiting.attachments).catch((error) => {
        failure = error;
        return [];
      });
      // The logo as it is now (decision 0665); one that cannot be read leaves the mail without it.
      const brand = await loadMailLogo(ctx.db).catch((error): { logo: MailLogo | null; name: string } => {
        ctx.log(`mail ${mailId}: logo left out: ${describeMailError(error)}`);
        return { logo: null, name: '' };
      });
      await ctx.db.transaction(async (tx) => {
        const [mail] = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'queued')))
          .for('update', { skipLocked: true });
        if (!mail) {
          failure = null;
          return;
        }
        // A live link goes only to the account's current address, while it may be used
        // (decision 0702): otherwise the mail is given up at once, with the reason.
        const refusal = await secretLinkRefusal(links, tx, mail);
        if (refusal) {
          failure = null;
          await markAttemptFailed(tx, mailId, refusal, null);
          ctx.log(`mail ${mailId}: not sent: ${refusal}`);
          return;
        }
        try {
          if (failure) throw failure;
          await tx.transaction(async (attempt) => {
            // A live link is made now and goes only into the delivered mail (decision 0502).
            const body = await withSecretLink(
              links.issue,
              attempt,
              ctx.env,
              { text: mail.textBody, html: mail.htmlBody },
              mail.secretLink,
            );
            const logo = withMailLogo(body.html, brand);
            const info = await ctx.transport.send(
              {
                from: mail.fromAddress,
                to: mail.toAddress,
                subject: mail.subject,
                text: body.text,
                html: logo.html,
                attachments: [...logo.parts, ...attachments],
              },
              { name: `mail-${mailId}` },
            );
            // A file in the outbox folder is no delivery: the Postausgang says so (decision 0755).
            await markSent(attempt, mailId, info.messageId, info.file ? 'outbox' : 'smtp');
          });
        } catch (error) {
          failure = error;
          const last = ctx.attempt >= ctx.maxAttempts;
          const next = last ? null : new Date(Date.now() + retryDelayMs(ctx.attempt));
          await markAttemptFailed(tx, mailId, describeMailError(error), next);
          ctx.log(`mail ${mailId}: attempt ${ctx.attempt}/${ctx.maxAttempts} failed: ${describeMailError(error)}`);
        }
      });
      if (failure) throw failure;
    },
  });

/**
 * Safety net: queued mails without a waiting job (a restored backup has no queue, or a
 * job was removed by hand) get one again. Runs hourly and at start.
 */
export const requeueStrandedMailsJob = defineJob({
  name: 'mail.requeue-stranded',
  payload: z.object({ slot: z.string().optional() }),
  maxAttempts: 3,
  async run(_payload, ctx) {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT m.id FROM mail_outbox m
      WHERE m.status = 'queued'
        AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = 'mail:' || m.id)`);
    for (const { id } of rows) await enqueueMailJob(ctx.db, id);
    if (rows.length) ctx.log(`requeued ${rows.length} stranded mail(s)`);
  },
});

/** The send job of one outbox mail; the key keeps one waiting job per mail. */
export function enqueueMailJob(executor: Executor, mailId: number, runAt?: Date) {
  return enqueueJob(executor, SEND_MAIL, { mailId }, { jobKey: `mail:${mailId}`, runAt });
}
