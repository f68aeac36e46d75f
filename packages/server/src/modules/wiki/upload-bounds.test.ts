import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, multipart, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';

/** Decision 0504: what an oversized or overfull request is told, and that it stores nothing. */
let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const stored = async () => {
  const { rows } = await ctx.db.execute<{ files: number; blobs: number }>(
    sql`SELECT (SELECT count(*) FROM wiki_files)::int AS files, (SELECT count(*) FROM blobs)::int AS blobs`,
  );
  return rows[0];
};

describe('an upload with two files', () => {
  it('is refused with a German 400 and stores neither (wiki files)', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const before = await stored();
    const res = await ctx.request({
      method: 'POST',
      url: `/api/wiki/entries/${entry.id}/files`,
      token: setup.token,
      ...multipart([
        { field: 'file', filename: 'eins.pdf', content: PDF },
        { field: 'file', filename: 'zwei.pdf', content: PDF },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Bitte laden Sie genau eine Datei auf einmal hoch',
      details: { file: 'Bitte laden Sie genau eine Datei auf einmal hoch' },
    });
    expect(await stored()).toEqual(before);
  });

  it('is refused for the logo too, which stays as it was', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/settings/logo',
      token: setup.token,
      ...multipart([
        { field: 'file', filename: 'a.png', content: png, contentType: 'image/png' },
        { field: 'file', filename: 'b.png', content: png, contentType: 'image/png' },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bitte laden Sie genau eine Datei auf einmal hoch');
    const settings = await ctx.request({ method: 'GET', url: '/api/quickbill/settings', token: setup.token });
    expect(settings.json().has_logo).toBe(false);
  });
});

describe('a request body over the limit', () => {
  it('is "Die Anfrage ist zu groß" (413) for JSON, not a word about files', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/customers',
      token: setup.token,
      payload: { first_name: 'A', last_name: 'B', email: 'a@b.at', notes: 'x'.repeat(1024 * 1024 + 1) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Die Anfrage ist zu groß' });
  });
});
