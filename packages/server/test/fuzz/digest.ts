import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestContext } from '../test-app.js';

/**
 * What may change without a successful request, and why. Everything else — every row of
 * every other table, and the files under DATA_DIR — must be the same after a 4xx answer.
 * A table another engineer adds is covered automatically; list it here only if a refused
 * request changes it on purpose.
 */
export const CHANGES_ON_REFUSAL: Record<string, { columns?: string[]; rowsExcept?: string; why: string }> = {
  audit_log: {
    rowsExcept: "action = 'reveal_refused'",
    why: 'a refused reveal of a stored password (403) is audited on purpose (issue 27, decision 0540)',
  },
  login_attempts: { why: 'a failed login (401) is recorded on purpose: it throttles guessing (DOMAIN-RULES §3)' },
  sessions: {
    columns: ['last_seen_at'],
    why: 'every authenticated request moves the idle timer, also one that is then refused (400/403/404)',
  },
};

/** One SQL statement: per table, the row count and a sum of row hashes (minus the columns above). */
export async function digestQuery(ctx: TestContext): Promise<string> {
  // Every schema, not only `public`: the job queue (graphile_worker) counts too — a refused
  // request must not have queued a mail.
  const result = await ctx.db.$client.query(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const parts: string[] = [];
  for (const found of result.rows as Array<{ table_schema: string; table_name: string }>) {
    const table = found.table_schema === 'public' ? found.table_name : `${found.table_schema}.${found.table_name}`;
    const from = `"${found.table_schema}"."${found.table_name}"`;
    const rule = CHANGES_ON_REFUSAL[table];
    if (rule && !rule.columns && !rule.rowsExcept) continue;
    const row = rule?.columns
      ? `(to_jsonb(r) - ARRAY[${rule.columns.map((c) => `'${c}'`).join(',')}]::text[])::text`
      : 'r::text';
    // Order-independent (a sum of 60-bit row hashes) and without a sort: cheap on every request.
    parts.push(
      `SELECT '${table}' AS t, count(*) || ':' || coalesce(sum(('x' || left(md5(${row}), 15))::bit(60)::bigint), 0) AS h FROM ${from} r${rule?.rowsExcept ? ` WHERE NOT (${rule.rowsExcept})` : ''}`,
    );
  }
  return parts.join(' UNION ALL ');
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => [])) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else {
      const stat = await fs.stat(path.join(dir, rel)).catch(() => null);
      out.push(`${rel}:${stat?.size ?? 'gone'}`);
    }
  }
  return out.sort();
}

export type Digest = { tables: Record<string, string>; files: string };

/** The state a refused request must leave alone: table hashes and DATA_DIR's files (names and sizes). */
export async function takeDigest(ctx: TestContext, query: string): Promise<Digest> {
  const result = await ctx.db.$client.query(query);
  const tables: Record<string, string> = {};
  for (const row of result.rows) tables[row.t] = row.h;
  const files = crypto
    .createHash('sha256')
    .update((await listFiles(ctx.dataDir)).join('\n'))
    .digest('hex');
  return { tables, files };
}

/** Names of what differs ('customers', 'DATA_DIR files'); empty when nothing changed. */
export function digestDifference(before: Digest, after: Digest): string[] {
  const changed = Object.keys({ ...before.tables, ...after.tables }).filter(
    (t) => before.tables[t] !== after.tables[t],
  );
  if (before.files !== after.files) changed.push('DATA_DIR files');
  return changed;
}
