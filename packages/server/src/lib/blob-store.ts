import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.js';

/**
 * The one blob store (DESIGN.md convention 14): every durable byte of the portal lives in
 * PostgreSQL as a `blobs` row (kind, size, sha256) plus its bytes in 256 KiB `blob_chunks`
 * rows (docs/decisions/0340-blob-store.md).
 *
 *   const blob = await putBlob(tx, stream, { kind: 'wiki-file', maxBytes });  // in the caller's transaction
 *   await tx.insert(myTable).values({ …, blobId: blob.id });                   // the owning row, same transaction
 *   const opened = await openBlob(db, id);  // { sizeBytes, sha256, stream } or null
 *   const bytes = await readBlob(db, id);   // small blobs only (a logo, a PDF for a mail)
 *
 * Memory per put or get is about two chunks, whatever the size. Every read checks size
 * and sha256 at the end and fails the stream if the bytes differ. A blob has exactly one
 * owning row: give the owning column `REFERENCES blobs(id)` and the trigger
 * `delete_owned_blob('<column>')` (migration 0007), and the blob disappears with its row.
 */
export const BLOB_CHUNK_BYTES = 256 * 1024;

/** What the bytes are; one word per producer, for operators and reports. */
export type BlobKind = 'wiki-file' | 'invoice-pdf' | 'invoice-xml' | 'reminder-pdf' | 'logo' | (string & {});

export type BlobInfo = { id: number; kind: string; sizeBytes: number; sha256: string };

/** Thrown by putBlob when the source is longer than `maxBytes`; nothing was stored. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes`);
  }
}

/** Thrown while reading when the stored bytes do not match the recorded size or sha256. */
export class BlobDamagedError extends Error {}

/**
 * Stores a stream (or a buffer) as a new blob, hashing and counting on the way, and
 * returns its id, size and sha256. Runs in a savepoint of the caller's transaction (or a
 * transaction of its own on the pool): on any error, including `maxBytes` exceeded,
 * nothing of it remains. The source is consumed at the pace PostgreSQL takes the chunks.
 */
export async function putBlob(
  executor: Executor,
  source: Readable | Buffer,
  options: { kind: BlobKind; maxBytes?: number },
): Promise<BlobInfo> {
  return executor.transaction(async (tx) => {
    const inserted = await tx.execute(
      sql`INSERT INTO blobs (kind, size_bytes, sha256) VALUES (${options.kind}, 0, 'pending') RETURNING id`,
    );
    const id = Number((inserted.rows[0] as { id: number }).id);
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;

    const writeChunks = async (final: boolean) => {
      if (pendingBytes < BLOB_CHUNK_BYTES && !(final && pendingBytes > 0)) return;
      const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
      let offset = 0;
      while (all.length - offset >= BLOB_CHUNK_BYTES || (final && offset < all.length)) {
        const chunk = all.subarray(offset, offset + BLOB_CHUNK_BYTES);
        await tx.execute(sql`INSERT INTO blob_chunks (blob_id, seq, data) VALUES (${id}, ${seq}, ${chunk})`);
        seq++;
        offset += chunk.length;
      }
      const rest = all.subarray(offset);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
    };

    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (options.maxBytes !== undefined && size > options.maxBytes) {
          done(new BlobTooLargeError(options.maxBytes));
          return;
        }
        hash.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        writeChunks(false).then(() => done(), done);
      },
      final(done) {
        writeChunks(true).then(() => done(), done);
      },
    });
    await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, sink);
    const sha256 = hash.digest('hex');
    await tx.execute(sql`UPDATE blobs SET size_bytes = ${size}, sha256 = ${sha256} WHERE id = ${id}`);
    return { id, kind: options.kind, sizeBytes: size, sha256 };
  });
}

/** Size, hash and kind of a blob, or null when there is none with that id. */
export async function blobInfo(executor: Executor, id: number): Promise<BlobInfo | null> {
  const result = await executor.execute(
    sql`SELECT id, kind, size_bytes, sha256 FROM blobs WHERE id = ${id} AND sha256 <> 'pending'`,
  );
  const row = result.rows[0] as { id: number; kind: string; size_bytes: number; sha256: string } | undefined;
  return row ? { id: Number(row.id), kind: row.kind, sizeBytes: Number(row.size_bytes), sha256: row.sha256 } : null;
}

/**
 * A stream of the blob's bytes, one chunk per query (on the pool nothing is held between
 * chunks, so a slow client holds no connection). It fails with BlobDamagedError when the
 * bytes do not add up to the recorded size and sha256. Destroying it waits for the chunk
 * query in flight, so a transaction can be used again once the stream has closed.
 */
export function blobStream(executor: Executor, blob: Pick<BlobInfo, 'id' | 'sizeBytes' | 'sha256'>): Readable {
  const hash = createHash('sha256');
  let seq = 0;
  let seen = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const finish = (stream: Readable) => {
    if (seen !== blob.sizeBytes || hash.digest('hex') !== blob.sha256) {
      stream.destroy(new BlobDamagedError(`Blob ${blob.id} does not match its size or sha256`));
    } else {
      stream.push(null);
    }
  };
  return new Readable({
    highWaterMark: BLOB_CHUNK_BYTES,
    read() {
      if (seen >= blob.sizeBytes) {
        finish(this);
        return;
      }
      inFlight = (async () => {
        const result = await executor.execute(
          sql`SELECT data FROM blob_chunks WHERE blob_id = ${blob.id} AND seq = ${seq}`,
        );
        const data = (result.rows[0] as { data: Buffer } | undefined)?.data;
        if (this.destroyed) return;
        if (!data || data.length === 0) {
          this.destroy(new BlobDamagedError(`Blob ${blob.id} is missing chunk ${seq}`));
          return;
        }
        seq++;
        seen += data.length;
        hash.update(data);
        if (seen > blob.sizeBytes) {
          finish(this);
          return;
        }
        this.push(data);
      })().catch((error: Error) => {
        this.destroy(error);
      });
    },
    destroy(error, callback) {
      inFlight.then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}

/** A blob's size, hash and stream, or null when it does not exist. */
export async function openBlob(executor: Executor, id: number): Promise<(BlobInfo & { stream: Readable }) | null> {
  const info = await blobInfo(executor, id);
  return info ? { ...info, stream: blobStream(executor, info) } : null;
}

/** All bytes of a (small) blob in memory, verified; null when it does not exist. */
export async function readBlob(executor: Executor, id: number): Promise<Buffer | null> {
  const opened = await openBlob(executor, id);
  if (!opened) return null;
  const parts: Buffer[] = [];
  for await (const chunk of opened.stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Reads a blob to the end and tells whether its bytes match the recorded size and sha256. */
export async function verifyBlob(executor: Executor, id: number): Promise<boolean> {
  const opened = await openBlob(executor, id);
  if (!opened) return false;
  try {
    for await (const _ of opened.stream);
    return true;
  } catch (error) {
    if (error instanceof BlobDamagedError) return false;
    throw error;
  }
}

/**
 * Removes a blob and its bytes. Usually not needed: the owner's `delete_owned_blob`
 * trigger does it. Fails (foreign key) while a row still names the blob.
 */
export async function deleteBlob(executor: Executor, id: number): Promise<void> {
  await executor.execute(sql`DELETE FROM blobs WHERE id = ${id}`);
}
