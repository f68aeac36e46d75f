import { z } from 'zod';
import { zDate, zId } from './common.js';
import { zPageQuery } from './list-query.js';

/** "Protokoll" filters: person (actor key `admin:3`, `customer:12`, `system`), customer, record kind, action, period. */
export const zAuditQuery = zPageQuery.extend({
  actor: z
    .string()
    .trim()
    .max(40)
    .regex(/^(admin:\d{1,10}|customer:\d{1,10}|system)$/, 'Unbekannte Person')
    .optional(),
  customer_id: zId.optional(),
  entity: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_-]+$/, 'Unbekannte Art von Datensatz')
    .optional(),
  action: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_-]+$/, 'Unbekannte Aktion')
    .optional(),
  from: zDate.optional(),
  to: zDate.optional(),
});
export type AuditQuery = z.input<typeof zAuditQuery>;

/** One changed field in words (decision 0634): German label, values as the screens show them. */
export const zAuditChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** A secret (password, key): only that it changed is shown, never a value. */
  secret: z.boolean(),
});
export const zAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor_type: z.string(),
  actor_name: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  /** The record by its name or number ("Rechnung 2026-0030", "Wiki-Eintrag FinanzOnline"). */
  record_label: z.string().nullable(),
  /** Where the record opens in the app; null when it is gone or has no page. */
  record_path: z.string().nullable(),
  changes: z.array(zAuditChange),
});
export type AuditEntry = z.infer<typeof zAuditEntry>;

export const zAuditPage = z.object({
  items: z.array(zAuditEntry),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AuditPage = z.infer<typeof zAuditPage>;

export const zAuditFilters = z.object({
  actors: z.array(z.object({ key: z.string(), label: z.string() })),
  entities: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditFilters = z.infer<typeof zAuditFilters>;
