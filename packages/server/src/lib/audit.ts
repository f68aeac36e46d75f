import { maskIban } from '@butler/contract/sepa-rules';
import { auditLog } from '../db/schema/index.js';
import type { SessionContext } from './access.js';

type Executor = {
  insert: (table: typeof auditLog) => { values: (row: typeof auditLog.$inferInsert) => Promise<unknown> };
};

export type AuditAction = 'create' | 'update' | 'delete' | 'reveal' | 'send' | 'cancel' | 'login' | string;

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
    if (REDACTED.has(key)) changes[key] = { before: '[geändert]', after: '[geändert]' };
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
