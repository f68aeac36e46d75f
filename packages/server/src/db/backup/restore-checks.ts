import type pg from 'pg';
import { quoteIdent } from './backup-format.js';

export class RestoreRefusedError extends Error {}

/**
 * A restore target must be empty: a new DATA_DIR or a new PostgreSQL database. A
 * database the portal has already started on holds an admin, which counts as used.
 * Seeded singleton rows (settings with id 1) are allowed and replaced.
 */
export async function assertTargetEmpty(pool: pg.Pool, backupMigration: number): Promise<void> {
  const tables = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const used: string[] = [];
  for (const { name } of tables.rows) {
    const count = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM public.${quoteIdent(name)} LIMIT 2) s`,
    );
    const rows = count.rows[0]!.n;
    if (rows > 1 || (rows > 0 && (name === 'customers' || name === 'admins'))) used.push(name);
  }
  if (used.length)
    throw new RestoreRefusedError(
      `Die Zieldatenbank ist nicht leer (Daten in: ${used.join(', ')}). Wiederherstellen ist nur in eine leere Datenbank möglich: ` +
        'ein neues DATA_DIR oder eine neue PostgreSQL-Datenbank, auf der das Portal noch nicht gestartet wurde.',
    );
  const applied = await pool
    .query<{ latest: string | null }>('SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations')
    .catch(() => ({ rows: [{ latest: null }] }));
  const latest = applied.rows[0]?.latest;
  if (latest && Number(latest) > backupMigration)
    throw new RestoreRefusedError(
      'Die Zieldatenbank hat bereits ein neueres Schema als die Sicherung; bitte in eine neue, leere Datenbank wiederherstellen.',
    );
}
