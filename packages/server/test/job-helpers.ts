import { sql } from 'drizzle-orm';
import { makeWorkerUtils } from 'graphile-worker';
import type { Database } from '../src/db/client.js';

/** The waiting graphile-worker jobs with this key (e.g. `mail:12`). */
export async function jobsWithKey(db: Database, key: string) {
  const { rows } = await db.execute<{ id: string; attempts: number; run_at: string; last_error: string | null }>(
    sql`SELECT id::text, attempts, run_at, last_error FROM graphile_worker.jobs WHERE key = ${key}`,
  );
  return rows;
}

/** Lets the back-off of the job with this key end now (graphile-worker's rescheduleJobs), instead of waiting. */
export async function skipBackoff(db: Database, key: string) {
  const jobs = await jobsWithKey(db, key);
  if (jobs.length === 0) return;
  const utils = await makeWorkerUtils({ pgPool: db.$client });
  try {
    await utils.rescheduleJobs(
      jobs.map((j) => j.id),
      { runAt: new Date(Date.now() - 1000) },
    );
  } finally {
    await utils.release();
  }
}
