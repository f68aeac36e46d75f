import { bigint, date, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { blobs } from './blobs.js';
import { createdAt } from './columns.js';

/**
 * Issued Monatsübersichten (decision 0771): version 0 is the statement issued (and mailed)
 * by the monthly run, each later version a marked correction. The PDF is stored as it went
 * out; `snapshot` holds its entries and figures for the next comparison, `changes` what a
 * correction changed against the version before it.
 */
export const statementDocuments = pgTable(
  'statement_documents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** First day of the statement's month. */
    month: date('month').notNull(),
    version: integer('version').notNull(),
    issuedOn: date('issued_on').notNull(),
    blobId: bigint('blob_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => blobs.id),
    snapshot: jsonb('snapshot').notNull(),
    changes: jsonb('changes'),
    /** The customer's data version the snapshot was taken at: unchanged means nothing to compare. */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull(),
    /** 'mailed' when its mail was queued, else why not ('statement_mails off', 'no address'). */
    delivery: text('delivery').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('statement_documents_version_uq').on(t.customerId, t.month, t.version)],
);
