import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsWithKey, skipBackoff } from '../../../test/job-helpers.js';
import { reminderMailData } from '../../../test/mail-data.js';
import { startSmtpTestServer } from '../../../test/smtp-test-server.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createDatabase, type Database } from '../../db/client.js';
import { mailOutbox, providerSettings } from '../../db/schema/index.js';
import { startJobRunner } from '../jobs/job-runner.js';
import { queueMail } from './mail-queue.js';
import { MAIL_MAX_ATTEMPTS, requeueStrandedMailsJob } from './mail-send.job.js';

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
  await ctx.db
    .update(providerSettings)
    .set({ companyName: 'Mein BUTLER e.U.', contactEmail: 'office@meinbutler.at', city: 'Wien', postalCode: '1060' })
    .where(eq(providerSettings.id, 1));
});
afterAll(async () => smtp?.close());

const reminderData = (number: string) => reminderMailData(number);

async function mailRow(id: number) {
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

const delivered = (subject: string) => smtp.received.filter((m) => m.raw.includes(subject));

describe('queueMail (transactional outbox)', () => {
  it('writes nothing when the caller’s transaction rolls back', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    await expect(
      ctx.db.transaction(async (tx) => {
        await queueMail(tx, { to: 'weg@example.at', template: 'invoice-reminder', data: reminderData('R-ROLLBACK') });
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0].n).toBe(before[0].n);
    await ctx.runJobs();
    expect(delivered('R-ROLLBACK')).toHaveLength(0);
  });

  it('sends a committed mail after commit: German subject, text and HTML in the provider’s layout', async () => {
    const queued = await ctx.db.transaction((tx) =>
      queueMail(tx, { to: 'maria@example.at', template: 'invoice-reminder', data: reminderData('2026-0042') }),
    );
    expect((await mailRow(queued!.id)).status).toBe('queued');
    await ctx.runJobs();
    const row = await mailRow(queued!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const [mail] = delivered('2026-0042');
    expect(mail.to).toEqual(['maria@example.at']);
    expect(mail.raw).toContain('Subject: Zahlungserinnerung zur Rechnung 2026-0042');
    expect(mail.raw).toMatch(/From: "Mein BUTLER e\.U\." <office@meinbutler\.at>/);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(row.htmlBody).toContain('Mein BUTLER e.U.</td>');
    expect(row.textBody).toContain('1060 Wien');
  });

  it('queues a mail with a dedupe key once only', async () => {
    const first = await queueMail(ctx.db, {
      to: 'a@example.at',
      template: 'invoice-reminder',
      data: reminderData('R-DEDUPE'),
      dedupeKey: 'test:dedupe',
    });
    const second = await queueMail(ctx.db, {
      to: 'a@example.at',
      template: 'invoice-reminder',
      data: reminderData('R-DEDUPE'),
      dedupeKey: 'test:dedupe',
    });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await ctx.runJobs();
    expect(delivered('R-DEDUPE')).toHaveLength(1);
  });

  it('retries after an SMTP failure with back-off and delivers once the server accepts again', async () => {
    smtp.failNext(1);
    const queued = await queueMail(ctx.db, {
      to: 'b@example.at',
      template: 'invoice-reminder',
      data: reminderData('R-RETRY'),
    });
    const key = `mail:${queued!.id}`;
    await ctx.runJobs();
    const failed = await mailRow(queued!.id);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed.lastError).toContain('451');
    // The retry waits (graphile-worker: e^1 s after the first failure) …
    const [job] = await jobsWithKey(ctx.db, key);
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now());
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    await ctx.runJobs();
    expect(delivered('R-RETRY')).toHaveLength(0);
    // … and then succeeds.
    await skipBackoff(ctx.db, key);
    await ctx.runJobs();
    expect(await mailRow(queued!.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(delivered('R-RETRY')).toHaveLength(1);
    expect(await jobsWithKey(ctx.db, key)).toHaveLength(0);
  });

  it('marks a mail failed with the reason after its last attempt; never drops it', async () => {
    smtp.failNext(MAIL_MAX_ATTEMPTS);
    const queued = await queueMail(ctx.db, {
      to: 'c@example.at',
      template: 'invoice-reminder',
      data: reminderData('R-GIVEUP'),
    });
    const key = `mail:${queued!.id}`;
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
      await skipBackoff(ctx.db, key);
      await ctx.runJobs();
    }
    const row = await mailRow(queued!.id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(row.lastError).toContain('Mailserver vorübergehend nicht erreichbar');
    expect(delivered('R-GIVEUP')).toHaveLength(0);
  });

  it('gives a queued mail whose job vanished (restored backup) a job again', async () => {
    const queued = await queueMail(ctx.db, {
      to: 'd@example.at',
      template: 'invoice-reminder',
      data: reminderData('R-STRAND'),
    });
    await ctx.db.execute(sql`DELETE FROM graphile_worker._private_jobs WHERE key = ${`mail:${queued!.id}`}`);
    await ctx.runJobs();
    expect(delivered('R-STRAND')).toHaveLength(0);
    await requeueStrandedMailsJob.run({}, { db: ctx.db, env: ctx.env, log: () => {} } as never);
    await ctx.runJobs();
    expect(delivered('R-STRAND')).toHaveLength(1);
  });
});

describe('two portal processes on one database', () => {
  const extra: Database[] = [];
  afterAll(async () => {
    for (const db of extra) await db.$client.end();
  });

  it('deliver every mail exactly once, including mails queued before either started', async () => {
    const subjects = Array.from({ length: 24 }, (_, i) => `R-PAIR-${String(i).padStart(2, '0')}`);
    const ids: number[] = [];
    for (const s of subjects.slice(0, 12)) {
      ids.push(
        (await queueMail(ctx.db, { to: 'e@example.at', template: 'invoice-reminder', data: reminderData(s) }))!.id,
      );
    }
    const processes = [0, 1].map(() => {
      const db = createDatabase(ctx.poolConfig, () => {});
      extra.push(db);
      return db;
    });
    const handled = [0, 0];
    const runners = await Promise.all(
      processes.map((db, i) =>
        startJobRunner(
          {
            db,
            env: ctx.env,
            transport: {
              async send(mail) {
                handled[i] += 1;
                const { createMailer } = await import('../../lib/mail.js');
                return createMailer(ctx.env.SMTP_URL, ctx.env.DATA_DIR, 'x@localhost').send(mail);
              },
            },
          },
          { cron: false, concurrency: 3 },
        ),
      ),
    );
    try {
      for (const s of subjects.slice(12)) {
        ids.push(
          (await queueMail(ctx.db, { to: 'e@example.at', template: 'invoice-reminder', data: reminderData(s) }))!.id,
        );
      }
      const deadline = Date.now() + 20_000;
      for (;;) {
        const rows = await ctx.db
          .select({ status: mailOutbox.status })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, ids));
        if (rows.every((r) => r.status === 'sent') || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    for (const s of subjects)
      expect(delivered(`Rechnung ${s}\r\n`).length + delivered(`Rechnung ${s}\n`).length, s).toBe(1);
    expect(handled[0] + handled[1]).toBe(subjects.length);
  });
});
