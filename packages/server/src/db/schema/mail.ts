import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ACCOUNT_TOKEN_PURPOSES } from './accounts.js';
import { customers } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * An attachment named by where its bytes come from, resolved when the mail is sent
 * (modules/mail/attachment-sources.ts): documents the portal can reproduce exactly
 * (stored invoice PDFs, statements rendered from the ledger) are not copied into the row.
 */
export type MailAttachmentRef = { source: string; filename: string; args: Record<string, string | number> };

/**
 * How to make the live link a mail carries when it is sent (modules/mail/secret-links.service.ts):
 * a single-use account token of `purpose` for the account, valid until `expiresAt`. No secret.
 */
export type SecretLinkRef = {
  source: 'account-token';
  purpose: (typeof ACCOUNT_TOKEN_PURPOSES)[number];
  userType: 'admin' | 'customer';
  id: number;
  expiresAt: string;
};

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const MAIL_DELIVERIES = ['smtp', 'outbox'] as const;

/**
 * The transactional outbox: every mail is written here inside the transaction of the
 * change that causes it, rendered (subject, text, HTML) and addressed; the job
 * `mail.send` delivers it after commit and records the outcome.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** What the mail is about, e.g. `invoice` 42 (shown in the log, used for the invoice's mail state). */
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    /** Set for mails that must exist once only (an alert per threshold crossing, a statement per month). */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    messageId: text('message_id'),
    /**
     * Where a sent mail went: 'smtp' (handed to the mail server of SMTP_URL) or 'outbox' (only
     * written to DATA_DIR/outbox, nothing left the machine; decision 0755). Null until sent,
     * and for mails sent before this was recorded.
     */
    deliveredVia: text('delivered_via', { enum: MAIL_DELIVERIES }),
    createdBy: text('created_by').notNull().default('System'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * How to make the live link the mail carries when it is sent (modules/mail/secret-links.service.ts);
     * the bodies hold a placeholder, the link itself is never stored (decision 0502).
     */
    secretLink: jsonb('secret_link').$type<SecretLinkRef>(),
    /**
     * The customers a staff mail names (ButlerPaket end, balance digest): erasure deletes or
     * blanks them with the customer (decision 0503). Mails *to* a customer use customer_id.
     */
    mentionedCustomerIds: integer('mentioned_customer_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    check('mail_outbox_status_ck', sql`${t.status} IN ('queued', 'sent', 'failed')`),
    check('mail_outbox_delivered_via_ck', sql`${t.deliveredVia} IN ('smtp', 'outbox')`),
    index('mail_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('mail_outbox_status_idx').on(t.status, t.createdAt.desc()),
    index('mail_outbox_entity_idx').on(t.entityType, t.entityId),
    index('mail_outbox_customer_idx').on(t.customerId),
    index('mail_outbox_mentioned_idx').using('gin', t.mentionedCustomerIds),
  ],
);

/**
 * One row per scheduled job and slot (e.g. `statements.monthly` / `2026-03`): the row is
 * inserted in the same transaction that enqueues the job, so a slot is enqueued once
 * however many portal processes tick at the same moment.
 */
export const jobScheduleRuns = pgTable(
  'job_schedule_runs',
  {
    jobName: text('job_name').notNull(),
    slot: text('slot').notNull(),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobName, t.slot] })],
);
