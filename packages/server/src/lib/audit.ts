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

/** Who acted: a session, or (login, reset by link, start-up) an account or the system by name. */
export type AuditActor =
  | SessionContext
  | { userType: 'system' | 'admin' | 'customer'; displayName: string; actorId?: number | null };

/** before/after of the fields that differ; secrets are marked as changed without values. */
export function diffRecords(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changes[key] = REDACTED.has(key) ? { before: '[geändert]', after: '[geändert]' } : { before: a, after: b };
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
