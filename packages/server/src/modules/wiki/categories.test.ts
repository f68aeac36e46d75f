import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { auditLog, wikiEntries } from '../../db/schema/index.js';

let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  ctx.request({ method, url, token: setup.token, payload });

describe('wiki categories', () => {
  it('creates a category with the session user as creator (not the client) and lists it', async () => {
    const res = await call('POST', '/api/wiki/categories', {
      name: 'Schlüssel',
      icon: '🔑',
      description: 'Wo welcher Schlüssel liegt',
      allows_encryption: true,
      allows_files: false,
      created_by: 'Hacker',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Schlüssel',
      icon: '🔑',
      description: 'Wo welcher Schlüssel liegt',
      allows_encryption: true,
      allows_files: false,
      created_by: setup.admin.username,
      updated_by: null,
    });
    const list = await call('GET', '/api/wiki/categories');
    expect(list.json().map((c: { name: string }) => c.name)).toContain('Schlüssel');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'wiki_category'), eq(auditLog.entityId, String(res.json().id))));
    expect(audit.action).toBe('create');
  });

  it('requires name and icon with the SPEC text', async () => {
    for (const payload of [
      { icon: '📁' },
      { name: 'Ohne Icon' },
      { name: '  ', icon: '📁' },
      { name: 'X', icon: '' },
    ]) {
      const res = await call('POST', '/api/wiki/categories', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Bitte füllen Sie Name und Icon aus');
    }
  });

  it('refuses a second category with the same name (any case) with 409', async () => {
    await call('POST', '/api/wiki/categories', { name: 'Geräte', icon: '🖨️' });
    const res = await call('POST', '/api/wiki/categories', { name: 'GERÄTE', icon: '🖨️' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Eine Kategorie mit diesem Namen gibt es bereits');
  });

  it('updates a category, records updated_by from the session, and 404s unknown ids', async () => {
    const created = (await call('POST', '/api/wiki/categories', { name: 'Alt', icon: '📁' })).json();
    const res = await call('PUT', `/api/wiki/categories/${created.id}`, {
      name: 'Neu',
      icon: '📂',
      allows_files: true,
      updated_by: 'Hacker',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Neu', icon: '📂', allows_files: true, updated_by: setup.admin.username });
    // Keeping its own name is no conflict.
    expect((await call('PUT', `/api/wiki/categories/${created.id}`, { name: 'neu', icon: '📂' })).statusCode).toBe(200);
    const missing = await call('PUT', '/api/wiki/categories/999999', { name: 'X', icon: '📁' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Kategorie nicht gefunden');
  });

  it('deleting a category deletes all its entries (audited with their number)', async () => {
    const created = (await call('POST', '/api/wiki/categories', { name: 'Wegwerf', icon: '🗑️' })).json();
    await createEntry(ctx, setup, { category_id: created.id });
    await createEntry(ctx, setup, { category_id: created.id });
    const res = await call('DELETE', `/api/wiki/categories/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(wikiEntries).where(eq(wikiEntries.categoryId, created.id))).toHaveLength(0);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'wiki_category'),
          eq(auditLog.action, 'delete'),
          eq(auditLog.entityId, String(created.id)),
        ),
      );
    expect(audit.changes?.deletedEntries).toEqual({ before: 2, after: null });
    expect((await call('DELETE', `/api/wiki/categories/${created.id}`)).statusCode).toBe(404);
  });

  it('counts the entries of one customer per category in one call, zero included', async () => {
    const customer = await buildCustomer(ctx.db);
    await createEntry(ctx, setup, { customer_id: customer.id, category_id: setup.notes.id });
    await createEntry(ctx, setup, { customer_id: customer.id, category_id: setup.notes.id });
    await createEntry(ctx, setup, { customer_id: customer.id, category_id: setup.vault.id, content: 'pw' });
    await createEntry(ctx, setup, { category_id: setup.notes.id }); // another customer
    const res = await call('GET', `/api/wiki/category-counts?customer_id=${customer.id}`);
    const counts = Object.fromEntries(
      res.json().map((c: { category_id: number; entry_count: number }) => [c.category_id, c.entry_count]),
    );
    expect(counts[setup.notes.id]).toBe(2);
    expect(counts[setup.vault.id]).toBe(1);
    expect(counts[setup.docs.id]).toBe(0);
    expect(res.json()).toHaveLength((await call('GET', '/api/wiki/categories')).json().length);
  });
});
