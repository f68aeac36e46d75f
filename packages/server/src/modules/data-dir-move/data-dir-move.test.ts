import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/factories.js';
import { configureProvider, createDraft, pdfAttachments, sendInvoice } from '../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, upload, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { invoiceDocuments, providerSettings, wikiFiles } from '../../db/schema/index.js';
import { readBlob } from '../../lib/blob-store.js';
import { moveDataDirIntoDatabase } from './data-dir-move.js';

let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A wiki file as an earlier version left it: row with stored_name, bytes in DATA_DIR/uploads. */
async function legacyWikiFile(bytes: Buffer, entryId: number, damaged = false) {
  const created = await upload(ctx, setup.token, entryId, 'alt.bin', bytes);
  expect(created.statusCode).toBe(201);
  const name = randomBytes(16).toString('hex');
  await ctx.db.update(wikiFiles).set({ blobId: null, storedName: name }).where(eq(wikiFiles.id, created.json().id));
  const file = path.join(ctx.dataDir, 'uploads', name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, damaged ? Buffer.concat([bytes, Buffer.from('x')]) : bytes);
  return { id: created.json().id as number, name, file };
}

/** An issued invoice as an earlier version left it: the PDF only in DATA_DIR/invoices. */
async function legacyInvoice(token: string, customerId: number) {
  const draft = await createDraft(ctx, token, customerId);
  await sendInvoice(ctx, token, draft.id);
  const pdf = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}/pdf`, token })).rawPayload;
  await ctx.db
    .delete(invoiceDocuments)
    .where(and(eq(invoiceDocuments.invoiceId, draft.id), inArray(invoiceDocuments.kind, ['pdf', 'xml'])));
  const file = path.join(ctx.dataDir, 'invoices', `invoice-${draft.id}.pdf`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, pdf);
  return { id: draft.id as number, pdf, file };
}

describe('moving DATA_DIR files of earlier versions into PostgreSQL', () => {
  it('moves uploads, issued PDFs (with their XML) and the logo, verified, then removes the old copies; again is a no-op', async () => {
    await configureProvider(ctx, setup.token);
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const big = randomBytes(700 * 1024);
    const wiki = await legacyWikiFile(big, entry.id);
    const damaged = await legacyWikiFile(Buffer.from('Original'), entry.id, true);
    const orphan = path.join(ctx.dataDir, 'uploads', randomBytes(16).toString('hex'));
    await fs.writeFile(orphan, 'ohne Zeile');
    const customer = await buildCustomer(ctx.db, { street: 'Herrengasse 3', postalCode: '8010', city: 'Graz' });
    const invoice = await legacyInvoice(setup.token, customer.id);
    const logoFile = path.join(ctx.dataDir, 'quickbill', 'logo-1700000000000.png');
    await fs.mkdir(path.dirname(logoFile), { recursive: true });
    await fs.writeFile(logoFile, PNG);
    await ctx.db
      .update(providerSettings)
      .set({ logoFile: path.basename(logoFile) })
      .where(eq(providerSettings.id, 1));

    const report = await moveDataDirIntoDatabase(ctx.db, ctx.dataDir);
    expect(report.moved.sort()).toEqual(
      [`uploads/${wiki.name}`, `invoices/invoice-${invoice.id}.pdf`, 'quickbill/logo-1700000000000.png'].sort(),
    );
    expect(report.left.map((l) => l.file).sort()).toEqual(
      [`uploads/${damaged.name}`, `uploads/${path.basename(orphan)}`].sort(),
    );
    // Old copies gone only where the move was verified; the others stay untouched.
    expect(await exists(wiki.file)).toBe(false);
    expect(await exists(invoice.file)).toBe(false);
    expect(await exists(logoFile)).toBe(false);
    expect(await exists(damaged.file)).toBe(true);
    expect(await exists(orphan)).toBe(true);

    const download = await ctx.request({
      method: 'GET',
      url: `/api/wiki/files/${wiki.id}/download`,
      token: setup.token,
    });
    expect(sha(download.rawPayload)).toBe(sha(big));
    const pdf = await ctx.request({
      method: 'GET',
      url: `/api/quickbill/invoices/${invoice.id}/pdf`,
      token: setup.token,
    });
    expect(pdf.rawPayload.equals(invoice.pdf)).toBe(true);
    // The XML comes out of the PDF the customer received.
    const xml = await ctx.request({
      method: 'GET',
      url: `/api/quickbill/invoices/${invoice.id}/xml`,
      token: setup.token,
    });
    expect(xml.body).toBe((await pdfAttachments(invoice.pdf))['factur-x.xml']);
    const [settings] = await ctx.db.select().from(providerSettings);
    expect(settings.logoFile).toBeNull();
    expect(await readBlob(ctx.db, settings.logoBlobId!)).toEqual(PNG);

    const again = await moveDataDirIntoDatabase(ctx.db, ctx.dataDir);
    expect(again.moved).toEqual([]);
    expect(again.cleaned).toEqual([]);
    expect(again.left).toEqual(report.left);
  });

  it('resumes after a stop between the commit and the removal: verifies and removes the copy', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const bytes = randomBytes(10_000);
    const created = await upload(ctx, setup.token, entry.id, 'neu.bin', bytes);
    // The state a killed run leaves: row and blob committed, the old file still there.
    const name = randomBytes(16).toString('hex');
    await ctx.db.update(wikiFiles).set({ storedName: name }).where(eq(wikiFiles.id, created.json().id));
    const file = path.join(ctx.dataDir, 'uploads', name);
    await fs.writeFile(file, bytes);
    const report = await moveDataDirIntoDatabase(ctx.db, ctx.dataDir);
    expect(report.cleaned).toEqual([`uploads/${name}`]);
    expect(report.moved).toEqual([]);
    expect(await exists(file)).toBe(false);
  });

  it('rolls a move that fails midway back completely: the file stays, the next run moves it', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.docs.id });
    const bytes = randomBytes(600 * 1024);
    const legacy = await legacyWikiFile(bytes, entry.id);
    const blobCount = async () => Number((await ctx.db.$client.query('SELECT count(*) FROM blobs')).rows[0].count);
    const before = await blobCount();
    // The database refuses the second chunk (as a full disk or a dropped connection would).
    await ctx.db.$client.query(`
      CREATE FUNCTION test_refuse_chunk() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.seq = 1 THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_refuse_chunk BEFORE INSERT ON blob_chunks FOR EACH ROW EXECUTE FUNCTION test_refuse_chunk();`);
    try {
      await expect(moveDataDirIntoDatabase(ctx.db, ctx.dataDir)).rejects.toThrow(/INSERT INTO blob_chunks/);
    } finally {
      await ctx.db.$client.query('DROP TRIGGER test_refuse_chunk ON blob_chunks; DROP FUNCTION test_refuse_chunk();');
    }
    const [row] = await ctx.db.select().from(wikiFiles).where(eq(wikiFiles.id, legacy.id));
    expect(row.blobId).toBeNull();
    expect(await blobCount()).toBe(before);
    expect(await exists(legacy.file)).toBe(true);
    const report = await moveDataDirIntoDatabase(ctx.db, ctx.dataDir);
    expect(report.moved).toEqual([`uploads/${legacy.name}`]);
    expect(await exists(legacy.file)).toBe(false);
    const [moved] = await ctx.db.select().from(wikiFiles).where(eq(wikiFiles.id, legacy.id));
    expect(sha((await readBlob(ctx.db, moved.blobId!)) as Buffer)).toBe(sha(bytes));
  });
});
