import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../test/access-matrix.js';
import { buildProject, buildWikiCategory, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { customers, projects, wikiEntries } from '../db/schema/index.js';
import { registerErrorHandler } from './error-handler.js';
import { FIELD_HAS_FORBIDDEN_CHARACTER, FILENAME_HAS_FORBIDDEN_CHARACTER } from './input-guard.js';

/**
 * Decision 0381: a NUL anywhere made PostgreSQL refuse the statement and the portal answer 500.
 * Each case here was a 500 before lib/input-guard.ts.
 */
let ctx: TestContext;
let actors: Actors;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
});

const REFUSED = 'Die Eingabe enthält ein unzulässiges Zeichen';
const NUL = '\u0000';
const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token: string | undefined = admin) =>
  ctx.request({ method, url, payload: payload as any, token });

function expectRefused(res: { statusCode: number; json: () => any }, details: Record<string, string>) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: REFUSED, details });
}

const newCustomer = (overrides: Record<string, unknown>) => ({
  first_name: 'Maria',
  last_name: 'Gruber',
  email: `maria.${Date.now()}.${Math.random().toString(36).slice(2)}@example.at`,
  password: TEST_PASSWORD,
  ...overrides,
});

describe('a NUL in a text field is a German 400 naming the field', () => {
  it('customer create (and nothing is stored)', async () => {
    const before = await ctx.db.$count(customers);
    const res = await api('POST', '/api/customers', newCustomer({ first_name: `Ma${NUL}ria` }));
    expectRefused(res, { first_name: FIELD_HAS_FORBIDDEN_CHARACTER });
    expect(await ctx.db.$count(customers)).toBe(before);
  });

  it('customer update, personal data and notes', async () => {
    const id = actors.customerA.id;
    expectRefused(await api('PUT', `/api/customers/${id}`, { city: `Wien${NUL}` }), {
      city: FIELD_HAS_FORBIDDEN_CHARACTER,
    });
    expectRefused(
      await api('PUT', `/api/customers/${id}/personal-data`, { children: [{ name: `Lea${NUL}`, gender: 'girl' }] }),
      { 'children.0.name': FIELD_HAS_FORBIDDEN_CHARACTER },
    );
    expectRefused(await api('PUT', `/api/customers/${id}/notes`, { notes: NUL }), {
      notes: FIELD_HAS_FORBIDDEN_CHARACTER,
    });
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, id));
    expect(row.city).toBeNull();
  });

  it('project names', async () => {
    const id = actors.customerA.id;
    expectRefused(await api('POST', `/api/customers/${id}/projects`, { name: `Garten${NUL}` }), {
      name: FIELD_HAS_FORBIDDEN_CHARACTER,
    });
    const project = await buildProject(ctx.db, id);
    expectRefused(await api('PUT', `/api/projects/${project.id}`, { name: `${NUL}` }), {
      name: FIELD_HAS_FORBIDDEN_CHARACTER,
    });
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row.name).toBe('Haushalt');
  });

  it('the login e-mail (the answer keeps the login shape)', async () => {
    const res = await api(
      'POST',
      '/api/auth/login',
      { email: `${actors.customerA.email}${NUL}`, password: TEST_PASSWORD, user_type: 'customer' },
      undefined,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: REFUSED, details: { email: FIELD_HAS_FORBIDDEN_CHARACTER } });
  });

  it('the searches of customers, wiki and invoices (and the other lists)', async () => {
    const nul = encodeURIComponent(`Hu${NUL}ber`);
    for (const url of [
      `/api/customers?search=${nul}`,
      `/api/wiki/search?q=${nul}`,
      `/api/quickbill/invoices?search=${nul}`,
      `/api/subscriptions?search=${nul}`,
      `/api/hour-packages?search=${nul}`,
    ]) {
      expectRefused(await api('GET', url), { [url.includes('?q=') ? 'q' : 'search']: FIELD_HAS_FORBIDDEN_CHARACTER });
    }
  });

  it('path parameters', async () => {
    expectRefused(await api('GET', '/api/customers/1%00'), { id: FIELD_HAS_FORBIDDEN_CHARACTER });
  });

  it('keys of a body object and nested invoice items', async () => {
    const res = await api('POST', '/api/quickbill/invoices', {
      customer_id: actors.customerA.id,
      invoice_date: '2026-03-01',
      items: [{ description: `Beratung${NUL}`, quantity: 1, unit: 'h', unit_price: 50, tax_rate: 20 }],
      [`x${NUL}`]: 1,
    });
    expectRefused(res, {
      'items.0.description': FIELD_HAS_FORBIDDEN_CHARACTER,
      'x\\u0000': FIELD_HAS_FORBIDDEN_CHARACTER,
    });
  });
});

