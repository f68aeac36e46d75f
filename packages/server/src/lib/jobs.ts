import { sql } from 'drizzle-orm';
import { z } from 'zod';
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

/** The slot keys the scheduler hands in: a date (daily) or `YYYY-MM` (monthly), see modules/jobs/schedules.ts. */
const SLOT_FORMATS = { date: /^\d{4}-\d{2}-\d{2}$/, month: /^\d{4}-\d{2}$/ } as const;

/**
 * A job the scheduler enqueues once per slot (modules/jobs/job-registry.ts lists it with its
 * schedule): the payload is `{ slot }` in the given format, and a run without its slot fails.
 * It lives in lib/ rather than modules/jobs/ because the registry imports every job module (decision 0800).
 */
export function defineScheduledJob(job: {
  name: string;
  slot: keyof typeof SLOT_FORMATS;
  maxAttempts: number;
  run: (slot: string, ctx: JobContext) => Promise<void>;
}): JobDefinition<{ slot?: string }> {
  return defineJob({
    name: job.name,
    payload: z.object({ slot: z.string().regex(SLOT_FORMATS[job.slot]).optional() }),
    maxAttempts: job.maxAttempts,
    async run({ slot }, ctx) {
      if (!slot) throw new Error(`${job.name} needs its slot`);
      await job.run(slot, ctx);
    },
  });
}

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
