import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { admins, customers } from './accounts.js';
import { blobs } from './blobs.js';
import { createdAt, hoursColumn, updatedAt } from './columns.js';

/**
 * Aufträge (decision 0810): what a customer asks for, as one thread from the request to the
 * booked hours. States and channels are the contract's ORDER_STATES / ORDER_CHANNELS.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    details: text('details').notNull().default(''),
    dueDate: date('due_date'),
    /** Where the work is; null means the customer's own address. */
    location: text('location'),
    urgent: boolean('urgent').notNull().default(false),
    state: text('state').notNull().default('new'),
    /** How the request came in: the lounge, or staff writing down a call, a WhatsApp or a mail. */
    channel: text('channel').notNull().default('lounge'),
    assigneeAdminId: integer('assignee_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    estimateHours: hoursColumn('estimate_hours'),
    plannedDate: date('planned_date'),
    /** Freigabe: null (none needed), 'requested', 'approved', 'declined', 'more_hours'. */
    approvalState: text('approval_state'),
    /** The estimate and the hours available when the Freigabe was asked for. */
    approvalEstimateHours: hoursColumn('approval_estimate_hours'),
    approvalAvailableHours: hoursColumn('approval_available_hours'),
    approvalAnsweredAt: timestamp('approval_answered_at', { withTimezone: true }),
    /** Staff booking beyond the available hours without the customer's Freigabe: who and why (audited). */
    overrideReason: text('override_reason'),
    overrideByAdminId: integer('override_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The client's key for "only once": a double tap files one Auftrag. */
    idempotencyKey: text('idempotency_key'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_customer_idempotency_uq').on(t.customerId, t.idempotencyKey),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('orders_state_updated_idx').on(t.state, t.updatedAt, t.id),
    // The inbox's order (urgent first, then the latest change), read backwards: all Aufträge, and
    // the open ones the inbox opens with (a few thousand among hundreds of thousands; also the counts).
    index('orders_inbox_idx').on(t.urgent, t.updatedAt, t.id),
    index('orders_open_inbox_idx')
      .on(t.urgent, t.updatedAt, t.id)
      .where(sql`${t.state} NOT IN ('done','declined','withdrawn')`),
    index('orders_assignee_state_idx').on(t.assigneeAdminId, t.state),
    index('orders_due_open_idx').on(t.dueDate).where(sql`${t.state} NOT IN ('done','declined','withdrawn')`),
    index('orders_title_fts_idx').using('gin', sql`to_tsvector('simple', ${t.title})`),
    check(
      'orders_state_ck',
      sql`${t.state} IN ('new','accepted','planned','in_progress','waiting_customer','done','declined','withdrawn')`,
    ),
    check('orders_channel_ck', sql`${t.channel} IN ('lounge','phone','whatsapp','email')`),
    check(
      'orders_approval_state_ck',
      sql`${t.approvalState} IS NULL OR ${t.approvalState} IN ('requested','approved','declined','more_hours')`,
    ),
    check(
      'orders_estimate_ck',
      sql`${t.estimateHours} IS NULL OR (${t.estimateHours} > 0 AND mod(${t.estimateHours} * 4, 1) = 0)`,
    ),
  ],
);

/** The conversation of an Auftrag; internal notes are never shown to the customer or mailed. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'customer', 'staff' or 'system' (state changes, Freigaben, the closing summary). */
    authorKind: text('author_kind').notNull(),
    authorAdminId: integer('author_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The customer's wording; a state change is shown to staff in their words (`stateChange`). */
    body: text('body').notNull(),
    /** The state a system message announces, so that each reader sees it in their words (decision 0810). */
    stateChange: text('state_change'),
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.id),
    check('order_messages_state_change_ck', sql`${t.stateChange} IS NULL OR ${t.authorKind} = 'system'`),
    check('order_messages_author_ck', sql`${t.authorKind} IN ('customer','staff','system')`),
    check('order_messages_internal_ck', sql`NOT ${t.internal} OR ${t.authorKind} <> 'customer'`),
  ],
);

/** Photos (re-encoded without metadata) and PDFs attached to an Auftrag; bytes in the blob store. */
export const orderAttachments = pgTable(
  'order_attachments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => orderMessages.id, { onDelete: 'set null' }),
    blobId: bigint('blob_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => blobs.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_attachments_order_idx').on(t.orderId, t.id)],
);
