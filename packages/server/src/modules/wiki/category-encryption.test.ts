import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActors } from '../../../test/access-matrix.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { wikiEntries } from '../../db/schema/index.js';

/**
 * Decision 0504: a category that starts encrypting takes its clear entries with it in
 * the same change: sealed at rest, out of the public references, and a customer sees none
 * of it (before: the entries stayed in clear and a featured one was served to every customer).
 */
let ctx: TestContext;
let setup: WikiSetup;
let customerToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
  customerToken = (await createActors(ctx)).tokens.customerA!;
});

const featured = async () =>
  (await ctx.request({ method: 'GET', url: '/api/wiki/projects/featured', token: customerToken })).body;

async function clearEntryIn(categoryId: number) {
  const entry = await createEntry(ctx, setup, {
    category_id: categoryId,
    title: 'WLAN im Büro',
    content: '<p>Schlüssel: <b>Geheim-WLAN-4711</b></p>',
    username: 'buero-wlan',
    is_featured: true,
  });
  expect(await featured()).toContain('Geheim-WLAN-4711');
  return entry;
}

async function expectSealed(entryId: number) {
  const [row] = await ctx.db.select().from(wikiEntries).where(eq(wikiEntries.id, entryId));
  expect(row).toMatchObject({ isPasswordEntry: true, isFeatured: false, content: null, username: null });
  expect(`${row.encryptedContent}${row.encryptedUsername}`).not.toMatch(/Geheim-WLAN|buero-wlan/);
  expect(await featured()).not.toContain('Geheim-WLAN-4711');
  const revealed = await ctx.request({
    method: 'GET',
    url: `/api/wiki/entries/${entryId}?decrypt_passwords=true`,
    token: setup.token,
  });
  expect(revealed.json()).toMatchObject({ content: 'Schlüssel: Geheim-WLAN-4711', username: 'buero-wlan' });
}

const rename = (id: number, body: Record<string, unknown>) =>
  ctx.request({
    method: 'PUT',
    url: `/api/wiki/categories/${id}`,
    token: setup.token,
    payload: { name: 'Allgemein', icon: '📁', description: '', allows_encryption: false, allows_files: false, ...body },
  });

describe('a category switched to encryption', () => {
  it('encrypts its clear entries in the same change and takes them out of the references', async () => {
    const entry = await clearEntryIn(setup.notes.id);
    const res = await rename(setup.notes.id, { name: setup.notes.name, allows_encryption: true });
    expect(res.statusCode).toBe(200);
    await expectSealed(entry.id);
  });

  it('does the same when a category is renamed to "Passwörter"', async () => {
    const other = await ctx.request({
      method: 'POST',
      url: '/api/wiki/categories',
      token: setup.token,
      payload: { name: 'Zugänge alt', icon: '🗂️', description: '', allows_encryption: false, allows_files: false },
    });
    const entry = await clearEntryIn(other.json().id);
    expect((await rename(other.json().id, { name: 'Passwörter' })).statusCode).toBe(200);
    await expectSealed(entry.id);
  });
});
