import { sql } from 'drizzle-orm';
import { bigint, check, customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every durable byte of the portal (wiki files, issued documents, the logo) lives here:
 * one row per blob with its size and sha256, the bytes in `blob_chunks`. Written and read
 * only through lib/blob-store.ts (docs/decisions/0340-blob-store.md).
 */
export const blobs = pgTable(
  'blobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** What the bytes are, for operators and reports ('wiki-file', 'invoice-pdf', …). */
    kind: text('kind').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex sha256 of all bytes; 'pending' only inside the transaction that writes them. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('blobs_size_ck', sql`${t.sizeBytes} >= 0`)],
);

/** The bytes of a blob in order, 256 KiB per row (the last one shorter). */
export const blobChunks = pgTable(
  'blob_chunks',
  {
    blobId: bigint('blob_id', { mode: 'number' })
      .notNull()
      .references(() => blobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);
