import { z } from 'zod';
import { zDate, zId } from './common.js';
import { isMultipleOf } from './decimals.js';
import { zPageQuery, zSearchParam } from './list-query.js';
import { APPROVAL_STATES, ORDER_STATES } from './order-states.js';

/**
 * Aufträge (decision 0810): a customer's request as one thread from the lounge to the booked
 * hours. The lounge files them, staff accept, estimate, plan and close them, time entries and
 * the timer name them. Codes are English, every label German.
 */

export * from './order-states.js';

export const ORDER_CHANNELS = ['lounge', 'phone', 'whatsapp', 'email'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  lounge: 'über die Lounge',
  phone: 'per Telefon',
  whatsapp: 'per WhatsApp',
  email: 'per E-Mail',
};

export const APPROVAL_DECISIONS = ['approve', 'decline', 'more_hours'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** Limits (docs/security.md): per customer and day, per Auftrag, per file. */
export const ORDER_LIMITS = {
  perCustomerPerDay: 10,
  attachmentsPerOrder: 10,
  attachmentBytes: 10 * 1024 * 1024,
  messageChars: 5000,
  titleChars: 150,
  detailsChars: 5000,
} as const;
export const ORDER_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** An Auftrag as a time entry, the timer or a deduction list names it. */
export const zOrderRef = z.object({ id: z.number(), number: z.string(), title: z.string() });
export type OrderRef = z.infer<typeof zOrderRef>;

/** "A-0042": how an Auftrag is named on every screen and in every mail. */
export const orderNumber = (id: number) => `A-${String(id).padStart(4, '0')}`;
/** The number typed into a search box ("A-42", "a42", "42") as an id, or null. */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*(?:a-?)?0*(\d{1,9})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

const TITLE_REQUIRED = 'Bitte geben Sie an, worum es geht';
const zHoursEstimate = z
  .number({ error: 'Bitte geben Sie die geschätzten Stunden an' })
  .positive('Die Schätzung muss größer als 0 sein')
  .max(1000, 'Höchstens 1.000 Stunden')
  .refine((v) => isMultipleOf(v, 0.25), 'Die Stunden müssen ein Vielfaches von 0,25 sein');
const zText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** POST /api/customers/{customerId}/orders: the lounge's "Neuer Auftrag", or staff for a customer who called. */
export const zOrderCreate = z.object({
  title: z
    .string({ error: TITLE_REQUIRED })
    .trim()
    .min(1, TITLE_REQUIRED)
    .max(ORDER_LIMITS.titleChars, 'Höchstens 150 Zeichen'),
  details: zText(ORDER_LIMITS.detailsChars, 'Höchstens 5.000 Zeichen').default(''),
  due_date: zDate.nullable().optional(),
  /** Null or empty: the customer's own address. */
  location: zText(300, 'Höchstens 300 Zeichen').nullable().optional(),
  urgent: z.boolean({ error: 'Ungültiger Wert' }).default(false),
  /** Staff only; the lounge is always 'lounge'. */
  channel: z.enum(ORDER_CHANNELS, { error: 'Ungültiger Eingangsweg' }).optional(),
  /** A random key per form: the same key files one Auftrag however often it is sent. */
  idempotency_key: z.string().trim().min(8).max(100).optional(),
});
export type OrderCreate = z.infer<typeof zOrderCreate>;

/** PATCH /api/orders/{id} (staff): any subset. */
export const zOrderUpdate = z
  .object({
    title: zOrderCreate.shape.title.optional(),
    // Not the create's field: its default ('') would empty the details on every PATCH.
    details: zText(ORDER_LIMITS.detailsChars, 'Höchstens 5.000 Zeichen').optional(),
    due_date: zDate.nullable().optional(),
    planned_date: zDate.nullable().optional(),
    location: zOrderCreate.shape.location,
    urgent: z.boolean({ error: 'Ungültiger Wert' }).optional(),
    assignee_admin_id: zId.nullable().optional(),
    estimate_hours: zHoursEstimate.nullable().optional(),
    state: z.enum(ORDER_STATES, { error: 'Ungültiger Status' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Keine Änderung angegeben');
export type OrderUpdate = z.infer<typeof zOrderUpdate>;

/** POST /api/orders/{id}/accept: whoever accepts first wins. */
export const zOrderAccept = z.object({ assignee_admin_id: zId.nullable().optional() });

export const zOrderMessageCreate = z.object({
  body: z
    .string({ error: 'Bitte schreiben Sie eine Nachricht' })
    .trim()
    .min(1, 'Bitte schreiben Sie eine Nachricht')
    .max(ORDER_LIMITS.messageChars, 'Höchstens 5.000 Zeichen'),
  /** Staff only: a note the customer never sees. */
  internal: z.boolean({ error: 'Ungültiger Wert' }).default(false),
});

export const zOrderApproval = z.object({
  decision: z.enum(APPROVAL_DECISIONS, { error: 'Bitte wählen Sie eine Antwort' }),
  comment: zText(ORDER_LIMITS.messageChars, 'Höchstens 5.000 Zeichen').optional(),
});

export const zOrderOverride = z.object({
  reason: z
    .string({ error: 'Bitte geben Sie einen Grund an' })
    .trim()
    .min(3, 'Bitte geben Sie einen Grund an')
    .max(500, 'Höchstens 500 Zeichen'),
});

export const zOrderClose = z.object({
  /** Optional words for the customer next to the hours in the closing summary. */
  summary: zText(ORDER_LIMITS.messageChars, 'Höchstens 5.000 Zeichen').optional(),
});

export const ORDER_DUE_FILTERS = ['overdue', 'today', 'week'] as const;
export const ORDER_STATE_FILTERS = [...ORDER_STATES, 'open', 'approval'] as const;

/** GET /api/orders (staff inbox) and GET /api/customers/{id}/orders. */
export const zOrderListQuery = zPageQuery.extend({
  state: z.enum(ORDER_STATE_FILTERS, { error: 'Ungültiger Status' }).optional(),
  assignee_id: z.union([zId, z.literal('none')]).optional(),
  customer_id: zId.optional(),
  due: z.enum(ORDER_DUE_FILTERS, { error: 'Ungültiger Filter' }).optional(),
  urgent: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  q: zSearchParam,
});
export type OrderListQuery = z.infer<typeof zOrderListQuery>;

const zPerson = z.object({ id: z.number(), name: z.string() }).nullable();

export const zOrderApprovalView = z.object({
  state: z.enum(APPROVAL_STATES),
  estimate_hours: z.number(),
  /** Hours booked on the Auftrag so far: part of the estimate, no longer part of the available. */
  booked_hours: z.number(),
  available_hours: z.number(),
  shortfall_hours: z.number(),
  answered_at: z.string().nullable(),
});

export const zOrderSummary = z.object({
  id: z.number(),
  number: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  title: z.string(),
  state: z.enum(ORDER_STATES),
  channel: z.enum(ORDER_CHANNELS),
  urgent: z.boolean(),
  due_date: z.string().nullable(),
  planned_date: z.string().nullable(),
  overdue: z.boolean(),
  assignee: zPerson,
  estimate_hours: z.number().nullable(),
  booked_hours: z.number(),
  approval_state: z.enum(APPROVAL_STATES).nullable(),
  message_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof zOrderSummary>;
export const zOrderList = z.array(zOrderSummary);

export const zOrderAttachment = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  message_id: z.number().nullable(),
  created_at: z.string(),
});
export type OrderAttachment = z.infer<typeof zOrderAttachment>;

export const zOrderMessage = z.object({
  id: z.number(),
  author_kind: z.enum(['customer', 'staff', 'system']),
  author_name: z.string(),
  body: z.string(),
  internal: z.boolean(),
  created_at: z.string(),
});
export type OrderMessage = z.infer<typeof zOrderMessage>;

export const zOrderEntry = z.object({
  id: z.number(),
  work_date: z.string(),
  hours: z.number(),
  activity_description: z.string(),
  created_by: z.string(),
  billing_type: z.enum(['abos', 'stundenpakete']),
});

export const zOrderDetail = zOrderSummary.extend({
  details: z.string(),
  location: z.string().nullable(),
  closed_at: z.string().nullable(),
  approval: zOrderApprovalView.nullable(),
  override: z.object({ reason: z.string(), by: z.string() }).nullable(),
  /** The customer's "Jetzt verfügbar" now (hours). */
  available_hours: z.number(),
  can_withdraw: z.boolean(),
  messages: z.array(zOrderMessage),
  attachments: z.array(zOrderAttachment),
  entries: z.array(zOrderEntry),
});
export type OrderDetail = z.infer<typeof zOrderDetail>;

/** Navigation badges and the dashboard's tile. */
export const zOrderCounts = z.object({
  new: z.number(),
  open: z.number(),
  overdue: z.number(),
  awaiting_approval: z.number(),
  /** Open Aufträge by age since filing: under 2 days, 2–7 days, older. */
  by_age: z.object({ fresh: z.number(), week: z.number(), older: z.number() }),
  /** Open Aufträge by state (closed ones are not counted: they gather over the years). */
  by_state: z.record(z.string(), z.number()),
});
export type OrderCounts = z.infer<typeof zOrderCounts>;

/** What the staff event stream (GET /api/orders/events, server-sent events) sends. */
export type OrderEvent = {
  kind: 'order.created' | 'order.message' | 'order.changed';
  order_id: number;
  customer_id: number;
};
