import { existsSync } from 'node:fs';
import type { PoolConfig } from 'pg';
import type { Env } from '../../env.js';
import { EmbeddedPostgres, embeddedPaths, runningEmbeddedConfig } from '../embedded-postgres.js';
import { ensurePortalDatabase } from '../open-database.js';
import { RestoreRefusedError } from './restore-checks.js';

export type CliDatabase = { config: PoolConfig; close: () => Promise<void>; source: string };

/**
 * The database a backup or restore command works on. DATABASE_URL: that server.
 * Embedded and the portal runs: a backup connects through the running server's
 * socket with the password file (no lock; the portal keeps serving); a restore is
 * refused. Embedded and no portal runs: the command starts the server itself,
 * holding the DATA_DIR lock, so no portal can start meanwhile.
 */
export async function openCliDatabase(env: Env, purpose: 'backup' | 'restore'): Promise<CliDatabase> {
  if (env.DATABASE_URL) {
    return { config: { connectionString: env.DATABASE_URL }, close: async () => {}, source: 'DATABASE_URL' };
  }
  const running = await runningEmbeddedConfig(env.DATA_DIR);
  if (running) {
    if (purpose === 'restore')
      throw new RestoreRefusedError(`Das Portal läuft gerade auf ${env.DATA_DIR}; bitte zuerst beenden.`);
    return {
      config: { ...running, database: 'butler' },
      close: async () => {},
      source: `laufendes Portal in ${env.DATA_DIR}`,
    };
  }
  if (purpose === 'backup' && !existsSync(embeddedPaths(env.DATA_DIR).db))
    throw new Error(`In ${env.DATA_DIR} gibt es keine Datenbank, die gesichert werden könnte.`);
  const embedded = new EmbeddedPostgres({ dataDir: env.DATA_DIR });
  const base = await embedded.start();
  try {
    return {
      config: await ensurePortalDatabase(base),
      close: () => embedded.stop(),
      source: `eingebettete Datenbank in ${env.DATA_DIR}`,
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
