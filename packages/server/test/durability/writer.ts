/**
 * Child process of the durability tests: opens the embedded database in DATA_DIR the
 * way the portal does (lock, leftover check, migrations), then commits inserts in a
 * loop and prints the id of every acknowledged (committed) row: `ACK <id>`.
 */
import { randomBytes } from 'node:crypto';
import { PortalAlreadyRunningError } from '../../src/db/embedded-postgres.js';
import { openDatabase } from '../../src/db/open-database.js';
import { readEnv } from '../../src/env.js';

const env = readEnv({ DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: 'silent' });
const log = (line: string) => process.stderr.write(`${line}\n`);

let opened: Awaited<ReturnType<typeof openDatabase>>;
try {
  opened = await openDatabase(env, log);
} catch (error) {
  if (error instanceof PortalAlreadyRunningError) {
    log(error.message);
    process.exit(3);
  }
  throw error;
}
const pool = opened.db.$client;
await pool.query(
  'CREATE TABLE IF NOT EXISTS durability_probe (id bigserial PRIMARY KEY, payload text NOT NULL, written_at timestamptz NOT NULL DEFAULT now())',
);
process.stdout.write('READY\n');

let stopping = false;
async function writeLoop() {
  while (!stopping) {
    // Mixed sizes so that commits span WAL pages and full-page images.
    const payload = randomBytes(8 + Math.floor(Math.random() * 3000)).toString('hex');
    const result = await pool.query('INSERT INTO durability_probe (payload) VALUES ($1) RETURNING id', [payload]);
    // Pipes are synchronous on Linux: once written, the parent sees the line even if we die next.
    process.stdout.write(`ACK ${result.rows[0].id}\n`);
  }
}
const loops = Array.from({ length: 4 }, () => writeLoop());

const shutdown = async () => {
  stopping = true;
  await Promise.allSettled(loops);
  await opened.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
