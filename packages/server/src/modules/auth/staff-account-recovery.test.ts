import { STAFF_FORGOT_PASSWORD_ANSWER } from '@butler/contract/auth';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveredLinkToken, deliveredMail } from '../../../test/delivered-mail.js';
import { buildAdmin, TEST_PASSWORD } from '../../../test/factories.js';
import { as, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { admins, auditLog, mailOutbox } from '../../db/schema/index.js';
import { ensureFirstAdmin } from '../../lib/bootstrap-admin.js';
import { FORGOT_PASSWORD_FLOOR_MS } from './forgot-password.service.js';

// The first owner's account (decision 0756): the generated password offered to be changed,
// an e-mail address of their own, and "Passwort vergessen" on the staff login.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.at' });
});

const mailsTo = (to: string) =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id));
const forgot = (login: unknown, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/staff/forgot-password',
    payload: { login } as Record<string, unknown>,
    remoteAddress,
  });
const sessionUser = async (token: string) =>
  (await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token })).json().user;

describe('the first start', () => {
  it('marks a generated password; the session says so until the owner sets their own', async () => {
    const first = await ensureFirstAdmin(ctx.db, 'chefin', undefined);
    expect(first.created).toBe(true);
    const token = await ctx.login('admin', 'chefin', first.generatedPassword!);
    expect(await sessionUser(token)).toMatchObject({ username: 'chefin', password_generated: true });
    const changed = await as(ctx, token).post('/api/account/password', {
      current_password: first.generatedPassword,
      new_password: 'Eigenes-Passwort-2026!',
    });
    expect(changed.statusCode).toBe(200);
    expect(await sessionUser(token)).toMatchObject({ password_generated: false });
    const [row] = await ctx.db.select().from(admins).where(eq(admins.username, 'chefin'));
    expect(row.passwordGenerated).toBe(false);
  });

  it('does not mark a password set through ADMIN_PASSWORD, nor an invited colleague', async () => {
    const office = await staffMember(ctx, 'office', 'Petra Büro');
    expect(await sessionUser(office.token)).toMatchObject({ password_generated: false });
    const again = await ensureFirstAdmin(ctx.db, 'zweite', 'Gesetztes-Passwort-1');
    expect(again).toMatchObject({ created: false });
  });
});

