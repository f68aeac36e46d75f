import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, multipart, upload, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { auditLog, customers, wikiFiles } from '../../db/schema/index.js';
import { readBlob } from '../../lib/blob-store.js';

const LIMIT = 64 * 1024;
let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext({ MAX_UPLOAD_BYTES: String(LIMIT) });
  setup = await wikiSetup(ctx);
});

// Real magic numbers: the type must come from these bytes, not from names or headers.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>';

/** Every stored wiki blob and chunk: what a leak would show up in. */
const listUploads = async () => {
  const result = await ctx.db.execute(
    sql`SELECT b.id, count(c.seq)::int AS chunks FROM blobs b LEFT JOIN blob_chunks c ON c.blob_id = b.id
        WHERE b.kind = 'wiki-file' GROUP BY b.id ORDER BY b.id`,
  );
  return result.rows.map((row) => `${row.id}:${row.chunks}`);
};
const download = (id: number) =>
  ctx.request({ method: 'GET', url: `/api/wiki/files/${id}/download`, token: setup.token });

describe('POST /api/wiki/entries/:id/files', () => {
  it('stores each file in the blob store with size, sha256 and the type read from its bytes', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const res = await upload(ctx, setup.token, entry.id, 'rechnung.txt', PDF);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      original_filename: 'rechnung.txt',
      mime_type: 'application/pdf',
      file_icon: '📕',
      size_bytes: PDF.length,
      download_url: `/api/wiki/files/${res.json().id}/download`,
    });
    const [row] = await ctx.db.select().from(wikiFiles).where(eq(wikiFiles.id, res.json().id));
    expect(row.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    expect(row.storedName).toBeNull();
    expect(await readBlob(ctx.db, row.blobId!)).toEqual(PDF);
    // Several files per entry, one call each; the entry lists them.
    await upload(ctx, setup.token, entry.id, 'bild.png', PNG);
    const listed = await ctx.request({ method: 'GET', url: `/api/wiki/entries/${entry.id}`, token: setup.token });
    expect(listed.json().files.map((f: { original_filename: string }) => f.original_filename)).toEqual([
      'rechnung.txt',
      'bild.png',
    ]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'wiki_file'), eq(auditLog.entityId, String(row.id))));
    expect(audit).toMatchObject({ action: 'create', actorName: setup.admin.username });
  });

  it('formats sizes in German', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const res = await upload(ctx, setup.token, entry.id, 'gross.bin', Buffer.alloc(Math.round(1.5 * 1024), 7));
    expect(res.json().file_size_formatted).toBe('1,5 KB');
  });

  it('answers 413 "Die Datei ist zu groß" above the limit and leaves nothing stored', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const before = await listUploads();
    const res = await upload(ctx, setup.token, entry.id, 'riesig.bin', Buffer.alloc(LIMIT + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Die Datei ist zu groß' });
    expect(await listUploads()).toEqual(before);
    const exact = await upload(ctx, setup.token, entry.id, 'genau.bin', Buffer.alloc(LIMIT, 1));
    expect(exact.statusCode).toBe(201);
  });

  it('refuses uploads where the category allows no files, missing files, empty files and non-multipart bodies', async () => {
    const plain = await createEntry(ctx, setup, {});
    const refused = await upload(ctx, setup.token, plain.id, 'a.pdf', PDF);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('In dieser Kategorie sind keine Dateien erlaubt');

    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const url = `/api/wiki/entries/${entry.id}/files`;
    const wrongField = await ctx.request({
      method: 'POST',
      url,
      token: setup.token,
      ...multipart([{ field: 'anhang', filename: 'a.pdf', content: PDF }]),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe('Bitte wählen Sie eine Datei aus');
    const empty = await upload(ctx, setup.token, entry.id, 'leer.txt', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Die Datei ist leer');
    const json = await ctx.request({ method: 'POST', url, token: setup.token, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toMatch(/multipart/);
    const unknown = await upload(ctx, setup.token, 999_999, 'a.pdf', PDF);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/wiki/files/:id/download', () => {
  it('streams the exact bytes as an attachment with the umlaut name in RFC 5987 form and nosniff', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const name = 'Übersicht Größe ä ö ü ß (2026).pdf';
    const id = (await upload(ctx, setup.token, entry.id, name, PDF)).json().id;
    expect((await ctx.db.select().from(wikiFiles).where(eq(wikiFiles.id, id)))[0].originalFilename).toBe(name);
    const res = await download(id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="Ubersicht Groe a o u  (2026).pdf"; filename*=UTF-8''${encodeURIComponent(name).replace('(', '%28').replace(')', '%29')}`,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(name);
  });

  it('never serves HTML, SVG or XML as themselves, whatever the client claimed', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    for (const [filename, content] of [
      ['seite.html', HTML],
      ['bild.svg', SVG],
      ['tarnung.png', HTML],
    ] as const) {
      const body = multipart([{ field: 'file', filename, content, contentType: 'image/png' }]);
      const created = await ctx.request({
        method: 'POST',
        url: `/api/wiki/entries/${entry.id}/files`,
        token: setup.token,
        ...body,
      });
      expect(created.json().mime_type, filename).not.toBe('image/png');
      const res = await download(created.json().id);
      expect(res.headers['content-type'], filename).toBe('application/octet-stream');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
    const png = await upload(ctx, setup.token, entry.id, 'foto.dat', PNG);
    expect(png.json().mime_type).toBe('image/png');
  });

  it('answers 404 when the file is unknown or its bytes were missing at the move into PostgreSQL', async () => {
    expect((await download(999_999)).json().error).toBe('Datei nicht gefunden');
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const id = (await upload(ctx, setup.token, entry.id, 'weg.pdf', PDF)).json().id;
    await ctx.db.update(wikiFiles).set({ blobId: null }).where(eq(wikiFiles.id, id));
    expect((await download(id)).statusCode).toBe(404);
  });

  it('streams a file of several chunks back byte for byte (about 1 MB, odd size)', async () => {
    const big = await createTestContext({ MAX_UPLOAD_BYTES: String(4 * 1024 * 1024) });
    const bigSetup = await wikiSetup(big);
    const entry = await createEntry(big, bigSetup, { category_id: bigSetup.docs.id });
    const bytes = Buffer.alloc(1024 * 1024 + 12_345);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    const created = await upload(big, bigSetup.token, entry.id, 'gross.bin', bytes);
    expect(created.statusCode).toBe(201);
    const res = await big.request({
      method: 'GET',
      url: `/api/wiki/files/${created.json().id}/download`,
      token: bigSetup.token,
    });
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });
});

describe('no orphan files', () => {
  it('DELETE /api/wiki/files/:id removes row and bytes', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const before = await listUploads();
    const id = (await upload(ctx, setup.token, entry.id, 'a.pdf', PDF)).json().id;
    const res = await ctx.request({ method: 'DELETE', url: `/api/wiki/files/${id}`, token: setup.token });
    expect(res.statusCode).toBe(200);
    expect(await listUploads()).toEqual(before);
    expect(await ctx.db.select().from(wikiFiles).where(eq(wikiFiles.id, id))).toHaveLength(0);
  });

  it("deleting an entry or its category deletes their files' bytes", async () => {
    const before = await listUploads();
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    await upload(ctx, setup.token, entry.id, 'a.pdf', PDF);
    await upload(ctx, setup.token, entry.id, 'b.png', PNG);
    expect((await listUploads()).length).toBe(before.length + 2);
    await ctx.request({ method: 'DELETE', url: `/api/wiki/entries/${entry.id}`, token: setup.token });
    expect(await listUploads()).toEqual(before);

    const category = await ctx.request({
      method: 'POST',
      url: '/api/wiki/categories',
      token: setup.token,
      payload: { name: 'Verträge', icon: '📁', allows_files: true },
    });
    const a = await createEntry(ctx, setup, { category_id: category.json().id });
    const b = await createEntry(ctx, setup, { category_id: category.json().id });
    await upload(ctx, setup.token, a.id, 'a.pdf', PDF);
    await upload(ctx, setup.token, b.id, 'b.pdf', PDF);
    await ctx.request({ method: 'DELETE', url: `/api/wiki/categories/${category.json().id}`, token: setup.token });
    expect(await listUploads()).toEqual(before);
  });

  it('a customer deletion (database cascade) takes the bytes of its files along', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const kept = (await upload(ctx, setup.token, entry.id, 'bleibt.pdf', PDF)).json().id;
    const otherCustomer = await buildCustomer(ctx.db);
    const before = await listUploads();
    const gone = await createEntry(ctx, setup, { category_id: setup.docs.id, customer_id: otherCustomer.id });
    await upload(ctx, setup.token, gone.id, 'weg.pdf', PDF);
    expect(await listUploads()).toHaveLength(before.length + 1);
    await ctx.db.delete(customers).where(eq(customers.id, otherCustomer.id));
    expect(await listUploads()).toEqual(before);
    expect((await download(kept)).statusCode).toBe(200);
  });
});
