import type { AuditEntry, AuditQuery } from '@butler/contract/audit';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, auditLog, customers } from '../../db/schema/index.js';
import { REDACTED, SECRET_MARK } from '../../lib/audit.js';
import { formatAuditCsv } from './audit-csv.js';
import { type RecordRef, recordOf, recordRefs } from './audit-records.js';
import { fieldLabel, formatAuditValue, isTechnicalField } from './audit-values.js';

type Filters = Omit<AuditQuery, 'page' | 'page_size'> & { customer_id?: number };
const MAX_VALUE_LENGTH = 500;
export const CSV_ROW_LIMIT = 50_000;

const looksSecret = (value: unknown) => typeof value === 'string' && /^\$argon2|^\$2[aby]\$/.test(value);

/**
 * One changed field in words; secrets, values sealed later (SECRET_MARK, decision 0704) and
 * anything that looks like a password hash never leave.
 */
function presentChange(
  entity: string,
  field: string,
  change: { before?: unknown; after?: unknown } | undefined,
  staffNames: Map<number, string>,
) {
  const label = fieldLabel(field, entity);
  const sealed = change?.before === SECRET_MARK || change?.after === SECRET_MARK;
  if (REDACTED.has(field) || sealed || looksSecret(change?.before) || looksSecret(change?.after)) {
    return { field, label, before: null, after: null, secret: true };
  }
  const cut = (text: string | null) =>
    text !== null && text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}...` : text;
  // Staff by their names as they are now (a visit logs who comes by id).
  const named = (value: unknown) =>
    field === 'staff' && isIdList(value) ? value.map((id) => staffNames.get(id) ?? `#${id}`) : value;
  return {
    field,
    label,
    before: cut(formatAuditValue(field, named(change?.before), entity)),
    after: cut(formatAuditValue(field, named(change?.after), entity)),
    secret: false,
  };
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length > 0 && value.every((v) => Number.isInteger(v));

/** The staff members that the page's `staff` fields name by id, by their display names. */
async function staffNamesOf(db: Database, rows: { changes: unknown }[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const row of rows) {
    const staff = (row.changes as Record<string, { before?: unknown; after?: unknown }> | null)?.staff;
    for (const value of [staff?.before, staff?.after]) if (isIdList(value)) for (const id of value) ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: admins.id, name: admins.name, username: admins.username })
    .from(admins)
    .where(inArray(admins.id, [...ids]));
  return new Map(found.map((a) => [a.id, a.name || a.username]));
}

function conditions(filters: Filters): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (filters.actor === 'system') parts.push(eq(auditLog.actorType, 'system'));
  else if (filters.actor) {
    const [type, id] = filters.actor.split(':');
    parts.push(and(eq(auditLog.actorType, type), eq(auditLog.actorId, Number(id))));
  }
  if (filters.customer_id) parts.push(eq(auditLog.customerId, Number(filters.customer_id)));
  if (filters.entity) parts.push(eq(auditLog.entity, filters.entity));
  if (filters.action) parts.push(eq(auditLog.action, filters.action));
  // Days of the period are Vienna days.
  if (filters.from) parts.push(sql`${auditLog.at} >= (${filters.from}::date)::timestamp AT TIME ZONE 'Europe/Vienna'`);
  if (filters.to) parts.push(sql`${auditLog.at} < ((${filters.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Vienna')`);
  return and(...parts);
}

/** "Protokoll": the audit log, filtered and paged in SQL (docs/decisions/0303-audit-trail-on-screen.md). */
export function createAuditService(db: Database) {
  function select(filters: Filters) {
    return db
      .select({
        row: auditLog,
        customerName: sql<
          string | null
        >`CASE WHEN ${customers.id} IS NULL THEN NULL ELSE ${customers.firstName} || ' ' || ${customers.lastName} END`,
        // A staff actor by their display name as it is now (decision 0622); the stored name otherwise.
        actorName: sql<string>`coalesce(nullif(${admins.name}, ''), ${auditLog.actorName})`,
      })
      .from(auditLog)
      .leftJoin(customers, eq(customers.id, auditLog.customerId))
      .leftJoin(admins, and(eq(auditLog.actorType, 'admin'), eq(admins.id, auditLog.actorId)))
      .where(conditions(filters))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
  }

  type Selected = { row: typeof auditLog.$inferSelect; customerName: string | null; actorName: string };
  async function presentAll(rows: Selected[]): Promise<AuditEntry[]> {
    const logged = rows.map((r) => r.row);
    const refs = await recordRefs(db, logged);
    const staffNames = await staffNamesOf(db, logged);
    return rows.map((r) => present(r, recordOf(r.row, refs), staffNames));
  }

  function present(r: Selected, record: RecordRef | null, staffNames: Map<number, string>): AuditEntry {
    const changes = Object.entries(r.row.changes ?? {})
      .filter(([field]) => !isTechnicalField(field))
      .map(([field, change]) => presentChange(r.row.entity, field, change, staffNames))
      // A change that reads the same in words (e.g. 50 and 50.00) is no change to a person.
      .filter((c) => c.secret || c.before !== c.after);
    return {
      id: r.row.id,
      at: r.row.at.toISOString(),
      actor_type: r.row.actorType,
      actor_name: r.actorName,
      action: r.row.action,
      entity: r.row.entity,
      entity_id: r.row.entityId,
      customer_id: r.row.customerId,
      customer_name: r.customerName,
      record_label: record?.label ?? null,
      record_path: record?.path ?? null,
      changes,
    };
  }

  return {
    async list(query: AuditQuery & { page: number; page_size: number }) {
      const { page, page_size, ...filters } = query;
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(conditions(filters as Filters));
      const rows = await select(filters as Filters)
        .limit(page_size)
        .offset((page - 1) * page_size);
      return { items: await presentAll(rows), total, page, page_size };
    },

    async csv(filters: Filters) {
      const rows = await select(filters).limit(CSV_ROW_LIMIT);
      return formatAuditCsv(await presentAll(rows));
    },

    /** The choices of the filter fields: people who acted, kinds of records and actions seen. */
    async filters() {
      const staff = await db
        .select({ id: admins.id, username: admins.username, name: admins.name })
        .from(admins)
        .orderBy(asc(admins.username));
      const entities = await db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity));
      const actions = await db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
      return {
        actors: [
          ...staff.map((s) => ({ key: `admin:${s.id}`, label: s.name ? `${s.name} (${s.username})` : s.username })),
          { key: 'system', label: 'System' },
        ],
        entities: entities.map((e) => e.v),
        actions: actions.map((a) => a.v),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
