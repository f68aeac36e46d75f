import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWikiCategory } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { auditLog, wikiEntries } from '../../db/schema/index.js';

/**
 * Decision 0704: a wiki entry sealed as a password entry keeps no clear copy of its text or
 * username in the Protokoll (its list, its CSV and so every backup). Before, switching the
 * category to encryption sealed the entry but its "angelegt" row still showed
 * "Router-PW: F5-Klartext-Geheimnis-123".
 */
const SECRET = 'F5-Klartext-Geheimnis-123';
const LOGIN = 'f5-router-admin';

let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
});

const get = (url: string) => ctx.request({ method: 'GET', url, token: setup.token });
const put = (url: string, payload: Record<string, unknown>) =>
  ctx.request({ method: 'PUT', url, token: setup.token, payload });

/** What the Protokoll shows of an entry: its rows' changes, and the CSV's text. */
async function protocolOf(entryId: number) {
  const list = await get(`/api/audit?entity=wiki_entry&page_size=100`);
  expect(list.statusCode).toBe(200);
  const rows = (
    list.json().items as Array<{ entity_id: string | null; changes: Array<Record<string, unknown>> }>
  ).filter((row) => row.entity_id === String(entryId));
  const csv = await get('/api/audit/export.csv?entity=wiki_entry');
  expect(csv.statusCode).toBe(200);
  return { rows, text: JSON.stringify(rows), csv: csv.body };
}

async function clearEntry(categoryId: number) {
  const entry = await createEntry(ctx, setup, {
    category_id: categoryId,
    title: 'Router',
    content: `<p>Router-PW: ${SECRET}</p>`,
    username: LOGIN,
  });
  expect((await put(`/api/wiki/entries/${entry.id}`, { content: `<p>Router-PW: ${SECRET}!</p>` })).statusCode).toBe(
    200,
  );
  const before = await protocolOf(entry.id);
  expect(before.text).toContain(SECRET);
  expect(before.csv).toContain(SECRET);
  return entry.id as number;
}

function expectNoClearText(protocol: Awaited<ReturnType<typeof protocolOf>>) {
  for (const where of [protocol.text, protocol.csv]) {
    expect(where).not.toContain(SECRET);
    expect(where).not.toContain(LOGIN);
  }
  const content = protocol.rows.flatMap((row) => row.changes).filter((c) => c.field === 'content');
  expect(content.length).toBeGreaterThanOrEqual(2);
  expect(content.every((c) => c.secret === true && c.before === null && c.after === null)).toBe(true);
  const title = protocol.rows.flatMap((row) => row.changes).find((c) => c.field === 'title');
  expect(title).toMatchObject({ after: 'Router', secret: false });
}

describe('the Protokoll of a sealed wiki entry', () => {
  it('keeps no clear text once its category starts encrypting (the CSV neither)', async () => {
    const category = await buildWikiCategory(ctx.db, { name: 'Router und WLAN' });
    const id = await clearEntry(category.id);
    const switched = await put(`/api/wiki/categories/${category.id}`, {
      name: 'Router und WLAN',
      icon: '📁',
      description: '',
      allows_encryption: true,
      allows_files: false,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expectNoClearText(await protocolOf(id));
  });

  it('keeps no clear text once the entry itself becomes a password entry', async () => {
    const id = await clearEntry(setup.notes.id);
    expect((await put(`/api/wiki/entries/${id}`, { is_password_entry: true })).statusCode).toBe(200);
    expectNoClearText(await protocolOf(id));
  });

  it('leaves the Protokoll of clear entries as it is', async () => {
    const id = await clearEntry(setup.notes.id);
    expect((await protocolOf(id)).text).toContain(SECRET);
  });
});

describe('migration 0031', () => {
  const migration = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../drizzle/0031_seal_secret_wiki_fields_in_audit_log.sql'),
    'utf8',
  );
  const clear = (value: string) => ({ before: null, after: value });
  const row = (entityId: number | string, action: string, changes: Record<string, unknown>) => ({
    actorType: 'admin',
    actorName: 'Lisa Berger',
    action,
    entity: 'wiki_entry',
    entityId: String(entityId),
    changes: changes as Record<string, { before: unknown; after: unknown }>,
  });

  it('seals the rows written before, leaves every other row, and gives the same result run twice', async () => {
    const entry = async (categoryId: number, isPasswordEntry: boolean) =>
      (
        await ctx.db
          .insert(wikiEntries)
          .values({ customerId: setup.customer.id, categoryId, title: 'Router', isPasswordEntry, createdBy: 'admin' })
          .returning()
      )[0];
    const sealed = await entry(setup.vault.id, true);
    const open = await entry(setup.notes.id, false);
    const deletedId = 990_001;
    const written = await ctx.db
      .insert(auditLog)
      .values([
        // Written in clear before the category encrypted it (the entry is a password entry now).
        row(sealed.id, 'create', { title: clear('Router'), content: clear(SECRET), username: clear(LOGIN) }),
        // An entry since deleted, whose history shows it was sealed.
        row(deletedId, 'create', { content: clear(SECRET), notes: clear('bleibt') }),
        row(deletedId, 'encrypt', { isPasswordEntry: { before: false, after: true } }),
        // A clear entry: its text stays readable.
        row(open.id, 'create', { content: clear('Öffnungszeiten 8–12'), username: clear('frei') }),
        // Another entity with the same id.
        row(sealed.id, 'create', { content: clear('Projektbeschreibung') }),
      ])
      .returning({ id: auditLog.id });
    await ctx.db.update(auditLog).set({ entity: 'project' }).where(eq(auditLog.id, written[4].id));
    const mark = { before: '[geändert]', after: '[geändert]' };
    const expected = [
      { title: clear('Router'), content: mark, username: mark },
      { content: mark, notes: clear('bleibt') },
      { isPasswordEntry: { before: false, after: true } },
      { content: clear('Öffnungszeiten 8–12'), username: clear('frei') },
      { content: clear('Projektbeschreibung') },
    ];
    for (let run = 0; run < 2; run += 1) {
      await ctx.db.$client.query(migration);
      const after = await ctx.db
        .select({ id: auditLog.id, changes: auditLog.changes })
        .from(auditLog)
        .where(
          inArray(
            auditLog.id,
            written.map((w) => w.id),
          ),
        )
        .orderBy(auditLog.id);
      expect(after.map((r) => r.changes)).toEqual(expected);
    }
  });
});
