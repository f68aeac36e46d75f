import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildWikiCategory } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { auditLog, wikiEntries } from '../../db/schema/index.js';

let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
});

const get = (url: string) => ctx.request({ method: 'GET', url, token: setup.token });
const ids = (body: Array<{ id: number }>) => body.map((e) => e.id).sort((a, b) => a - b);

describe('GET /api/wiki/search', () => {
  it('needs at least 2 characters', async () => {
    for (const q of ['', 'a', ' b ']) {
      const res = await get(`/api/wiki/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Bitte geben Sie mindestens 2 Zeichen ein');
    }
    expect((await get('/api/wiki/search')).statusCode).toBe(400);
  });

  it('finds titles, clear contents, customer and category names, case-insensitively', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Xaver', lastName: 'Zirbenholz' });
    const category = await buildWikiCategory(ctx.db, { name: 'Quastenflosser' });
    const byTitle = await createEntry(ctx, setup, { title: 'Kachelofen Wartung' });
    const byContent = await createEntry(ctx, setup, { content: '<p>Der Wasserhahn tropft</p>' });
    const byCustomer = await createEntry(ctx, setup, { customer_id: customer.id });
    const byCategory = await createEntry(ctx, setup, { category_id: category.id });
    expect(ids((await get('/api/wiki/search?q=KACHELOFEN')).json())).toEqual([byTitle.id]);
    expect(ids((await get('/api/wiki/search?q=wasserhahn')).json())).toEqual([byContent.id]);
    expect(ids((await get('/api/wiki/search?q=zirbenholz')).json())).toEqual([byCustomer.id]);
    expect(ids((await get('/api/wiki/search?q=Xaver%20Zirb')).json())).toEqual([byCustomer.id]);
    expect(ids((await get('/api/wiki/search?q=quastenflosser')).json())).toEqual([byCategory.id]);
  });

  it('never finds secrets and takes % and _ literally', async () => {
    const secret = await createEntry(ctx, setup, {
      category_id: setup.vault.id,
      title: 'Alarmanlage',
      content: 'Kolibri-Geheimcode-8812',
      username: 'Kolibri-Nutzer',
    });
    expect((await get('/api/wiki/search?q=Kolibri')).json()).toEqual([]);
    const byTitle = (await get('/api/wiki/search?q=Alarmanlage')).json();
    expect(ids(byTitle)).toEqual([secret.id]);
    expect(byTitle[0]).toMatchObject({ content: null, username: null });
    await createEntry(ctx, setup, { title: 'Rabatt 50%' });
    expect((await get('/api/wiki/search?q=%25%25')).json()).toEqual([]);
    expect((await get('/api/wiki/search?q=__')).json()).toEqual([]);
  });
});

describe('GET /api/wiki/recent-customers', () => {
  it('answers the 6 customers with the latest wiki activity, newest first, with date and count', async () => {
    const made = [];
    for (let i = 0; i < 8; i++) {
      const customer = await buildCustomer(ctx.db, { firstName: `Kunde${i}`, company: i === 7 ? 'Firma GmbH' : null });
      const entry = await createEntry(ctx, setup, { customer_id: customer.id });
      // Distinct times: older customers first.
      await ctx.db
        .update(wikiEntries)
        .set({ updatedAt: sql`now() + make_interval(days => ${i + 1})` })
        .where(eq(wikiEntries.id, entry.id));
      made.push(customer);
    }
    await createEntry(ctx, setup, { customer_id: made[7].id });
    const res = await get('/api/wiki/recent-customers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((c: { id: number }) => c.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((c) => c.id),
    );
    expect(body[0]).toMatchObject({ name: `Kunde7 ${made[7].lastName}`, company: 'Firma GmbH', entry_count: 2 });
    expect(new Date(body[0].last_update).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('projects', () => {
  it('lists linked, public and Projekte-category entries with a 150-character preview, never password entries', async () => {
    const projekte = await buildWikiCategory(ctx.db, { name: 'Projekte', icon: '🏗️' });
    const inCategory = await createEntry(ctx, setup, {
      category_id: projekte.id,
      content: `<p>${'Ä'.repeat(200)}</p>`,
    });
    const linked = await createEntry(ctx, setup, { create_project: true });
    const featured = await createEntry(ctx, setup, { is_featured: true });
    const plain = await createEntry(ctx, setup, {});
    const secret = await createEntry(ctx, setup, { category_id: setup.vault.id });
    const list = (await get('/api/wiki/projects')).json();
    const listed = list.map((p: { id: number }) => p.id);
    expect(listed).toEqual(expect.arrayContaining([inCategory.id, linked.id, featured.id]));
    expect(listed).not.toContain(plain.id);
    expect(listed).not.toContain(secret.id);
    const preview = list.find((p: { id: number }) => p.id === inCategory.id).content_preview;
    expect(preview).toBe(`${'Ä'.repeat(150)}...`);
  });

  it('PUT /api/wiki/projects/:id/featured toggles the public flag (audited); featured answers only public ones', async () => {
    const entry = await createEntry(ctx, setup, {
      title: 'Badsanierung',
      content: '<p>Fliesen <strong>neu</strong></p>',
      external_link: 'https://example.at/bad',
    });
    const on = await ctx.request({
      method: 'PUT',
      url: `/api/wiki/projects/${entry.id}/featured`,
      token: setup.token,
      payload: { is_featured: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().is_featured).toBe(true);
    const featured = (await get('/api/wiki/projects/featured')).json();
    expect(featured.find((p: { id: number }) => p.id === entry.id)).toEqual({
      id: entry.id,
      title: 'Badsanierung',
      content: '<p>Fliesen <strong>neu</strong></p>',
      external_link: 'https://example.at/bad',
      files: [],
    });
    await ctx.request({
      method: 'PUT',
      url: `/api/wiki/projects/${entry.id}/featured`,
      token: setup.token,
      payload: { is_featured: false },
    });
    expect((await get('/api/wiki/projects/featured')).json().some((p: { id: number }) => p.id === entry.id)).toBe(
      false,
    );
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'wiki_entry'), eq(auditLog.entityId, String(entry.id)), eq(auditLog.action, 'update')),
      )
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.changes?.isFeatured)).toEqual([
      { before: false, after: true },
      { before: true, after: false },
    ]);
  });

  it('refuses to feature a password entry, a missing flag and an unknown entry', async () => {
    const secret = await createEntry(ctx, setup, { category_id: setup.vault.id });
    const put = (id: number, payload: Record<string, unknown>) =>
      ctx.request({ method: 'PUT', url: `/api/wiki/projects/${id}/featured`, token: setup.token, payload });
    const res = await put(secret.id, { is_featured: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Passwort-Einträge können nicht als Projekt freigegeben werden');
    const missing = await put(secret.id, {});
    expect(missing.json().error).toBe('Bitte geben Sie an, ob das Projekt freigegeben ist');
    expect((await put(999_999, { is_featured: true })).statusCode).toBe(404);
  });
});
