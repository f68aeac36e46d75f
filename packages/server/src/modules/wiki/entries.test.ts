import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildWikiCategory } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { auditLog, projects, wikiEntries } from '../../db/schema/index.js';

let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
});

const REQUIRED = 'Bitte füllen Sie alle Pflichtfelder aus';
const post = (payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: '/api/wiki/entries', token: setup.token, payload });
const put = (id: number, payload: Record<string, unknown>) =>
  ctx.request({ method: 'PUT', url: `/api/wiki/entries/${id}`, token: setup.token, payload });
const get = (id: number, query = '') =>
  ctx.request({ method: 'GET', url: `/api/wiki/entries/${id}${query}`, token: setup.token });
const dbRow = async (id: number) => (await ctx.db.select().from(wikiEntries).where(eq(wikiEntries.id, id)))[0];
const auditOf = (id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'wiki_entry'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));

describe('POST /api/wiki/entries', () => {
  it('stores sanitised HTML, takes the creator from the session and answers the SPEC §3 fields', async () => {
    const entry = await createEntry(ctx, setup, {
      title: 'Heizung',
      content: '<p onclick="steal()">Service <strong>jährlich</strong><script>alert(1)</script></p>',
      username: 'hausmeister',
      external_link: 'https://example.at/heizung',
      created_by: 'Hacker',
    });
    expect(entry).toMatchObject({
      customer_id: setup.customer.id,
      category_id: setup.notes.id,
      title: 'Heizung',
      content: '<p>Service <strong>jährlich</strong></p>',
      username: 'hausmeister',
      is_password_entry: false,
      external_link: 'https://example.at/heizung',
      is_featured: false,
      project_reference_id: null,
      created_by: setup.admin.username,
      customer_name: `${setup.customer.firstName} ${setup.customer.lastName}`,
      category_name: setup.notes.name,
      category_icon: setup.notes.icon,
      files: [],
    });
    expect(await auditOf(entry.id, 'create')).toHaveLength(1);
  });

  it('requires customer, category, title and content with the SPEC text', async () => {
    const full = { customer_id: setup.customer.id, category_id: setup.notes.id, title: 'T', content: '<p>x</p>' };
    for (const field of ['customer_id', 'category_id', 'title', 'content'] as const) {
      const { [field]: _, ...rest } = full;
      const res = await post(rest);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toBe(REQUIRED);
      expect(res.json().details[field]).toBe(REQUIRED);
    }
    const blank = await post({ ...full, title: '   ' });
    expect(blank.json().error).toBe(REQUIRED);
    // Content that is nothing but markup the sanitiser removes is missing content.
    const onlyScript = await post({ ...full, content: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().error).toBe(REQUIRED);
  });

  it('accepts only http(s) external links', async () => {
    const base = { customer_id: setup.customer.id, category_id: setup.notes.id, title: 'Link', content: 'x' };
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.at',
      '/relativ',
      'www.example.at',
    ]) {
      const res = await post({ ...base, external_link: link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().error).toBe('Bitte geben Sie einen gültigen Link an, der mit http:// oder https:// beginnt');
    }
    expect((await post({ ...base, external_link: 'http://example.at' })).statusCode).toBe(201);
  });

  it('answers 404 with German text for an unknown category or customer', async () => {
    const base = { customer_id: setup.customer.id, category_id: setup.notes.id, title: 'T', content: 'x' };
    const noCategory = await post({ ...base, category_id: 999_999 });
    expect(noCategory.statusCode).toBe(404);
    expect(noCategory.json().error).toBe('Kategorie nicht gefunden');
    const noCustomer = await post({ ...base, customer_id: 999_999 });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json().error).toBe('Kunde nicht gefunden');
  });
});

