import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { deliveredLinkToken, deliveredMail } from '../../../test/delivered-mail.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { customers, mailOutbox } from '../../db/schema/index.js';
import { SECRET_LINK } from '../mail/secret-links.service.js';
import { FORGOT_PASSWORD_FLOOR_MS } from './forgot-password.service.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.at' });
  actors = await createActors(ctx);
});

const admin = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });
const mailsTo = (to: string) =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id));
const setPassword = (token: string, password: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/password-link', payload: { token, password } });

describe('staff invitation', () => {
  it('creates the account without password and mails a German single-use link (Sie)', async () => {
    const res = await admin('POST', '/api/staff', {
      name: 'Petra Lindner',
      username: 'P.Lindner',
      email: 'petra@example.at',
      role: 'office',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'p.lindner',
      name: 'Petra Lindner',
      role: 'office',
      grants: [],
      invitation_pending: true,
      is_active: true,
    });
    const [mail] = await mailsTo('petra@example.at');
    expect(mail.subject).toMatch(/^Einladung zum Back Office/);
    expect(mail.textBody).toContain('Guten Tag Petra Lindner');
    expect(mail.textBody).toContain('Ihr Benutzername ist p.lindner');
    expect(mail.textBody).toMatch(/gilt bis \d{2}\.\d{2}\.\d{4}/);
    expect(mail.htmlBody).toContain('Passwort festlegen');
    // The stored mail (Postausgang, backups) holds the placeholder; the delivered one the link.
    expect(mail.textBody).toContain(`Passwort festlegen: ${SECRET_LINK}`);
    expect(`${mail.textBody}${mail.htmlBody}`).not.toMatch(/passwort-festlegen#/);
    const token = await deliveredLinkToken(ctx, mail.id);
    const delivered = await deliveredMail(ctx, mail.id);
    expect(delivered).toContain(`https://portal.example.at/passwort-festlegen#${token}`);
    expect(delivered).toContain(`href="https://portal.example.at/passwort-festlegen#${token}"`);
    expect(delivered).not.toContain(SECRET_LINK);
    await expect(ctx.login('admin', 'p.lindner', TEST_PASSWORD)).rejects.toThrow(/401/);
    expect((await setPassword(token, 'Kanzlei-Morgenrot-2026')).statusCode).toBe(200);
    await expect(ctx.login('admin', 'p.lindner', 'Kanzlei-Morgenrot-2026')).resolves.toBeTypeOf('string');
  });

  it('refuses a taken username and hostile input with German 400s', async () => {
    await buildAdmin(ctx.db, { username: 'vergeben' });
    const taken = await admin('POST', '/api/staff', {
      name: 'X',
      username: 'vergeben',
      email: 'x@example.at',
      role: 'butler',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details.username).toBe('Dieser Benutzername ist bereits vergeben');
    const hostile = await admin('POST', '/api/staff', { name: '', username: '<script>', email: 'kein-mail' });
    expect(hostile.statusCode).toBe(400);
    expect(Object.keys(hostile.json().details).sort()).toEqual(['email', 'name', 'role', 'username']);
    expect(hostile.json().details.role).toBe('Bitte wählen Sie eine Rolle (Inhaber, Büro, Buchhaltung, Butler)');
  });

  it('sends the invitation again while no password is set, and a reset link after', async () => {
    const pending = await buildAdmin(ctx.db, { passwordHash: null, email: 'offen@example.at', name: 'Offen' });
    expect((await admin('POST', `/api/staff/${pending.id}/password-link`)).statusCode).toBe(200);
    expect((await mailsTo('offen@example.at'))[0].subject).toMatch(/^Einladung/);
    const active = await buildAdmin(ctx.db, { email: 'aktiv@example.at', name: 'Aktiv' });
    expect((await admin('POST', `/api/staff/${active.id}/password-link`)).statusCode).toBe(200);
    const [reset] = await mailsTo('aktiv@example.at');
    expect(reset.subject).toBe('Neues Passwort festlegen');
    expect(reset.textBody).toContain('60 Minuten');
    const noMail = await buildAdmin(ctx.db);
    expect((await admin('POST', `/api/staff/${noMail.id}/password-link`)).statusCode).toBe(409);
  });
});

describe('customer invitation from the customer form', () => {
  it('sends an invitation instead of a password (du), valid 7 days', async () => {
    const res = await admin('POST', '/api/customers', {
      first_name: 'Greta',
      last_name: 'Einladerin',
      email: 'greta@example.at',
      send_invitation: true,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, res.json().id));
    expect(row.passwordHash).toBeNull();
    const [mail] = await mailsTo('greta@example.at');
    expect(mail.subject).toMatch(/^Deine Einladung in die Lounge/);
    expect(mail.textBody).toContain('Hallo Greta');
    expect(mail.customerId).toBe(row.id);
    const token = await deliveredLinkToken(ctx, mail.id);
    const info = await ctx.request({ method: 'POST', url: '/api/auth/password-link/info', payload: { token } });
    const days = (Date.parse(info.json().expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect((await setPassword(token, 'Gartenhaus-am-See-77')).statusCode).toBe(200);
    await expect(ctx.login('customer', 'greta@example.at', 'Gartenhaus-am-See-77')).resolves.toBeTypeOf('string');
  });

  it('refuses a password together with an invitation, and neither', async () => {
    const both = await admin('POST', '/api/customers', {
      first_name: 'A',
      last_name: 'B',
      email: 'beides@example.at',
      password: 'Ganz-sicheres-Kennwort-1',
      send_invitation: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().details.password).toMatch(/Bei einer Einladung/);
    const neither = await admin('POST', '/api/customers', {
      first_name: 'A',
      last_name: 'B',
      email: 'keines@example.at',
    });
    expect(neither.json().details.password).toBe('Bitte geben Sie ein Passwort ein');
    expect(await mailsTo('beides@example.at')).toHaveLength(0);
  });
});

describe('Passwort vergessen?', () => {
  const forgot = (email: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
  async function timed(email: string, remoteAddress: string) {
    const started = performance.now();
    const res = await forgot(email, remoteAddress);
    return { res, ms: performance.now() - started };
  }

  it('answers the same text in similar time for known and unknown addresses, and mails only the known', async () => {
    const customer = await buildCustomer(ctx.db, { email: 'vergesslich@example.at', firstName: 'Konrad' });
    const known = await timed('Vergesslich@example.at', '10.50.0.1');
    const unknown = await timed('niemand-da@example.at', '10.50.0.2');
    const inactive = await buildCustomer(ctx.db, { isActive: false });
    const disabled = await timed(inactive.email, '10.50.0.3');
    for (const { res, ms } of [known, unknown, disabled]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known.res.body);
      expect(ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 5);
    }
    // Both wait for the floor; the known address's work is far shorter than it.
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Dein neues Passwort');
    expect(mails[0].textBody).toContain('Hallo Konrad');
    expect(mails[0].textBody).toContain('60 Minuten');
    expect(await mailsTo('niemand-da@example.at')).toHaveLength(0);
    expect(await mailsTo(inactive.email)).toHaveLength(0);
  });

  it('sends at most 3 mails an hour per e-mail, with the same answer after that', async () => {
    const customer = await buildCustomer(ctx.db);
    for (let i = 0; i < 5; i++) {
      const res = await forgot(customer.email, `10.51.0.${i}`);
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo(customer.email)).toHaveLength(3);
  });

  it('answers 429 after 10 requests an hour from one address', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(`x${i}@example.at`, '10.52.0.1')).statusCode).toBe(200);
    const blocked = await forgot('y@example.at', '10.52.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Zu viele Anfragen/);
  });

  it('refuses a malformed address with a German 400', async () => {
    const res = await forgot('kein at zeichen', '10.53.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.email).toBe('Bitte gib eine gültige E-Mail-Adresse ein');
  });
});

describe('access of the invitation routes', () => {
  it('invitations and links are admin-only', async () => {
    const adminOnly = { customerA: 403, customerB: 403 };
    await expectAccess(ctx, actors, { method: 'POST', url: '/api/staff', payload: {} }, { ...adminOnly, admin: 400 });
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/staff/999999/password-link' },
      { ...adminOnly, admin: 404 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/customers/999999/password-link' },
      { ...adminOnly, admin: 404 },
    );
  });
});
