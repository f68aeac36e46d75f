import { sql } from 'drizzle-orm';
import type { TestContext } from '../test-app.js';

/** Row ids of every table with an id column, and the customer each row belongs to. */
export type Pools = Map<string, Array<{ id: number; owner: number | null; featured?: boolean }>>;

export type OwnerSource = { table: string; sql: string };

/** For each table with an integer `id`: how to find its customer (own column or one foreign-key hop). */
export async function ownerSources(ctx: TestContext): Promise<OwnerSource[]> {
  const columns = await ctx.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'`);
  const byTable = new Map<string, Set<string>>();
  for (const c of columns.rows) {
    // Only integer ids are ids a route takes (sessions have uuids).
    if (c.column_name === 'id' && !['integer', 'bigint', 'smallint'].includes(c.data_type)) continue;
    if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Set());
    byTable.get(c.table_name)!.add(c.column_name);
  }
  const fks = await ctx.db.execute<{ table_name: string; column_name: string; target: string }>(sql`
    SELECT kcu.table_name, kcu.column_name, ccu.table_name AS target
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
    JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
    WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public' AND ccu.column_name = 'id'`);
  const sources: OwnerSource[] = [];
  for (const [table, cols] of byTable) {
    if (!cols.has('id')) continue;
    const featured = table === 'wiki_entries' ? ', t.is_featured AND NOT t.is_password_entry' : ', false';
    if (table === 'customers') {
      sources.push({ table, sql: `SELECT id, id AS owner, false AS featured FROM customers t` });
    } else if (cols.has('customer_id')) {
      sources.push({ table, sql: `SELECT t.id, t.customer_id AS owner${featured} AS featured FROM "${table}" t` });
    } else {
      const hop = fks.rows.find((fk) => fk.table_name === table && byTable.get(fk.target)?.has('customer_id'));
      const featuredVia = hop?.target === 'wiki_entries' ? 'p.is_featured AND NOT p.is_password_entry' : 'false';
      sources.push({
        table,
        sql: hop
          ? `SELECT t.id, p.customer_id AS owner, ${featuredVia} AS featured FROM "${table}" t LEFT JOIN "${hop.target}" p ON p.id = t."${hop.column_name}"`
          : `SELECT id, NULL::int AS owner, false AS featured FROM "${table}" t`,
      });
    }
  }
  return sources;
}
