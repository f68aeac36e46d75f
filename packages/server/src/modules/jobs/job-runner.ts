import { sql } from 'drizzle-orm';
import { Logger, parseCronItems, run, runOnce, type TaskList } from 'graphile-worker';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { now } from '../../lib/clock.js';
import type { JobContext } from '../../lib/jobs.js';
import { scrubLogText } from '../../lib/log-safety.js';
import { createMailer, type Mailer } from '../../lib/mail.js';
import { ALL_JOBS, SCHEDULED_JOBS, schedulerTickJob } from './job-registry.js';
import { runSchedulerTick } from './scheduler.js';

export type JobDeps = { db: Database; env: Env; log?: (line: string) => void; transport?: Mailer };

function silentUnlessDebug(env: Env, log: (line: string) => void) {
  const verbose = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  return new Logger(() => (level, message) => {
    // A failed job is already logged by its handler in one line; graphile adds the stack.
    if (level === 'error' || level === 'warning' || verbose)
      log(`[jobs] ${level}: ${scrubLogText(message.split('\n')[0])}`);
  });
}

/** graphile-worker's task list from the registry: payload checked, context handed in. */
export function buildTaskList(deps: JobDeps): TaskList {
  const write = deps.log ?? (() => {});
  // A job's line may quote a failure (an SMTP answer naming the recipient): masked (decision 0501).
  const log = (line: string) => write(scrubLogText(line));
  const transport = deps.transport ?? createMailer(deps.env.SMTP_URL, deps.env.DATA_DIR, 'portal@localhost');
  const tasks: TaskList = {};
  for (const job of ALL_JOBS) {
    tasks[job.name] = async (payload, helpers) => {
      const ctx: JobContext = {
        db: deps.db,
        env: deps.env,
        transport,
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        log,
      };
      await job.run(job.payload.parse(payload ?? {}), ctx);
    };
  }
  return tasks;
}

export type JobRunner = { stop: () => Promise<void> };

/**
 * Starts the worker inside the portal process: jobs are picked up at once (LISTEN/NOTIFY,
 * polling as fallback), two at a time; the scheduler ticks every minute through
 * graphile-worker's cron (which lets one process per minute enqueue it) and once now.
 */
export async function startJobRunner(deps: JobDeps, options: { concurrency?: number; cron?: boolean } = {}) {
  const log = deps.log ?? (() => {});
  const runner = await run({
    pgPool: deps.db.$client,
    taskList: buildTaskList(deps),
    concurrency: options.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 2000,
    parsedCronItems: parseCronItems(
      options.cron === false
        ? []
        : [
            {
              task: schedulerTickJob.name,
              match: '* * * * *',
              identifier: 'scheduler-tick',
              options: { maxAttempts: 1, jobKey: 'scheduler-tick' },
            },
          ],
    ),
    logger: silentUnlessDebug(deps.env, log),
  });
  if (options.cron !== false) {
    await runSchedulerTick(deps.db, now(), SCHEDULED_JOBS).catch((error) =>
      log(`[jobs] first tick: ${scrubLogText(String(error))}`),
    );
  }
  return { stop: () => runner.stop() } satisfies JobRunner;
}

/**
 * Runs every job that is due now, then returns once their outcome is recorded (tests:
 * deterministic instead of a background worker). graphile-worker may record a failure
 * just after runOnce resolves, so this waits until no job is locked any more.
 */
export async function runDueJobs(deps: JobDeps): Promise<void> {
  await runOnce({
    pgPool: deps.db.$client,
    taskList: buildTaskList(deps),
    noHandleSignals: true,
    logger: silentUnlessDebug(deps.env, deps.log ?? (() => {})),
  });
  for (let i = 0; i < 100; i++) {
    const { rows } = await deps.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_at IS NOT NULL`,
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
