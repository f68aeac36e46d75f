import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import type { ErrorCode } from './errors.js';

/**
 * Tables whose rows a route names by `:id` and which belong to one customer, with the
 * answer their routes give for an unknown id: a row of a customer out of reach gets the
 * same answer, so it cannot be told from one that does not exist.
 */
const OWNED_ROWS = {
  projects: { owner: sql`SELECT customer_id FROM projects WHERE id = `, unknown: 'PROJECT_NOT_FOUND' },
  time_entries: { owner: sql`SELECT customer_id FROM time_entries WHERE id = `, unknown: 'TIME_ENTRY_NOT_FOUND' },
  subscriptions: { owner: sql`SELECT customer_id FROM subscriptions WHERE id = `, unknown: 'SUBSCRIPTION_NOT_FOUND' },
  hour_packages: { owner: sql`SELECT customer_id FROM hour_packages WHERE id = `, unknown: 'HOUR_PACKAGE_NOT_FOUND' },
  wiki_entries: { owner: sql`SELECT customer_id FROM wiki_entries WHERE id = `, unknown: 'WIKI_ENTRY_NOT_FOUND' },
  orders: { owner: sql`SELECT customer_id FROM orders WHERE id = `, unknown: 'ORDER_NOT_FOUND' },
  visits: { owner: sql`SELECT customer_id FROM visits WHERE id = `, unknown: 'VISIT_NOT_FOUND' },
  hour_orders: { owner: sql`SELECT customer_id FROM hour_orders WHERE id = `, unknown: 'HOUR_ORDER_NOT_FOUND' },
  visit_requests: {
    owner: sql`SELECT customer_id FROM visit_requests WHERE id = `,
    unknown: 'VISIT_REQUEST_NOT_FOUND',
  },
  subscription_requests: {
    owner: sql`SELECT customer_id FROM subscription_requests WHERE id = `,
    unknown: 'SUBSCRIPTION_REQUEST_NOT_FOUND',
  },
  month_questions: {
    owner: sql`SELECT customer_id FROM month_questions WHERE id = `,
    unknown: 'MONTH_QUESTION_NOT_FOUND',
  },
  wiki_files: {
    owner: sql`SELECT e.customer_id FROM wiki_files f JOIN wiki_entries e ON e.id = f.entry_id WHERE f.id = `,
    unknown: 'WIKI_FILE_NOT_FOUND',
  },
} as const satisfies Record<string, { owner: SQL; unknown: ErrorCode }>;
export type OwnedTable = keyof typeof OWNED_ROWS;

/**
 * Where a route's customer comes from: a customer id in the path, query or body, or the
 * customer of the row the path's `:id` names (`row:projects`).
 */
export type CustomerRef =
  | 'params.id'
  | 'params.customerId'
  | 'query.customer_id'
  | 'body.customer_id'
  | `row:${OwnedTable}`;

function field(source: unknown, name: string): unknown {
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

/** An id as the route's schema parsed it; anything else is no id (the handler answers it). */
function asId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A customer a request names; `unknown`: how the route answers an unknown row (for one out of reach). */
export type NamedCustomer = { customerId: number; unknown?: ErrorCode };

/**
 * The customers a request names through its refs (before validation: raw values). A ref
 * that is absent, or a row that does not exist, names nobody: the handler answers 404 for it.
 */
export async function customersOfRequest(
  db: Database,
  request: FastifyRequest,
  refs: CustomerRef[],
): Promise<NamedCustomer[]> {
  const found: NamedCustomer[] = [];
  for (const ref of refs) {
    if (ref.startsWith('row:')) {
      const id = asId(field(request.params, 'id'));
      if (id === null) continue;
      const table = OWNED_ROWS[ref.slice(4) as OwnedTable];
      const result = await db.execute<{ customer_id: number | null }>(sql`${table.owner}${id}`);
      const owner = result.rows[0]?.customer_id;
      if (owner != null) found.push({ customerId: Number(owner), unknown: table.unknown });
      continue;
    }
    const [part, name] = ref.split('.') as ['params' | 'query' | 'body', string];
    const raw = field(request[part], name);
    if (raw === undefined || raw === null) continue;
    // A value that is no id (the schema let it through as optional) reaches nobody's data.
    found.push({ customerId: asId(raw) ?? -1 });
  }
  return found;
}
