import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveredLinkToken, deliveredMail } from '../../../test/delivered-mail.js';
import { buildAdmin, TEST_PASSWORD } from '../../../test/factories.js';
import { makeTestTempDir } from '../../../test/temp-dirs.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { writeBackup } from '../../db/backup/write-backup.js';
import { mailOutbox } from '../../db/schema/index.js';
import { SECRET_LINK } from './secret-links.service.js';

/**
 * Decision 0502: a live reset or invitation link exists only in the
 * mail that reaches its recipient. A colleague reading the Postausgang, a backup and the
 * outbox row see the placeholder; the link is made when the mail is sent.
 */
let ctx: TestContext;
let boss: string;
let colleague: string;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.at' });
  const a = await buildAdmin(ctx.db);
  const c = await buildAdmin(ctx.db);
  boss = await ctx.login('admin', a.username, TEST_PASSWORD);
  colleague = await ctx.login('admin', c.username, TEST_PASSWORD);
});

const LIVE_LINK = /passwort-festlegen#[A-Za-z0-9_-]{20,}/;
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  ctx.request({ method, url, token, payload: payload as any });
const setPassword = (token: string, password: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/password-link', payload: { token, password } });

async function backupText(): Promise<string> {
  const dir = await makeTestTempDir('backup');
  const summary = await writeBackup(ctx.poolConfig, path.join(dir, 'b.backup'), path.join(dir, 'none'));
  return gunzipSync(await fs.readFile(summary.file)).toString('utf8');
}

describe('a reset link of a colleague', () => {
  it('is not in the Postausgang, the outbox row or a backup, only in the delivered mail', async () => {
    const target = await buildAdmin(ctx.db, { email: 'zielperson@example.at', name: 'Zielperson' });
    expect((await call('POST', `/api/staff/${target.id}/password-link`, boss)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'zielperson@example.at'))
      .orderBy(desc(mailOutbox.id));

    // Queued: a colleague opens it in the Postausgang; a backup runs meanwhile.
    const detail = (await call('GET', `/api/mail/outbox/${row.id}`, colleague)).json();
    expect(detail.text).toContain(SECRET_LINK);
    expect(`${detail.text}${detail.html}`).not.toMatch(LIVE_LINK);
    expect(await backupText()).not.toMatch(LIVE_LINK);

    const token = await deliveredLinkToken(ctx, row.id);
    // Sent: still only the placeholder in the row, its detail and a backup.
    const after = (await call('GET', `/api/mail/outbox/${row.id}`, colleague)).json();
    expect(after.status).toBe('sent');
    expect(`${after.text}${after.html}`).not.toContain(token);
    const backup = await backupText();
    expect(backup).not.toContain(token);
    expect(backup).not.toMatch(LIVE_LINK);
    expect((await setPassword(token, 'Frisches-Kennwort-heute-1')).statusCode).toBe(200);
  });

  it('sent again from the Postausgang: a new link works, the earlier one does not', async () => {
    const target = await buildAdmin(ctx.db, { email: 'nochmal@example.at', name: 'Nochmal' });
    await call('POST', `/api/staff/${target.id}/password-link`, boss);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nochmal@example.at'));
    const first = await deliveredLinkToken(ctx, row.id);
    const resent = await call('POST', `/api/mail/outbox/${row.id}/resend`, boss);
    expect(resent.statusCode).toBe(200);
    const second = await deliveredLinkToken(ctx, resent.json().id);
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'Erstes-Kennwort-geht-nicht-1')).statusCode).toBe(400);
    expect((await setPassword(second, 'Zweites-Kennwort-geht-schon-2')).statusCode).toBe(200);
    expect(await deliveredMail(ctx, resent.json().id)).toContain('https://portal.example.at/passwort-festlegen#');
  });

  it('an expired link is not sent again: a German 409 asks for a new one', async () => {
    const target = await buildAdmin(ctx.db, { email: 'abgelaufen@example.at', name: 'Abgelaufen' });
    await call('POST', `/api/staff/${target.id}/password-link`, boss);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'abgelaufen@example.at'));
    await ctx.db
      .update(mailOutbox)
      .set({ secretLink: { ...row.secretLink!, expiresAt: new Date(Date.now() - 1000).toISOString() } })
      .where(eq(mailOutbox.id, row.id));
    const resent = await call('POST', `/api/mail/outbox/${row.id}/resend`, boss);
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error).toMatch(/abgelaufen/);
  });
});
