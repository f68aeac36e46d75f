import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { blobs } from './blobs.js';
import { createdAt, updatedAt } from './columns.js';
import { projects } from './hours.js';

export const wikiCategories = pgTable(
  'wiki_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    description: text('description'),
    allowsEncryption: boolean('allows_encryption').notNull().default(false),
    allowsFiles: boolean('allows_files').notNull().default(false),
    /** "Butler dürfen Passwörter anzeigen": a Butler may reveal this category's secrets (their customers only). */
    butlerMayReveal: boolean('butler_may_reveal').notNull().default(false),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wiki_categories_name_uq').on(sql`lower(${t.name})`)],
);

/**
 * Wiki entries. For password entries `content` and `username` are null and the
 * secrets live only in the encrypted envelopes (`v{key}:{nonce}:{ciphertext+tag}`).
 */
export const wikiEntries = pgTable(
  'wiki_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => wikiCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content'),
    username: text('username'),
    encryptedContent: text('encrypted_content'),
    encryptedUsername: text('encrypted_username'),
    isPasswordEntry: boolean('is_password_entry').notNull().default(false),
    externalLink: text('external_link'),
    isFeatured: boolean('is_featured').notNull().default(false),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wiki_entries_customer_category_idx').on(t.customerId, t.categoryId),
    index('wiki_entries_category_idx').on(t.categoryId),
    index('wiki_entries_updated_idx').on(t.updatedAt),
    index('wiki_entries_featured_idx').on(t.id).where(sql`${t.isFeatured}`),
    // The top bar's search looks at titles only (never contents or secrets): decision 0650.
    index('wiki_entries_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export const wikiFiles = pgTable(
  'wiki_files',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => wikiEntries.id, { onDelete: 'cascade' }),
    originalFilename: text('original_filename').notNull(),
    /** The bytes (blob store); null only for a legacy row whose DATA_DIR file was missing at the move. */
    blobId: bigint('blob_id', { mode: 'number' })
      .unique()
      .references(() => blobs.id),
    /** Legacy: the file's name under DATA_DIR/uploads before the move into PostgreSQL (0342); kept as the move's marker. */
    storedName: text('stored_name').unique(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wiki_files_entry_idx').on(t.entryId)],
);
