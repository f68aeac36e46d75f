import { REFERRAL_CODE_ALPHABET } from '@butler/contract/customers';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, customers } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: admin });

let seq = 0;
const newCustomer = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    first_name: 'Maria',
    last_name: `Gruber${seq}`,
    email: `maria.gruber${seq}.${Date.now()}@example.at`,
    password: TEST_PASSWORD,
    ...overrides,
  };
};

describe('access', () => {
  it('every customer route is admin-only', async () => {
    const id = actors.customerA.id;
    const calls = [
      { method: 'GET', url: '/api/customers' },
      { method: 'POST', url: '/api/customers', payload: newCustomer() },
      { method: 'GET', url: `/api/customers/${id}` },
      { method: 'PUT', url: `/api/customers/${id}`, payload: { special_notes: 'x' } },
      { method: 'PUT', url: `/api/customers/${id}/personal-data`, payload: { marital_status: 'ledig' } },
      { method: 'PUT', url: `/api/customers/${id}/notes`, payload: { notes: 'n' } },
    ] as const;
    for (const call of calls) {
      await expectAccess(ctx, actors, call, { customerA: 403, customerB: 403, admin: [200, 201] });
    }
    const victim = await buildCustomer(ctx.db);
    await expectAccess(
      ctx,
      actors,
      { method: 'DELETE', url: `/api/customers/${victim.id}` },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});

describe('POST /api/customers', () => {
  it('creates a customer with a generated referral code, the default birthdate and a working password', async () => {
    const res = await api('POST', '/api/customers', newCustomer({ company: ' Gruber GmbH ', phone: '+43 1 234' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      company: 'Gruber GmbH',
      birthdate: '1970-01-01',
      is_active: true,
      referred_by_id: null,
    });
    expect(body.name).toBe(`${body.first_name} ${body.last_name}`);
    expect(body.referral_code).toHaveLength(8);
    for (const c of body.referral_code) expect(REFERRAL_CODE_ALPHABET).toContain(c);
    expect(body).not.toHaveProperty('password');
    expect(JSON.stringify(body)).not.toContain('argon2');
    await expect(ctx.login('customer', body.email, TEST_PASSWORD)).resolves.toBeTypeOf('string');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(body.id))))
      .orderBy(auditLog.id);
    // The creation, then the customer's own first login (logins are audited too).
    expect(audit.map((a) => a.action)).toEqual(['create', 'login']);
    expect(audit[0].actorName).toBe(actors.adminUsername);
    expect(JSON.stringify(audit[0].changes)).not.toContain('argon2');
  });

  it('gives every customer a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await api('POST', '/api/customers', newCustomer())).json().referral_code);
    expect(codes.size).toBe(5);
  });

  it('answers 409 when the e-mail is already used, whatever its case', async () => {
    const existing = await buildCustomer(ctx.db, { email: 'Doppelt@Example.at' });
    const res = await api('POST', '/api/customers', newCustomer({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Diese E-Mail-Adresse wird bereits verwendet');
  });

  it('links the referrer by code, case-insensitively, and refuses unknown codes', async () => {
    const referrer = await buildCustomer(ctx.db, { firstName: 'Rita', lastName: 'Referrer' });
    const ok = await api(
      'POST',
      '/api/customers',
      newCustomer({ referred_by_code: referrer.referralCode.toLowerCase() }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().referred_by_id).toBe(referrer.id);
    const detail = await api('GET', `/api/customers/${ok.json().id}`);
    expect(detail.json().referred_by_name).toBe('Rita Referrer');

    const unknown = await api('POST', '/api/customers', newCustomer({ referred_by_code: 'ZZZZZZZZ' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Empfehlungsgeber nicht gefunden',
      details: { referred_by_code: 'Empfehlungsgeber nicht gefunden' },
    });
  });

  it('requires first name, last name, e-mail and a password of 10 characters that is not a common one', async () => {
    const res = await api('POST', '/api/customers', { first_name: ' ', email: 'kaputt' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      first_name: 'Bitte geben Sie einen Vornamen ein',
      last_name: 'Bitte geben Sie einen Nachnamen ein',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      password: 'Bitte geben Sie ein Passwort ein',
    });
    const short = await api('POST', '/api/customers', newCustomer({ password: 'kurz' }));
    expect(short.json().error).toBe('Das Passwort muss mindestens 10 Zeichen lang sein');
    const common = await api('POST', '/api/customers', newCustomer({ password: 'Sommer2024!' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().details.password).toMatch(/Liste häufig verwendeter oder gestohlener Passwörter/);
    const badDate = await api('POST', '/api/customers', newCustomer({ birthdate: '2026-02-30' }));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details.birthdate).toBe('Dieses Datum existiert nicht');
  });
});

describe('GET /api/customers', () => {
  it('searches from 3 characters over first name, last name, e-mail, company and referral code', async () => {
    const target = await buildCustomer(ctx.db, {
      firstName: 'Quirin',
      lastName: 'Zwirbelbart',
      email: 'q.post@zwirbel-mail.at',
      company: 'Schnurrbart AG',
    });
    const other = await buildCustomer(ctx.db, { firstName: 'Otto', lastName: 'Normal' });
    for (const term of [
      'quirin',
      'ZWIRBELB',
      'zwirbel-mail',
      'schnurr',
      target.referralCode.toLowerCase(),
      'Quirin Zwir',
    ]) {
      const res = await api('GET', `/api/customers?search=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().map((c: any) => c.id),
        term,
      ).toEqual([target.id]);
      expect(res.headers['x-total-count']).toBe('1');
    }
    // Under 3 characters the filter does not apply.
    const short = await api('GET', '/api/customers?search=qu&page_size=500');
    expect(short.json().map((c: any) => c.id)).toEqual(expect.arrayContaining([target.id, other.id]));
    // LIKE wildcards are searched literally.
    expect((await api('GET', '/api/customers?search=%25%25%25')).json()).toEqual([]);
  });

  it('pages the list and reports the total in X-Total-Count', async () => {
    const all = await api('GET', '/api/customers?page_size=500');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.json().length);
    const page1 = await api('GET', '/api/customers?page=1&page_size=2');
    const page2 = await api('GET', '/api/customers?page=2&page_size=2');
    expect(page1.json()).toHaveLength(2);
    expect(page2.headers['x-total-count']).toBe(String(total));
    expect(page2.json().map((c: any) => c.id)).toEqual(
      all
        .json()
        .slice(2, 4)
        .map((c: any) => c.id),
    );
    const invalid = await api('GET', '/api/customers?page=0&page_size=9999');
    expect(invalid.statusCode).toBe(400);
  });
});

describe('GET/PUT /api/customers/:id', () => {
  it('answers 404 "Kunde nicht gefunden" for unknown ids on every customer route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/customers/999999', undefined],
      ['PUT', '/api/customers/999999', { notes: 'x' }],
      ['DELETE', '/api/customers/999999', undefined],
      ['PUT', '/api/customers/999999/personal-data', {}],
      ['PUT', '/api/customers/999999/notes', { notes: 'x' }],
    ] as const) {
      const res = await api(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe('Kunde nicht gefunden');
    }
    expect((await api('GET', '/api/customers/abc')).statusCode).toBe(400);
  });

  it('updates one notes field without touching the others and answers the customer', async () => {
    const c = await buildCustomer(ctx.db, { company: 'Alt GmbH', privateNotes: 'privat', companyInfo: 'firma' });
    const res = await api('PUT', `/api/customers/${c.id}`, { special_notes: 'Hund heißt Bello' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      special_notes: 'Hund heißt Bello',
      private_notes: 'privat',
      company_info: 'firma',
      company: 'Alt GmbH',
      first_name: c.firstName,
    });
    const cleared = await api('PUT', `/api/customers/${c.id}`, { private_notes: '' });
    expect(cleared.json().private_notes).toBeNull();
  });

  it('keeps the password when it is empty and changes it when given', async () => {
    const c = await buildCustomer(ctx.db);
    await api('PUT', `/api/customers/${c.id}`, { first_name: 'Neu', password: '' });
    await expect(ctx.login('customer', c.email, TEST_PASSWORD)).resolves.toBeTypeOf('string');
    await api('PUT', `/api/customers/${c.id}`, { password: 'Ganz-neues-Passwort' });
    await expect(ctx.login('customer', c.email, 'Ganz-neues-Passwort')).resolves.toBeTypeOf('string');
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row.firstName).toBe('Neu');
  });

  it('refuses an e-mail another customer uses (409) but accepts the own one in another case', async () => {
    const a = await buildCustomer(ctx.db);
    const b = await buildCustomer(ctx.db);
    const taken = await api('PUT', `/api/customers/${a.id}`, { email: b.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Diese E-Mail-Adresse wird bereits verwendet');
    const own = await api('PUT', `/api/customers/${a.id}`, { email: a.email.toUpperCase() });
    expect(own.statusCode).toBe(200);
  });

  it('deactivating a customer ends their open sessions and blocks new logins', async () => {
    const c = await buildCustomer(ctx.db);
    const token = await ctx.login('customer', c.email, TEST_PASSWORD);
    const res = await api('PUT', `/api/customers/${c.id}`, { is_active: false });
    expect(res.json().is_active).toBe(false);
    const validate = await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token });
    expect(validate.statusCode).toBe(401);
    // Reactivating does not bring the old session back.
    await api('PUT', `/api/customers/${c.id}`, { is_active: true });
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token })).statusCode).toBe(401);
    await expect(ctx.login('customer', c.email, TEST_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('does not accept a referral code on edit', async () => {
    const referrer = await buildCustomer(ctx.db);
    const c = await buildCustomer(ctx.db);
    const res = await api('PUT', `/api/customers/${c.id}`, { referred_by_code: referrer.referralCode });
    expect(res.statusCode).toBe(200);
    expect(res.json().referred_by_id).toBeNull();
  });
});
