import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { databaseUnavailableReason } from '../../lib/database-errors.js';

/** Null when the database is reachable and migrated, else the German reason it is not. */
export async function databaseProblem(db: Database): Promise<string | null> {
  try {
    // Migrated means the last table of the schema exists.
    await db.execute(sql`SELECT 1 FROM provider_settings WHERE id = 1`);
    return null;
  } catch (error) {
    const reason = databaseUnavailableReason(error);
    const pgCode = (error as any)?.cause?.code ?? (error as any)?.code;
    return reason ?? (pgCode === '42P01' ? 'Datenbank nicht migriert' : 'Datenbankabfrage fehlgeschlagen');
  }
}
