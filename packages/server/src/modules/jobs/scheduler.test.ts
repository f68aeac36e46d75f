import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createDatabase, type Database } from '../../db/client.js';
import { jobScheduleRuns } from '../../db/schema/index.js';
import { defineJob } from '../../lib/jobs.js';
import { runSchedulerTick, type ScheduledJob } from './scheduler.js';
import { daily, monthly } from './schedules.js';

let ctx: TestContext;
const others: Database[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const db of others) await db.$client.end();
});

const probe = (name: string) =>
  defineJob({ name, payload: z.object({ slot: z.string().optional() }), maxAttempts: 1, run: async () => {} });

async function waitingJobs(name: string) {
  const { rows } = await ctx.db.execute<{ key: string }>(
    sql`SELECT key FROM graphile_worker.jobs WHERE task_identifier = ${name} ORDER BY key`,
  );
  return rows.map((r) => r.key);
}

describe('scheduler tick', () => {
  it('enqueues a due slot once, however many processes tick at the same moment', async () => {
    const jobs: ScheduledJob[] = [{ job: probe('test.monthly'), schedule: monthly(1, '06:00') }];
    const processes = Array.from({ length: 4 }, () => {
      const db = createDatabase(ctx.poolConfig, () => {});
      others.push(db);
      return db;
    });
    const now = new Date('2026-04-01T04:00:30Z');
    const results = await Promise.all(
      processes.flatMap((db) => [runSchedulerTick(db, now, jobs), runSchedulerTick(db, now, jobs)]),
    );
    expect(results.flat()).toEqual(['test.monthly@2026-04']);
    expect(await waitingJobs('test.monthly')).toEqual(['test.monthly:2026-04']);
  });

  it('runs nothing before the slot, the slot at its time, and skips slots missed beyond the catch-up window', async () => {
    const jobs: ScheduledJob[] = [{ job: probe('test.daily'), schedule: daily('07:00', 12) }];
    // Portal started long after yesterday's 07:00 and before today's: yesterday is too late.
    expect(await runSchedulerTick(ctx.db, new Date('2026-05-10T04:00:00Z'), jobs)).toEqual([]);
    expect(await runSchedulerTick(ctx.db, new Date('2026-05-10T05:00:00Z'), jobs)).toEqual(['test.daily@2026-05-10']);
    expect(await runSchedulerTick(ctx.db, new Date('2026-05-10T15:00:00Z'), jobs)).toEqual([]);
    // Down from 06:00 to 09:00 Vienna: today's slot still runs late, once.
    expect(await runSchedulerTick(ctx.db, new Date('2026-05-11T07:00:00Z'), jobs)).toEqual(['test.daily@2026-05-11']);
    const slots = await ctx.db.select().from(jobScheduleRuns).where(sql`${jobScheduleRuns.jobName} = 'test.daily'`);
    expect(slots.map((s) => s.slot).sort()).toEqual(['2026-05-10', '2026-05-11']);
  });
});
