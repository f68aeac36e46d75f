import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';
import { recordCrossings, sendStaffDigest } from '../balance-alerts/balance-alerts.service.js';
import { mailEndingSubscriptions } from '../subscriptions/ends/ends.service.js';

/**
 * Decision 0503: erasure also removes what named the customer outside their own
 * rows: staff mails about them (ButlerPaket end, balance digest), the delivered copies of the
 * mails that went (DATA_DIR/outbox), and sign-in attempt keys.
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  setClock('2026-03-21');
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'lena', name: 'Lena Berger', email: 'lena@meinbutler.at' });
  token = await ctx.login('admin', 'lena', TEST_PASSWORD);
});
afterAll(() => setClock(null));

/** A customer whose ButlerPaket ends on 31 March with 9 of 10 hours used in March. */
async function lowAndEnding(firstName: string, lastName: string) {
  const customer = await buildCustomer(ctx.db, { firstName, lastName });
  const project = await buildProject(ctx.db, customer.id);
  // Its last month, nothing carried over: 9 of 10 h make it low (decision 0623).
  await buildSubscription(ctx.db, customer.id, {
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    durationMonths: 1,
    monthlyHours: '10',
  });
  await buildTimeEntry(ctx.db, customer.id, project.id, { hours: '9', workDate: '2026-03-10' });
  return customer;
}

const outboxTexts = async () => {
  const dir = path.join(ctx.dataDir, 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map((name) => fs.readFile(path.join(dir, name), 'utf8')));
};

describe('erasing a customer', () => {
  it('leaves no staff mail, outbox file or attempt key that names them; others keep theirs', async () => {
    const gone = await lowAndEnding('Xaver', 'Zwiebelgruber');
    await lowAndEnding('Yvonne', 'Kirschenblatt');
    await recordCrossings(ctx.db, ctx.env, '2026-03-21');
    expect(await sendStaffDigest(ctx.db, ctx.env, '2026-03-21')).toBeGreaterThan(0);
    expect(await mailEndingSubscriptions(ctx.db, ctx.env, '2026-03-21')).toBe(2);
    await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: gone.email, password: 'falsch', user_type: 'customer' },
    });
    await ctx.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: gone.email } });
    await ctx.runJobs();
    const attemptKeys = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM login_attempts WHERE attempt_key LIKE ${`%:customer:${gone.id}`}`,
        )
      ).rows[0].n;
    expect(await attemptKeys()).toBe(2);
    const named = (texts: string[]) => texts.filter((t) => t.includes('Zwiebelgruber') || t.includes(gone.email));
    expect(named(await outboxTexts()).length).toBeGreaterThanOrEqual(3);

    const erased = await ctx.request({
      method: 'POST',
      url: `/api/customers/${gone.id}/erasure`,
      token,
      payload: { confirmation: 'Xaver Zwiebelgruber' },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const { rows } = await ctx.db.execute<{ subject: string; text_body: string; html_body: string }>(
      sql`SELECT subject, text_body, html_body FROM mail_outbox`,
    );
    const stored = rows.map((r) => `${r.subject}\n${r.text_body}\n${r.html_body}`);
    expect(named(stored)).toEqual([]);
    // The digest listed both: it stays for Yvonne, with the erased customer blanked.
    const digest = stored.find((t) => t.includes('Knappes Guthaben'))!;
    expect(digest).toContain('Yvonne Kirschenblatt');
    expect(digest).toContain(`Gelöschter Kunde #${gone.id}`);
    expect(stored.some((t) => t.includes('Yvonne Kirschenblatt') && t.includes('endet'))).toBe(true);

    const files = await outboxTexts();
    expect(named(files)).toEqual([]);
    expect(files.some((t) => t.includes('Kirschenblatt'))).toBe(true);

    expect(await attemptKeys()).toBe(0);
  });
});
