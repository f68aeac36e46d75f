import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { skipBackoff } from '../../../test/job-helpers.js';
import { reminderMailData } from '../../../test/mail-data.js';
import { startSmtpTestServer } from '../../../test/smtp-test-server.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';

import { auditLog, mailOutbox } from '../../db/schema/index.js';
import { queueMail } from './mail-queue.js';
import { MAIL_MAX_ATTEMPTS } from './mail-send.job.js';

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let ctx: TestContext;
let actors: Actors;
let token: string;

const data = (number: string) => reminderMailData(number, 'Mein BUTLER');

async function queue(number: string, to = 'kunde@example.at') {
  return (await queueMail(ctx.db, { to, template: 'invoice-reminder', data: data(number) }))!.id;
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
  actors = await createActors(ctx);
  token = actors.tokens.admin!;
});
afterAll(async () => smtp?.close());

describe('Postausgang API', () => {
  it('lists newest first, one page at a time, with the total and counts per state', async () => {
    for (let i = 1; i <= 7; i++) await queue(`L-${i}`);
    await ctx.runJobs();
    await queue('L-8');
    const page1 = await ctx.request({ method: 'GET', url: '/api/mail/outbox?page=1&page_size=3', token });
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe('8');
    expect(page1.json().map((m: { subject: string }) => m.subject)).toEqual([
      'Zahlungserinnerung zur Rechnung L-8',
      'Zahlungserinnerung zur Rechnung L-7',
      'Zahlungserinnerung zur Rechnung L-6',
    ]);
    expect(page1.json()[0]).toMatchObject({
      status: 'queued',
      attempts: 0,
      to: 'kunde@example.at',
      created_by: 'System',
    });
    expect(page1.json()[1]).toMatchObject({ status: 'sent', attempts: 1 });
    const page3 = await ctx.request({ method: 'GET', url: '/api/mail/outbox?page=3&page_size=3', token });
    expect(page3.json()).toHaveLength(2);
    const waiting = await ctx.request({ method: 'GET', url: '/api/mail/outbox?status=queued', token });
    expect(waiting.json().map((m: { subject: string }) => m.subject)).toEqual(['Zahlungserinnerung zur Rechnung L-8']);
    const search = await ctx.request({ method: 'GET', url: '/api/mail/outbox?search=L-3', token });
    expect(search.json()).toHaveLength(1);
    const summary = await ctx.request({ method: 'GET', url: '/api/mail/outbox/summary', token });
    expect(summary.json()).toEqual({ queued: 1, retrying: 0, sent: 7, failed: 0 });
  });

  it('shows one mail with its text, HTML and attachments', async () => {
    const id = await queue('D-1');
    const res = await ctx.request({ method: 'GET', url: `/api/mail/outbox/${id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, subject: 'Zahlungserinnerung zur Rechnung D-1', attachments: [] });
    expect(res.json().text).toContain('Wir bitten Sie freundlich um Überweisung bis 29.03.2026');
    expect(res.json().html).toContain('<!DOCTYPE html>');
    const missing = await ctx.request({ method: 'GET', url: '/api/mail/outbox/999999', token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('E-Mail nicht gefunden');
  });

  it('"erneut senden" sends a failed mail again and keeps its reason until it succeeds', async () => {
    await ctx.runJobs();
    smtp.failNext(MAIL_MAX_ATTEMPTS);
    const id = await queue('F-1', 'fail@example.at');
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
      await skipBackoff(ctx.db, `mail:${id}`);
      await ctx.runJobs();
    }
    const failed = await ctx.request({ method: 'GET', url: '/api/mail/outbox?status=failed', token });
    expect(failed.json()).toHaveLength(1);
    expect(failed.json()[0]).toMatchObject({ id, status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(failed.json()[0].last_error).toContain('vorübergehend nicht erreichbar');

    const res = await ctx.request({ method: 'POST', url: `/api/mail/outbox/${id}/resend`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'queued', copied: false });
    await ctx.runJobs();
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    expect(smtp.received.filter((m) => m.raw.includes('Rechnung F-1'))).toHaveLength(1);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'mail'));
    expect(audit.map((a) => a.action)).toContain('resend');
  });

  it('"erneut senden" on a sent mail sends a copy and keeps both in the log', async () => {
    const id = await queue('C-1');
    await ctx.runJobs();
    const res = await ctx.request({ method: 'POST', url: `/api/mail/outbox/${id}/resend`, token });
    expect(res.json()).toMatchObject({ status: 'queued', copied: true });
    expect(res.json().id).not.toBe(id);
    await ctx.runJobs();
    expect(smtp.received.filter((m) => m.raw.includes('Rechnung C-1'))).toHaveLength(2);
    const copy = await ctx.request({ method: 'GET', url: `/api/mail/outbox/${res.json().id}`, token });
    expect(copy.json()).toMatchObject({ status: 'sent', created_by: actors.adminUsername });
  });

  it('answers hostile or wrong input with German 400s', async () => {
    for (const url of [
      '/api/mail/outbox?status=unterwegs',
      '/api/mail/outbox?page=0',
      '/api/mail/outbox?page_size=100000',
      `/api/mail/outbox?search=${'x'.repeat(500)}`,
      '/api/mail/outbox/abc',
      '/api/mail/outbox/-1',
    ]) {
      const res = await ctx.request({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBeTypeOf('string');
    }
    const res = await ctx.request({ method: 'GET', url: '/api/mail/outbox?status=unterwegs', token });
    expect(res.json().details.status).toBe('Unbekannter Status (queued, sent oder failed)');
  });

  it('is for staff only', async () => {
    const id = await queue('A-1');
    for (const call of [
      { method: 'GET' as const, url: '/api/mail/outbox' },
      { method: 'GET' as const, url: '/api/mail/outbox/summary' },
      { method: 'GET' as const, url: `/api/mail/outbox/${id}` },
      { method: 'POST' as const, url: `/api/mail/outbox/${id}/resend` },
    ]) {
      await expectAccess(ctx, actors, call, { customerA: 403, customerB: 403, admin: 200 });
    }
  });
});
