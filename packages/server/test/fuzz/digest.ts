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
    why: 'a refused reveal of a stored password (403) is audited on purpose (decision 0540)',
  },
  login_attempts: { why: 'a failed login (401) is recorded on purpose: it throttles guessing (DOMAIN-RULES §3)' },
  sessions: {
    columns: ['last_seen_at'],
    why: 'every authenticated request moves the idle timer, also one that is then refused (400/403/404)',
  },
};

/** The state a refused request must leave alone: table hashes and DATA_DIR's files (names and sizes). */
export type Digest = { tables: Record<string, string>; files: string };

/** A table the digest watches: its name in reports, its SQL name, and how one of its rows is hashed. */
type Watched = { key: string; from: string; aggregate: string };

/** The tables of every schema but the catalogues and the digest's own. */
async function watchedTables(ctx: TestContext): Promise<Watched[]> {
  // Every schema, not only `public`: the job queue (graphile_worker) counts too — a refused
  // request must not have queued a mail.
  const result = await ctx.db.$client.query(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema', '${SCHEMA}')
     ORDER BY 1, 2`,
  );
  const watched: Watched[] = [];
  for (const found of result.rows as Array<{ table_schema: string; table_name: string }>) {
    const key = found.table_schema === 'public' ? found.table_name : `${found.table_schema}.${found.table_name}`;
    const rule = CHANGES_ON_REFUSAL[key];
    if (rule && !rule.columns && !rule.rowsExcept) continue;
    const row = rule?.columns
      ? `(to_jsonb(r) - ARRAY[${rule.columns.map((c) => `'${c}'`).join(',')}]::text[])::text`
      : 'r::text';
    // Order-independent (a sum of 60-bit row hashes), so it can be kept up to date row by row.
    watched.push({
      key,
      from: `"${found.table_schema}"."${found.table_name}"`,
      aggregate: `SELECT count(*) AS n, coalesce(sum(('x' || left(md5(${row}), 15))::bit(60)::bigint), 0) AS h FROM {rows} r${rule?.rowsExcept ? ` WHERE NOT (${rule.rowsExcept})` : ''}`,
    });
  }
  return watched;
}

/** The schema of the running sums; the fuzzer's database only. */
const SCHEMA = 'fuzz_digest';
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The digest of every watched table, kept up to date by the database itself.
 *
 * Hashing every row of every table after each of the ~4,400 requests took 20 ms a time
 * (80 of the fuzzer's 120 s). Instead, statement triggers with transition tables add the
 * inserted rows' count and hash sum to an append-only log and subtract the deleted ones (an
 * update is both), in the request's own transaction: a rolled-back request leaves no trace,
 * and appending never waits for a lock another transaction holds. Reading the digest is a
 * sum over that short log. `full()` computes the same figures from the rows themselves;
 * the fuzzer compares both before every operation, so a change that slipped past the
 * triggers fails the run instead of going unseen.
 */
export class TableDigest {
  private constructor(
    private readonly ctx: TestContext,
    private readonly watched: Watched[],
  ) {}

  static async install(ctx: TestContext): Promise<TableDigest> {
    const watched = await watchedTables(ctx);
    const client = ctx.db.$client;
    await client.query(`
      CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.log (t text NOT NULL, n bigint NOT NULL, h numeric NOT NULL);
      CREATE FUNCTION ${SCHEMA}.track() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        added bigint;
        hashed numeric;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          INSERT INTO ${SCHEMA}.log SELECT TG_ARGV[0], -sum(n), -sum(h) FROM ${SCHEMA}.log WHERE t = TG_ARGV[0];
          RETURN NULL;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          EXECUTE replace(TG_ARGV[1], '{rows}', 'new_rows') INTO added, hashed;
          IF added > 0 THEN INSERT INTO ${SCHEMA}.log VALUES (TG_ARGV[0], added, hashed); END IF;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          EXECUTE replace(TG_ARGV[1], '{rows}', 'old_rows') INTO added, hashed;
          IF added > 0 THEN INSERT INTO ${SCHEMA}.log VALUES (TG_ARGV[0], -added, -hashed); END IF;
        END IF;
        RETURN NULL;
      END $fn$;`);
    const statements: string[] = [];
    for (const table of watched) {
      const args = `${literal(table.key)}, ${literal(table.aggregate)}`;
      const on = `ON ${table.from}`;
      statements.push(
        `CREATE TRIGGER fuzz_digest_insert AFTER INSERT ${on} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.track(${args})`,
        `CREATE TRIGGER fuzz_digest_update AFTER UPDATE ${on} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.track(${args})`,
        `CREATE TRIGGER fuzz_digest_delete AFTER DELETE ${on} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.track(${args})`,
        `CREATE TRIGGER fuzz_digest_truncate AFTER TRUNCATE ${on} FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.track(${args})`,
      );
    }
    const digest = new TableDigest(ctx, watched);
    // The triggers and the starting sums in one transaction: no write falls between them.
    await client.query(
      `BEGIN; ${statements.join(';\n')}; INSERT INTO ${SCHEMA}.log (t, n, h) SELECT t, n, h FROM (${digest.fullSql()}) s; COMMIT;`,
    );
    return digest;
  }

  /** Per table, the row count and hash sum computed from every row (what the log must agree with). */
  private fullSql() {
    return this.watched
      .map(
        (table) =>
          `SELECT ${literal(table.key)} AS t, x.n, x.h FROM (${table.aggregate.replace('{rows}', table.from)}) x`,
      )
      .join(' UNION ALL ');
  }

  private async read(sql: string): Promise<Digest> {
    const result = await this.ctx.db.$client.query(sql);
    const tables: Record<string, string> = {};
    for (const row of result.rows) tables[row.t] = `${row.n}:${row.h}`;
    return { tables, files: await filesDigest(this.ctx.dataDir) };
  }

  /** The state a refused request must leave alone, from the running sums. */
  current(): Promise<Digest> {
    return this.read(`SELECT t, sum(n) AS n, sum(h) AS h FROM ${SCHEMA}.log GROUP BY t`);
  }

  /** The same, computed from every row of every watched table. */
  full(): Promise<Digest> {
    return this.read(this.fullSql());
  }

  /** A digest of the database as it is now, without triggers (a test comparing before and after one request). */
  static async snapshot(ctx: TestContext): Promise<Digest> {
    return new TableDigest(ctx, await watchedTables(ctx)).full();
  }

  /** Folds the log into one row per table, so reading it stays cheap over a long run. */
  async compact() {
    await this.ctx.db.$client.query(`
      WITH taken AS (DELETE FROM ${SCHEMA}.log RETURNING t, n, h)
      INSERT INTO ${SCHEMA}.log SELECT t, sum(n), sum(h) FROM taken GROUP BY t`);
  }
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

/** DATA_DIR's files (names and sizes) as one hash. */
async function filesDigest(dataDir: string): Promise<string> {
  return crypto
    .createHash('sha256')
    .update((await listFiles(dataDir)).join('\n'))
    .digest('hex');
}

/** Names of what differs ('customers', 'DATA_DIR files'); empty when nothing changed. */
export function digestDifference(before: Digest, after: Digest): string[] {
  const changed = Object.keys({ ...before.tables, ...after.tables }).filter(
    (t) => before.tables[t] !== after.tables[t],
  );
  if (before.files !== after.files) changed.push('DATA_DIR files');
  return changed;
}
