import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildWikiCategory } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, multipart, upload, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';

let ctx: TestContext;
let actors: Actors;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  setup = await wikiSetup(ctx);
});

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const tested = new Set<string>();
/** Customers get nothing of the wiki but the featured projects (DOMAIN-RULES §3). */
const adminOnly = (status: number) => ({ customerA: 403, customerB: 403, admin: status });

async function check(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  route: string,
  url: string,
  expected: Parameters<typeof expectAccess>[3],
  extra: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  tested.add(`${method} ${route}`);
  await expectAccess(ctx, actors, { method, url, ...extra } as Parameters<typeof expectAccess>[2], expected);
}

/** An entry of customer A: even its own customer may not read it. */
const entryOfA = (payload: Record<string, unknown> = {}) =>
  createEntry(ctx, setup, { customer_id: actors.customerA.id, category_id: setup.docs.id, ...payload });

describe('wiki access matrix', () => {
  it('categories and counts are admin-only', async () => {
    await check('GET', '/api/wiki/categories', '/api/wiki/categories', adminOnly(200));
    await check(
      'GET',
      '/api/wiki/category-counts',
      `/api/wiki/category-counts?customer_id=${actors.customerA.id}`,
      adminOnly(200),
    );
    await check('POST', '/api/wiki/categories', '/api/wiki/categories', adminOnly(201), {
      payload: { name: 'Zugang-Matrix', icon: '🔑' },
    });
    const category = await buildWikiCategory(ctx.db);
    await check('PUT', '/api/wiki/categories/:id', `/api/wiki/categories/${category.id}`, adminOnly(200), {
      payload: { name: 'Umbenannt', icon: '🗂️' },
    });
    await check('DELETE', '/api/wiki/categories/:id', `/api/wiki/categories/${category.id}`, adminOnly(200));
  });

  it('entries are admin-only, also for the customer they belong to', async () => {
    const entry = await entryOfA({ category_id: setup.vault.id, content: 'geheim' });
    await check('GET', '/api/wiki/entries', `/api/wiki/entries?customer_id=${actors.customerA.id}`, adminOnly(200));
    await check('GET', '/api/wiki/entries/:id', `/api/wiki/entries/${entry.id}?decrypt_passwords=true`, adminOnly(200));
    await check('POST', '/api/wiki/entries', '/api/wiki/entries', adminOnly(201), {
      payload: { customer_id: actors.customerA.id, category_id: setup.notes.id, title: 'T', content: 'x' },
    });
    await check('PUT', '/api/wiki/entries/:id', `/api/wiki/entries/${entry.id}`, adminOnly(200), {
      payload: { title: 'Neu' },
    });
    await check('DELETE', '/api/wiki/entries/:id', `/api/wiki/entries/${entry.id}`, adminOnly(200));
  });

  it('files are admin-only', async () => {
    const entry = await entryOfA();
    const body = multipart([{ field: 'file', filename: 'a.pdf', content: PDF }]);
    await check('POST', '/api/wiki/entries/:id/files', `/api/wiki/entries/${entry.id}/files`, adminOnly(201), body);
    const file = (await upload(ctx, setup.token, entry.id, 'b.pdf', PDF)).json();
    await check('GET', '/api/wiki/files/:id/download', `/api/wiki/files/${file.id}/download`, adminOnly(200));
    await check('DELETE', '/api/wiki/files/:id', `/api/wiki/files/${file.id}`, adminOnly(200));
  });

  it('search, recent customers and the project list are admin-only', async () => {
    await check('GET', '/api/wiki/search', '/api/wiki/search?q=Notiz', adminOnly(200));
    await check('GET', '/api/wiki/recent-customers', '/api/wiki/recent-customers', adminOnly(200));
    await check('GET', '/api/wiki/projects', '/api/wiki/projects', adminOnly(200));
    const entry = await entryOfA();
    await check('PUT', '/api/wiki/projects/:id/featured', `/api/wiki/projects/${entry.id}/featured`, adminOnly(200), {
      payload: { is_featured: true },
    });
  });

  it('every logged-in user sees featured projects and may download only their files', async () => {
    const featured = await entryOfA({ title: 'Referenz', is_featured: true });
    const shown = (await upload(ctx, setup.token, featured.id, 'referenz.pdf', PDF)).json();
    const hidden = await entryOfA({ title: 'Intern' });
    const secretFile = (await upload(ctx, setup.token, hidden.id, 'intern.pdf', PDF)).json();
    const all = { customerA: 200, customerB: 200, admin: 200 };
    await check('GET', '/api/wiki/projects/featured', '/api/wiki/projects/featured', all);
    const route = '/api/wiki/projects/featured/files/:id/download';
    await check('GET', route, `/api/wiki/projects/featured/files/${shown.id}/download`, all);
    // Any other file is unknown on this route, for everyone.
    const none = { customerA: 404, customerB: 404, admin: 404 };
    await check('GET', route, `/api/wiki/projects/featured/files/${secretFile.id}/download`, none);

    const list = await ctx.request({
      method: 'GET',
      url: '/api/wiki/projects/featured',
      token: actors.tokens.customerB,
    });
    const item = list.json().find((p: { id: number }) => p.id === featured.id);
    expect(Object.keys(item).sort()).toEqual(['content', 'external_link', 'files', 'id', 'title']);
    expect(item.files[0].download_url).toBe(`/api/wiki/projects/featured/files/${shown.id}/download`);
    expect(list.json().some((p: { id: number }) => p.id === hidden.id)).toBe(false);
  });

  it('covers every wiki route', () => {
    const routes = ctx.app.routeAccess
      .filter((route) => route.url.startsWith('/api/wiki'))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(15);
    expect([...tested].sort()).toEqual([...new Set(routes)].sort());
  });
});