describe('own e-mail address', () => {
  it('is set under Konto with the current password; the new and the old address are told', async () => {
    const owner = await staffMember(ctx, 'owner', 'Lisa Berger');
    const me = as(ctx, owner.token);
    const wrong = await me.put('/api/account/email', { email: 'lisa@example.at', current_password: 'falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.current_password).toBe('Das Passwort ist falsch');
    expect((await me.get('/api/account')).json().email).toBeNull();

    const bad = await me.put('/api/account/email', { email: 'kein-at', current_password: TEST_PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.email).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');

    const set = await me.put('/api/account/email', { email: ' lisa@example.at ', current_password: TEST_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect((await me.get('/api/account')).json().email).toBe('lisa@example.at');
    expect((await mailsTo('lisa@example.at')).map((m) => m.template)).toEqual(['security-notice']);

    await me.put('/api/account/email', { email: 'lisa.berger@example.at', current_password: TEST_PASSWORD });
    expect(await mailsTo('lisa@example.at')).toHaveLength(2);
    expect(await mailsTo('lisa.berger@example.at')).toHaveLength(1);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'admin'), eq(auditLog.entityId, String(owner.id))));
    expect(audited.filter((a) => a.action === 'update')).toHaveLength(2);
  });

  it('an Inhaber sets a colleague\u2019s address under Mitarbeiter; nobody else may', async () => {
    const owner = await staffMember(ctx, 'owner', 'Inhaberin');
    const office = await staffMember(ctx, 'office', 'Büro');
    const colleague = await buildAdmin(ctx.db, { role: 'butler', name: 'Stefan Butler' });
    const body = { email: 'stefan@example.at', current_password: TEST_PASSWORD };
    expect((await as(ctx, office.token).put(`/api/staff/${colleague.id}/email`, body)).statusCode).toBe(403);
    const res = await as(ctx, owner.token).put(`/api/staff/${colleague.id}/email`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: colleague.id, email: 'stefan@example.at' });
    const anonymous = await ctx.request({ method: 'PUT', url: '/api/account/email', payload: body });
    expect(anonymous.statusCode).toBe(401);
    const missing = await as(ctx, owner.token).put('/api/staff/999999/email', body);
    expect(missing.statusCode).toBe(404);
  });
});

describe('Passwort vergessen on the staff login', () => {
  it('mails a reset link to the account’s address, found by username or by address', async () => {
    const member = await buildAdmin(ctx.db, { name: 'Maria Kanzlei', email: 'maria.kanzlei@example.at' });
    const byName = await forgot(member.username, '10.60.0.1');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().message).toBe(STAFF_FORGOT_PASSWORD_ANSWER);
    const [mail] = await mailsTo('maria.kanzlei@example.at');
    expect(mail.subject).toBe('Neues Passwort festlegen');
    expect(mail.textBody).toContain('Guten Tag Maria Kanzlei');
    expect(mail.textBody).toContain(`(Benutzername: ${member.username})`);
    const token = await deliveredLinkToken(ctx, mail.id);
    expect(await deliveredMail(ctx, mail.id)).toContain(`https://portal.example.at/passwort-festlegen#${token}`);
    const set = await ctx.request({
      method: 'POST',
      url: '/api/auth/password-link',
      payload: { token, password: 'Morgenrot-Lindenblatt-7' },
    });
    expect(set.json()).toMatchObject({ user_type: 'admin', login: member.username });
    const byAddress = await forgot('Maria.Kanzlei@example.at', '10.60.0.2');
    expect(byAddress.json().message).toBe(STAFF_FORGOT_PASSWORD_ANSWER);
    const resets = (await mailsTo('maria.kanzlei@example.at')).filter((m) => m.template === 'password-reset');
    expect(resets).toHaveLength(2);
    await expect(ctx.login('admin', member.username, 'Morgenrot-Lindenblatt-7')).resolves.toBeTypeOf('string');
  });

  it('answers the same for no account, no address, an open invitation and a deactivated one, and mails none', async () => {
    const noMail = await buildAdmin(ctx.db, { email: null });
    const invited = await buildAdmin(ctx.db, { email: 'eingeladen@example.at', passwordHash: null });
    const inactive = await buildAdmin(ctx.db, { email: 'weg@example.at', isActive: false });
    const known = await buildAdmin(ctx.db, { email: 'bekannt@example.at' });
    const answers = [];
    for (const [i, login] of [
      noMail.username,
      invited.username,
      inactive.username,
      'niemand',
      known.username,
    ].entries()) {
      const started = performance.now();
      const res = await forgot(login, `10.61.0.${i}`);
      answers.push({ body: res.body, status: res.statusCode, ms: performance.now() - started });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(answers[4].body);
      expect(answer.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 5);
    }
    expect(await mailsTo('eingeladen@example.at')).toHaveLength(0);
    expect(await mailsTo('weg@example.at')).toHaveLength(0);
    expect(await mailsTo('bekannt@example.at')).toHaveLength(1);
  });

  it('sends at most 3 mails an hour per account, and answers 429 after 10 requests an hour from one address', async () => {
    const member = await buildAdmin(ctx.db, { email: 'oft@example.at' });
    for (let i = 0; i < 5; i++) expect((await forgot(member.username, `10.62.0.${i}`)).statusCode).toBe(200);
    expect(await mailsTo('oft@example.at')).toHaveLength(3);
    for (let i = 0; i < 10; i++) expect((await forgot(`jemand-${i}`, '10.63.0.1')).statusCode).toBe(200);
    const blocked = await forgot('jemand-11', '10.63.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten? noch einmal\.$/);
  });

  it('refuses an empty or oversized login with a German 400 and sends nothing', async () => {
    const empty = await forgot('  ', '10.64.0.1');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.login).toBe('Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein');
    expect((await forgot('x'.repeat(300), '10.64.0.2')).statusCode).toBe(400);
    expect((await forgot(42, '10.64.0.3')).statusCode).toBe(400);
  });
});
