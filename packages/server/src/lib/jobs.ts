import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import type { Env } from '../env.js';
import type { Mailer } from './mail.js';

/** What a job handler gets besides its payload. */
export type JobContext = {
  db: Database;
  env: Env;
  /** The mail transport (SMTP_URL or the outbox folder). */
  transport: Mailer;
  /** 1 on the first run; equals `maxAttempts` on the last one. */
  attempt: number;
  maxAttempts: number;
  log: (line: string) => void;
};

/** A background job: a name, its payload schema, an idempotent handler and its retry budget. */
export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  /** Runs before retries stop; graphile-worker waits exp(min(attempt, 10)) s between attempts. */
  maxAttempts: number;
  run: (payload: P, ctx: JobContext) => Promise<void>;
};

export const defineJob = <P>(job: JobDefinition<P>) => job;

/**
 * Enqueues a job with the caller's executor: inside a transaction the job exists only
 * if the transaction commits (and workers are woken by NOTIFY at commit). A `jobKey`
 * keeps at most one waiting job per key (a newer one replaces it).
 */
export async function enqueueJob<P>(
  executor: Executor,
  job: Pick<JobDefinition<P>, 'name' | 'payload' | 'maxAttempts'>,
  payload: P,
  options: { jobKey?: string; runAt?: Date } = {},
): Promise<void> {
  const parsed = job.payload.parse(payload);
  await executor.execute(
    sql`SELECT graphile_worker.add_job(
      identifier => ${job.name}::text,
      payload => ${JSON.stringify(parsed)}::json,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${job.maxAttempts}::int,
      job_key => ${options.jobKey ?? null}::text
    )`,
  );
}