describe('password entries', () => {
  it('encrypts content and username and answers them as null unless an admin asks to decrypt', async () => {
    const entry = await createEntry(ctx, setup, {
      title: 'WLAN',
      content: 'Pa$$<wort> 1',
      username: 'gast',
      is_password_entry: true,
    });
    expect(entry).toMatchObject({ is_password_entry: true, content: null, username: null });
    const row = await dbRow(entry.id);
    expect(row.content).toBeNull();
    expect(row.username).toBeNull();
    expect(row.encryptedContent).toMatch(/^v\d+:[A-Za-z0-9+/]{16}:/);
    expect(row.encryptedUsername).toMatch(/^v\d+:/);

    const hidden = await get(entry.id);
    expect(hidden.json()).toMatchObject({ content: null, username: null });
    expect(await auditOf(entry.id, 'reveal')).toHaveLength(0);

    const revealed = await get(entry.id, '?decrypt_passwords=true');
    expect(revealed.statusCode).toBe(200);
    // The secret comes back exactly, not treated as HTML.
    expect(revealed.json()).toMatchObject({ content: 'Pa$$<wort> 1', username: 'gast' });
    expect(revealed.headers['cache-control']).toBe('no-store');
    const reveals = await auditOf(entry.id, 'reveal');
    expect(reveals).toHaveLength(1);
    expect(reveals[0].actorName).toBe(setup.admin.username);
  });

  it('becomes a password entry automatically in an encrypting category and in one named Passwörter', async () => {
    const inVault = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'geheim-1' });
    expect(inVault.is_password_entry).toBe(true);
    const named = await buildWikiCategory(ctx.db, { name: 'passwörter', icon: '🔑' });
    const inNamed = await createEntry(ctx, setup, { category_id: named.id, content: 'geheim-2' });
    expect(inNamed.is_password_entry).toBe(true);
    expect((await dbRow(inNamed.id)).content).toBeNull();
  });

  it('keeps secrets the edit does not send, replaces those it sends, and clears an empty username', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'alt', username: 'user' });
    const before = await dbRow(entry.id);
    const titleOnly = await put(entry.id, { title: 'Router', content: null, username: null });
    expect(titleOnly.statusCode).toBe(200);
    expect(titleOnly.json()).toMatchObject({ title: 'Router', content: null, is_password_entry: true });
    const kept = await dbRow(entry.id);
    expect(kept.encryptedContent).toBe(before.encryptedContent);
    expect(kept.encryptedUsername).toBe(before.encryptedUsername);

    await put(entry.id, { content: 'neu', username: '' });
    const revealed = (await get(entry.id, '?decrypt_passwords=true')).json();
    expect(revealed).toMatchObject({ content: 'neu', username: null });
  });

  it('cannot be switched off in an encrypting category, but can be in a plain one (then stored sanitised in clear)', async () => {
    const forced = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'x1' });
    const stillSecret = await put(forced.id, { is_password_entry: false });
    expect(stillSecret.json().is_password_entry).toBe(true);

    const optional = await createEntry(ctx, setup, { content: 'a<b', username: 'u', is_password_entry: true });
    const clear = await put(optional.id, { is_password_entry: false });
    expect(clear.json()).toMatchObject({ is_password_entry: false, content: '<p>a&lt;b</p>', username: 'u' });
    const row = await dbRow(optional.id);
    expect(row.encryptedContent).toBeNull();
    expect(row.encryptedUsername).toBeNull();
  });

  it('encrypts the clear values of an entry switched to a password entry', async () => {
    const entry = await createEntry(ctx, setup, { content: '<p>PIN 4711</p>', username: 'bank' });
    const res = await put(entry.id, { is_password_entry: true });
    expect(res.json()).toMatchObject({ is_password_entry: true, content: null, username: null });
    const row = await dbRow(entry.id);
    expect([row.content, row.username]).toEqual([null, null]);
    expect((await get(entry.id, '?decrypt_passwords=true')).json()).toMatchObject({
      content: 'PIN 4711',
      username: 'bank',
    });
  });

  it('can be neither public nor a project', async () => {
    const base = { customer_id: setup.customer.id, category_id: setup.vault.id, title: 'T', content: 'x' };
    const featured = await post({ ...base, is_featured: true });
    expect(featured.statusCode).toBe(400);
    expect(featured.json().error).toBe('Passwort-Einträge können nicht als Projekt freigegeben werden');
    const project = await post({ ...base, create_project: true });
    expect(project.json().error).toBe('Passwort-Einträge können nicht mit einem Projekt verknüpft werden');
    const entry = await createEntry(ctx, setup, { category_id: setup.vault.id });
    expect((await put(entry.id, { is_featured: true })).statusCode).toBe(400);
    expect((await put(entry.id, { sync_to_project: true })).statusCode).toBe(400);
  });
});