describe('lone UTF-16 surrogates are refused, pairs (emoji) are fine', () => {
  it('refuses a lone high or low surrogate instead of storing U+FFFD', async () => {
    for (const bad of [`Garten${LONE_HIGH}`, `${LONE_LOW}Garten`, `${LONE_LOW}${LONE_HIGH}`]) {
      const res = await api('POST', `/api/customers/${actors.customerA.id}/projects`, { name: bad });
      expectRefused(res, { name: FIELD_HAS_FORBIDDEN_CHARACTER });
    }
  });

  it('stores emoji and right-to-left text unchanged', async () => {
    const name = `Garten 🌻 ${LONE_HIGH}${LONE_LOW} مرحبا`;
    const res = await api('POST', `/api/customers/${actors.customerA.id}/projects`, { name });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe(name);
  });
});

describe('multipart uploads', () => {
  async function wikiEntry() {
    const category = await buildWikiCategory(ctx.db, { allowsFiles: true });
    const [entry] = await ctx.db
      .insert(wikiEntries)
      .values({ customerId: actors.customerA.id, categoryId: category.id, title: 'Pläne', createdBy: 'admin' })
      .returning();
    return entry.id;
  }
  function multipart(parts: Array<{ name: string; filename?: string; value: string }>) {
    const boundary = '----butler-guard';
    const body = parts
      .map((p) => {
        const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
        const type = p.filename === undefined ? '' : '\r\nContent-Type: text/plain';
        return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${p.value}\r\n`;
      })
      .join('');
    return {
      payload: Buffer.from(`${body}--${boundary}--\r\n`, 'utf8'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('refuses a NUL in a file name and in a field value, and stores no file', async () => {
    const id = await wikiEntry();
    const withName = multipart([{ name: 'file', filename: `plan${NUL}.txt`, value: 'Inhalt' }]);
    const res = await ctx.request({ method: 'POST', url: `/api/wiki/entries/${id}/files`, token: admin, ...withName });
    expectRefused(res, { file: FILENAME_HAS_FORBIDDEN_CHARACTER });

    const withField = multipart([
      { name: 'note', value: `a${NUL}b` },
      { name: 'file', filename: 'plan.txt', value: 'Inhalt' },
    ]);
    const res2 = await ctx.request({
      method: 'POST',
      url: `/api/wiki/entries/${id}/files`,
      token: admin,
      ...withField,
    });
    expectRefused(res2, { note: FIELD_HAS_FORBIDDEN_CHARACTER });

    const files = await ctx.request({ method: 'GET', url: `/api/wiki/entries/${id}`, token: admin });
    expect(files.json().files).toEqual([]);
  });

  it('still accepts a clean upload', async () => {
    const id = await wikiEntry();
    const clean = multipart([{ name: 'file', filename: 'plan.txt', value: 'Inhalt' }]);
    const res = await ctx.request({ method: 'POST', url: `/api/wiki/entries/${id}/files`, token: admin, ...clean });
    expect(res.statusCode).toBe(201);
  });
});

describe('addresses the router cannot read are answered in German (fuzzer findings)', () => {
  it('a path that is not valid UTF-8 (a lone surrogate, percent-encoded) is a 400', async () => {
    const res = await api('PUT', '/api/projects/%ED%B0%80%ED%A0%80', { name: 'Garten' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Die Adresse enthält ungültige Zeichen' });
  });

  it('a path parameter of 10,000 characters is a 414', async () => {
    const res = await api('POST', `/api/quickbill/invoices/${'x'.repeat(10_000)}/cancel`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 'Die Adresse ist zu lang' });
  });
});

describe('second line of defence: the error handler', () => {
  it('answers 400, not 500, when PostgreSQL itself refuses a character', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/probe', async () => ctx.db.execute(sql`SELECT ${`a${NUL}b`}::text AS value`));
    app.get('/probe-json', async () => ctx.db.execute(sql`SELECT ${'{"a":"\\u0000"}'}::jsonb AS value`));
    for (const url of ['/probe', '/probe-json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: REFUSED });
    }
    await app.close();
  });
});
