import { maskIban } from '@butler/contract/sepa-rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor as DbExecutor } from '../db/executor.js';
import { auditLog } from '../db/schema/index.js';
import type { SessionContext } from './access.js';

type Executor = {
  insert: (table: typeof auditLog) => { values: (row: typeof auditLog.$inferInsert) => Promise<unknown> };
};

export type AuditAction = 'create' | 'update' | 'delete' | 'reveal' | 'send' | 'cancel' | 'login' | string;

/** What the audit log keeps of a secret field's value: only that it changed. */
export const SECRET_MARK = '[geändert]';

/** Fields whose values never go into the audit log (only the fact that they changed). */
export const REDACTED = new Set([
  'passwordHash',
  'password_hash',
  'password',
  'encryptedContent',
  'encryptedUsername',
  'totpSecret',
  'totpPendingSecret',
  'totpLastStep',
  'codeHash',
  'tokenHash',
]);

/**
 * Customers' account numbers (a mandate's debtor, a bank entry's payer): the log keeps country
 * and last four digits, as a pre-notification shows them (decision 0692). The business's own
 * accounts (the issuer's IBAN on invoices, the collection account) stay whole: a changed
 * payee account is what an owner looks for in the Protokoll.
 */
export const MASKED_IBANS = new Set(['debtorIban', 'debtor_iban', 'counterpartyIban', 'counterparty_iban']);

const maskedIban = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? maskIban(value) : value);

/** Who acted: a session, or (login, reset by link, start-up) an account or the system by name. */
export type AuditActor =
  | SessionContext
  | { userType: 'system' | 'admin' | 'customer'; displayName: string; actorId?: number | null };

/** before/after of the fields that differ; secrets are marked as changed without values, customers' IBANs masked. */
export function diffRecords(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (REDACTED.has(key)) changes[key] = { before: SECRET_MARK, after: SECRET_MARK };
    else if (MASKED_IBANS.has(key)) changes[key] = { before: maskedIban(a), after: maskedIban(b) };
    else changes[key] = { before: a, after: b };
  }
  return changes;
}

/** Writes one audit row: who, when (now), what, which record, changed fields. */
export async function writeAudit(
  db: Executor,
  actor: AuditActor,
  action: AuditAction,
  entity: string,
  entityId: string | number | null,
  before: Record<string, unknown> | null = null,
  after: Record<string, unknown> | null = null,
  options: { customerId?: number | null } = {},
) {
  const actorId = 'adminId' in actor ? (actor.adminId ?? actor.customerId) : (actor.actorId ?? null);
  await db.insert(auditLog).values({
    actorType: actor.userType,
    actorId,
    actorName: actor.displayName,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    changes: before || after ? diffRecords(before, after) : null,
    customerId: options.customerId !== undefined ? options.customerId : ownerOf(entity, entityId, before, after),
  });
}

/** The customer a record belongs to: the customer itself, or the record's customerId. */
function ownerOf(
  entity: string,
  entityId: string | number | null,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): number | null {
  if (entity === 'customer') return entityId === null ? null : Number(entityId) || null;
  const id = after?.customerId ?? before?.customerId;
  return typeof id === 'number' ? id : null;
}

/**
 * A record's fields became secret (a wiki entry sealed as a password entry, decision 0704):
 * the values its earlier audit rows hold in clear are replaced by SECRET_MARK, in the
 * transaction that seals it, so the Protokoll, its CSV and later backups keep no clear copy.
 * Migration 0026 does the same for rows written before.
 */
export async function sealAuditHistory(db: DbExecutor, entity: string, entityId: string | number, fields: string[]) {
  const names = sql`ARRAY[${sql.join(
    fields.map((field) => sql`${field}`),
    sql`, `,
  )}]::text[]`;
  const marked = sql`jsonb_build_object('before', ${SECRET_MARK}::text, 'after', ${SECRET_MARK}::text)`;
  await db.execute(sql`
    UPDATE audit_log
    SET changes = (
      SELECT jsonb_object_agg(field.key, CASE WHEN field.key = ANY(${names}) THEN ${marked} ELSE field.value END)
      FROM jsonb_each(audit_log.changes) AS field
    )
    WHERE ${and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)))}
      AND jsonb_typeof(audit_log.changes) = 'object'
      AND audit_log.changes ?| ${names}`);
}
