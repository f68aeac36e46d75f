import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildWikiCategory } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { providerSettings, wikiEntries, wikiFiles } from '../db/schema/index.js';
import {
  BLOB_CHUNK_BYTES,
  BlobDamagedError,
  BlobTooLargeError,
  blobInfo,
  deleteBlob,
  openBlob,
  putBlob,
  readBlob,
  verifyBlob,
} from './blob-store.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Byte-identical (vitest's deep equality is slow on large buffers). */
const same = (actual: Buffer | null, expected: Buffer) =>
  expect(actual && actual.length === expected.length && actual.equals(expected)).toBe(true);
const count = async (table: 'blobs' | 'blob_chunks') =>
  Number((await ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n);

/** A stream of `data` in pieces of uneven size, as a network upload arrives. */
function piecewise(data: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let offset = 0, i = 0; offset < data.length; i++) {
    const size = [1, 17, 65_536, 300_001, 4096][i % 5]!;
    pieces.push(data.subarray(offset, offset + size));
    offset += size;
  }
  return Readable.from(pieces);
}

describe('blob store', () => {
  it('stores a stream in chunks and gives back the same bytes with size and sha256', async () => {
    const data = randomBytes(3 * BLOB_CHUNK_BYTES + 12_345);
    const blob = await putBlob(ctx.db, piecewise(data), { kind: 'test' });
    expect(blob).toMatchObject({ kind: 'test', sizeBytes: data.length, sha256: sha256(data) });
    const chunks = await ctx.db.execute(
      sql`SELECT seq, length(data) AS n FROM blob_chunks WHERE blob_id = ${blob.id} ORDER BY seq`,
    );
    expect(chunks.rows.map((r) => Number(r.n))).toEqual([BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES, 12_345]);
    same(await readBlob(ctx.db, blob.id), data);
    const opened = await openBlob(ctx.db, blob.id);
    expect(opened).toMatchObject({ sizeBytes: data.length, sha256: sha256(data) });
    const streamed: Buffer[] = [];
    for await (const part of opened!.stream) streamed.push(part as Buffer);
    same(Buffer.concat(streamed), data);
  });

  it('stores buffers and empty content too', async () => {
    const empty = await putBlob(ctx.db, Buffer.alloc(0), { kind: 'test' });
    expect(empty).toMatchObject({ sizeBytes: 0, sha256: sha256(Buffer.alloc(0)) });
    expect(await readBlob(ctx.db, empty.id)).toEqual(Buffer.alloc(0));
    const exact = randomBytes(BLOB_CHUNK_BYTES);
    const blob = await putBlob(ctx.db, exact, { kind: 'test' });
    same(await readBlob(ctx.db, blob.id), exact);
    expect(await openBlob(ctx.db, 987_654_321)).toBeNull();
  });

  it('refuses content above maxBytes and keeps nothing of it, also inside a transaction that goes on', async () => {
    const before = { blobs: await count('blobs'), chunks: await count('blob_chunks') };
    const limit = 2 * BLOB_CHUNK_BYTES + 10;
    await expect(putBlob(ctx.db, piecewise(randomBytes(limit + 1)), { kind: 'test', maxBytes: limit })).rejects.toThrow(
      BlobTooLargeError,
    );
    const kept = await ctx.db.transaction(async (tx) => {
      await expect(putBlob(tx, randomBytes(limit + 1), { kind: 'test', maxBytes: limit })).rejects.toThrow(
        BlobTooLargeError,
      );
      return putBlob(tx, randomBytes(limit), { kind: 'test', maxBytes: limit });
    });
    expect(await count('blobs')).toBe(before.blobs + 1);
    expect(await count('blob_chunks')).toBe(before.chunks + 3);
    expect(await verifyBlob(ctx.db, kept.id)).toBe(true);
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const before = await count('blob_chunks');
    let id = 0;
    await expect(
      ctx.db.transaction(async (tx) => {
        id = (await putBlob(tx, randomBytes(BLOB_CHUNK_BYTES + 1), { kind: 'test' })).id;
        expect(await blobInfo(tx, id)).not.toBeNull();
        throw new Error('the caller fails after the put');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await blobInfo(ctx.db, id)).toBeNull();
    expect(await count('blob_chunks')).toBe(before);
  });

  it('takes a stream at the pace PostgreSQL writes it: a blocked insert stops the source after a chunk or two', async () => {
    const blocker = new pg.Client(ctx.db.$client.options);
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE blob_chunks IN EXCLUSIVE MODE');
    const source = new PassThrough();
    const put = putBlob(ctx.db, source, { kind: 'test' });
    const piece = randomBytes(16 * 1024);
    const nextTurn = () => new Promise<false>((resolve) => setImmediate(() => resolve(false)));
    /** The upload's insert waits for our lock (pg_locks is read live, unlike pg_stat_activity inside a transaction). */
    const insertWaits = async () =>
      (
        await blocker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'blob_chunks'::regclass
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
      ).rows[0].n > 0;
    let accepted = 0;
    let waiting = false;
    // Write until the insert waits for the lock (or far beyond what bounded memory allows); a
    // push-back before that is waited out, as the stream drains while PostgreSQL takes chunks.
    while (!waiting && accepted < 25 * 1024 * 1024) {
      accepted += piece.length;
      if (source.write(piece)) {
        await nextTurn();
        continue;
      }
      const drained = once(source, 'drain').then(() => true);
      while (!waiting && !(await Promise.race([drained, nextTurn()]))) waiting = await insertWaits();
    }
    // Nothing more is taken while the insert waits.
    expect(waiting).toBe(true);
    expect(accepted).toBeLessThanOrEqual(2 * BLOB_CHUNK_BYTES);
    await blocker.query('ROLLBACK');
    await blocker.end();
    source.end();
    const blob = await put;
    expect(blob.sizeBytes).toBe(accepted);
  });

  it('fails the read when stored bytes do not match their sha256', async () => {
    const data = randomBytes(BLOB_CHUNK_BYTES + 100);
    const blob = await putBlob(ctx.db, data, { kind: 'test' });
    await ctx.db.execute(
      sql`UPDATE blob_chunks SET data = set_byte(data, 5, (get_byte(data, 5) + 1) % 256) WHERE blob_id = ${blob.id} AND seq = 1`,
    );
    await expect(readBlob(ctx.db, blob.id)).rejects.toThrow(BlobDamagedError);
    expect(await verifyBlob(ctx.db, blob.id)).toBe(false);
    await ctx.db.execute(sql`DELETE FROM blob_chunks WHERE blob_id = ${blob.id} AND seq = 1`);
    await expect(readBlob(ctx.db, blob.id)).rejects.toThrow('missing chunk 1');
  });

  it('a blob goes with the row that owns it: deleted with it (also by cascade) or replaced', async () => {
    const customer = await buildCustomer(ctx.db);
    const category = await buildWikiCategory(ctx.db, { allowsFiles: true });
    const [entry] = await ctx.db
      .insert(wikiEntries)
      .values({ customerId: customer.id, categoryId: category.id, title: 'Belege', createdBy: 'test' })
      .returning();
    const file = await putBlob(ctx.db, Buffer.from('Hallo'), { kind: 'wiki-file' });
    await ctx.db.insert(wikiFiles).values({
      entryId: entry!.id,
      originalFilename: 'hallo.txt',
      blobId: file.id,
      mimeType: 'text/plain',
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      createdBy: 'test',
    });
    // Owned: deleting it alone is refused.
    await expect(deleteBlob(ctx.db, file.id)).rejects.toThrow();
    await ctx.db.execute(sql`DELETE FROM customers WHERE id = ${customer.id}`);
    expect(await blobInfo(ctx.db, file.id)).toBeNull();

    const first = await putBlob(ctx.db, Buffer.from('logo 1'), { kind: 'logo' });
    await ctx.db.update(providerSettings).set({ logoBlobId: first.id }).where(eq(providerSettings.id, 1));
    const second = await putBlob(ctx.db, Buffer.from('logo 2'), { kind: 'logo' });
    await ctx.db.update(providerSettings).set({ logoBlobId: second.id }).where(eq(providerSettings.id, 1));
    expect(await blobInfo(ctx.db, first.id)).toBeNull();
    expect(await readBlob(ctx.db, second.id)).toEqual(Buffer.from('logo 2'));
    await ctx.db.update(providerSettings).set({ logoBlobId: null }).where(eq(providerSettings.id, 1));
    expect(await blobInfo(ctx.db, second.id)).toBeNull();
  });
});
