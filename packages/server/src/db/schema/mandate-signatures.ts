import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.js';
import { blobs } from './blobs.js';
import { sepaMandates } from './sepa.js';

/**
 * The evidence of a mandate the customer signed online in the lounge (decision 0853): when,
 * from which address and browser, and the mandate text exactly as it was shown, with the PDF
 * copy mailed to them. A mandate with such a row is an online one ("online unterschrieben");
 * one without was signed on paper and recorded by staff. Kept with the mandate (seven years
 * after the customer, decision 0821): it proves the collections made with it.
 */
export const sepaMandateSignatures = pgTable(
  'sepa_mandate_signatures',
  {
    mandateId: integer('mandate_id')
      .primaryKey()
      .references(() => sepaMandates.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The lounge's key of one "Mandat unterschreiben" tap: a retry gets the first answer. */
    idempotencyKey: text('idempotency_key').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The address the request came from (behind a proxy: as TRUST_PROXY resolves it). */
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** Who was signed in: the customer's name and login at the time. */
    signerName: text('signer_name').notNull(),
    signerLogin: text('signer_login').notNull(),
    /** The mandate text as the lounge showed it, letter for letter, and its SHA-256. */
    mandateText: text('mandate_text').notNull(),
    textSha256: text('text_sha256').notNull(),
    /** The mandate this one replaced (closed in the same transaction), if there was one. */
    replacedReference: text('replaced_reference'),
    /** The signed copy as mailed (PDF), stored once (decision 0340). */
    pdfBlobId: bigint('pdf_blob_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => blobs.id),
  },
  (t) => [
    uniqueIndex('sepa_mandate_signatures_key_uq').on(t.customerId, t.idempotencyKey),
    index('sepa_mandate_signatures_customer_idx').on(t.customerId, t.signedAt),
    check('sepa_mandate_signatures_key_ck', sql`length(${t.idempotencyKey}) BETWEEN 8 AND 100`),
    check('sepa_mandate_signatures_text_ck', sql`length(${t.mandateText}) BETWEEN 1 AND 5000`),
  ],
);
