import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, buildWikiCategory, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { safeError, scrubLogText } from './log-safety.js';

/**
 * Decision 0501: database errors on writes that carry secrets, hashes and personal
 * data are logged without any of them. Triggers make the writes fail the way a race does
 * (a foreign-key or unique violation whose DETAIL repeats the values) or as a crash (500);
 * every line the portal's own logger writes is captured at level debug.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { logStream: capture });
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
});

/** Every write to `table` fails with `code`; message and DETAIL repeat the row, as PostgreSQL's own do. */
async function failWrites(table: string, code: string) {
  await ctx.db.execute(
    sql.raw(`
    CREATE OR REPLACE FUNCTION fail_write_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = '${code}',
        MESSAGE = format('write refused: %s', row_to_json(NEW)::text),
        DETAIL = format('Key (row)=(%s) is not present', row_to_json(NEW)::text);
    END $$;
    CREATE TRIGGER fail_write_${table} BEFORE INSERT OR UPDATE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION fail_write_${table}();`),
  );
}
const allowWrites = (table: string) => ctx.db.execute(sql.raw(`DROP TRIGGER fail_write_${table} ON ${table}`));

const person = {
  first_name: 'Hermine',
  last_name: 'Zwetschkenbauer',
  email: 'hermine.zwetschkenbauer@example.at',
  phone: '+43 664 7654321',
  street: 'Quittengasse 17',
  postal_code: '8010',
  city: 'Graz',
  password: 'Marillen-Knödel-2026!',
};
const SECRETS = [
  person.first_name,
  person.last_name,
  person.email,
  person.phone,
  person.street,
  person.password,
  '$argon2',
  'Wiki-Geheimnis-4711',
  'Zugang-Benutzer-0815',
  'Mitarbeiterin Quitte',
  'quitte.mitarbeiterin@example.at',
];

describe('log lines after failed writes of personal data and secrets', () => {
  it('name no value that was written, and still say what failed', async () => {
    await failWrites('customers', '23503');
    const race = await ctx.request({ method: 'POST', url: '/api/customers', token, payload: person });
    expect(race.statusCode).toBe(409);
    await allowWrites('customers');

    const existing = await buildCustomer(ctx.db);
    await failWrites('customers', 'XX000');
    const crash = await ctx.request({ method: 'POST', url: '/api/customers', token, payload: person });
    expect(crash.statusCode).toBe(500);
    const update = await ctx.request({
      method: 'PUT',
      url: `/api/customers/${existing.id}`,
      token,
      payload: { ...person, email: existing.email },
    });
    expect(update.statusCode).toBe(500);
    await allowWrites('customers');

    await failWrites('admins', '23505');
    const invite = await ctx.request({
      method: 'POST',
      url: '/api/staff',
      token,
      payload: {
        name: 'Mitarbeiterin Quitte',
        username: 'quitte',
        email: 'quitte.mitarbeiterin@example.at',
        role: 'office',
      },
    });
    expect(invite.statusCode).toBe(409);
    await allowWrites('admins');

    const category = await buildWikiCategory(ctx.db, { allowsEncryption: true });
    await failWrites('wiki_entries', 'XX000');
    const secret = await ctx.request({
      method: 'POST',
      url: '/api/wiki/entries',
      token,
      payload: {
        customer_id: existing.id,
        category_id: category.id,
        title: 'Zugang',
        content: 'Wiki-Geheimnis-4711',
        username: 'Zugang-Benutzer-0815',
      },
    });
    expect(secret.statusCode).toBe(500);
    await allowWrites('wiki_entries');

    // A reset mail: the outbox row carries the address (and, before decision 0502, the link).
    const active = await buildCustomer(ctx.db, { email: person.email.replace('hermine', 'h2') });
    await failWrites('mail_outbox', 'XX000');
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: active.email },
    });
    expect(reset.statusCode).toBe(500);
    await allowWrites('mail_outbox');

    const errors = lines.filter((line) => /"level":(40|50)/.test(line));
    if (process.env.SHOW_LOG) console.log(lines.join('\n'));
    expect(errors.length).toBeGreaterThanOrEqual(6);
    expect(errors.some((line) => line.includes('"code":"23503"'))).toBe(true);
    expect(errors.some((line) => line.includes('"code":"XX000"'))).toBe(true);
    for (const line of lines) {
      for (const value of [...SECRETS, active.email]) expect(line).not.toContain(value);
      expect(line).not.toMatch(/"params"|params: (?!\[ausgelassen\])/);
    }
  });
});

describe('safeError and scrubLogText', () => {
  it('keep the statement and the codes of a failed query, never its parameters or detail', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "customers_email_lower_uq"'),
      {
        code: '23505',
        severity: 'ERROR',
        detail: 'Key (lower(email))=(a@b.at) already exists.',
        constraint: 'customers_email_lower_uq',
        table: 'customers',
      },
    );
    const error = Object.assign(new Error('Failed query: insert into "customers" values ($1)\nparams: a@b.at'), {
      query: 'insert into "customers" values ($1)',
      params: ['a@b.at'],
      cause,
    });
    const safe = safeError(error);
    expect(safe).toMatchObject({
      code: '23505',
      constraint: 'customers_email_lower_uq',
      table: 'customers',
      query: 'insert into "customers" values ($1)',
    });
    expect(JSON.stringify(safe)).not.toContain('a@b.at');
  });

  it('mask e-mail addresses, argon2 hashes, link tokens and parameter lists in free text', () => {
    const text = scrubLogText(
      '550 <maria@example.at> rejected; $argon2id$v=19$m=19456,t=2,p=1$abc$def; /passwort-festlegen#AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd\nparams: 1,2',
    );
    expect(text).toBe('550 <[E-Mail]> rejected; [Hash]; /passwort-festlegen#[Link]\nparams: [ausgelassen]');
  });
});

describe('file content in log lines (decision 0706)', () => {
  it('masks IBANs, whole or in groups of four, and leaves codes and numbers alone', () => {
    expect(scrubLogText('payer AT022011100000000000, payee AT61 1904 3002 3457 3201; at48 3200 0000 1234 5864')).toBe(
      'payer [IBAN], payee [IBAN]; [IBAN]',
    );
    expect(scrubLogText('SQLSTATE 23505 at step 12, invoice 2026-0042, 482.22 EUR')).toBe(
      'SQLSTATE 23505 at step 12, invoice 2026-0042, 482.22 EUR',
    );
  });

  it("keeps an error's first line only, without the quoted input of a parser", () => {
    const libxml2 = Object.assign(
      new Error('datei.xml:1: error: libxml2: out of memory\n<a/><b>AT022011100000000000 Max Mustermann</b><a/>'),
      { code: 9 },
    );
    expect(safeError(libxml2)).toMatchObject({ code: 9, message: 'datei.xml:1: error: libxml2: out of memory' });
    let json: unknown;
    try {
      JSON.parse('{"name": Maximiliane Mustermann}');
    } catch (error) {
      json = error;
    }
    const safe = JSON.stringify(safeError(json));
    expect(safe).not.toContain('Mustermann');
    expect(safe).toContain('SyntaxError');
    // Names of code in quotes stay: they say where it failed.
    expect(safeError(new Error(`Cannot find module '/srv/portal/x.ts' imported from "worker"`)).message).toBe(
      `Cannot find module '/srv/portal/x.ts' imported from "worker"`,
    );
    expect(safeError(new Error('x'.repeat(1000))).message).toHaveLength(300);
  });
});