describe('PUT /api/wiki/entries/:id', () => {
  it('sanitises new content, records updated_by from the session and audits the change', async () => {
    const entry = await createEntry(ctx, setup, { content: '<p>alt</p>' });
    const res = await put(entry.id, {
      content: '<p>neu <a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)></p>',
      updated_by: 'Hacker',
      external_link: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: '<p>neu <a>x</a> </p>', updated_by: setup.admin.username });
    const [audit] = await auditOf(entry.id, 'update');
    expect(audit.changes?.content).toEqual({ before: '<p>alt</p>', after: '<p>neu <a>x</a> </p>' });
  });

  it('refuses an empty title and answers 404 for an unknown entry', async () => {
    const entry = await createEntry(ctx, setup, {});
    const res = await put(entry.id, { title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(REQUIRED);
    const missing = await put(999_999, { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Eintrag nicht gefunden');
  });
});

describe('project link', () => {
  it('create_project creates a project of the customer from title and text; sync_to_project updates it', async () => {
    const entry = await createEntry(ctx, setup, {
      title: 'Gartenumbau',
      content: '<p>Beete &amp; Wege</p><ul><li>Hecke</li></ul>',
      create_project: true,
    });
    expect(entry.project_reference_id).toEqual(expect.any(Number));
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, entry.project_reference_id));
    expect(project).toMatchObject({
      customerId: setup.customer.id,
      name: 'Gartenumbau',
      description: 'Beete & Wege\nHecke',
    });

    const synced = await put(entry.id, {
      title: 'Gartenumbau 2026',
      content: '<p>Nur Hecke</p>',
      sync_to_project: true,
    });
    expect(synced.json().project_reference_id).toBe(project.id);
    const [after] = await ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after).toMatchObject({ name: 'Gartenumbau 2026', description: 'Nur Hecke' });
  });

  it('sync_to_project on an unlinked entry creates and links a project', async () => {
    const entry = await createEntry(ctx, setup, { title: 'Umzug' });
    const res = await put(entry.id, { sync_to_project: true });
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, res.json().project_reference_id));
    expect(project.name).toBe('Umzug');
  });
});

describe('GET and DELETE', () => {
  it('lists entries of a customer, filtered by category, newest first', async () => {
    const other = await buildCustomer(ctx.db);
    const a = await createEntry(ctx, setup, { customer_id: other.id, title: 'A' });
    const b = await createEntry(ctx, setup, { customer_id: other.id, title: 'B', category_id: setup.docs.id });
    const all = await ctx.request({
      method: 'GET',
      url: `/api/wiki/entries?customer_id=${other.id}`,
      token: setup.token,
    });
    expect(all.json().map((e: { id: number }) => e.id)).toEqual([b.id, a.id]);
    const docs = await ctx.request({
      method: 'GET',
      url: `/api/wiki/entries?customer_id=${other.id}&category_id=${setup.docs.id}`,
      token: setup.token,
    });
    expect(docs.json().map((e: { id: number }) => e.id)).toEqual([b.id]);
  });

  it('deletes an entry (audited) and then answers 404', async () => {
    const entry = await createEntry(ctx, setup, {});
    const res = await ctx.request({ method: 'DELETE', url: `/api/wiki/entries/${entry.id}`, token: setup.token });
    expect(res.statusCode).toBe(200);
    expect((await get(entry.id)).statusCode).toBe(404);
    expect(await auditOf(entry.id, 'delete')).toHaveLength(1);
  });
});
