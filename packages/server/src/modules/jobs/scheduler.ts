import type { Database } from '../../db/client.js';
import { jobScheduleRuns } from '../../db/schema/index.js';
import { enqueueJob, type JobDefinition } from '../../lib/jobs.js';
import type { Schedule } from './schedules.js';

export type ScheduledJob = { job: JobDefinition<{ slot?: string }>; schedule: Schedule };

/**
 * Enqueues every scheduled job whose latest slot is due and not yet enqueued. The slot
 * row and the job are written in one transaction and the slot is the primary key, so
 * any number of processes may tick at once: each slot runs once. Slots missed by more
 * than the schedule's catch-up window (portal down) are skipped.
 */
export async function runSchedulerTick(db: Database, at: Date, jobs: ScheduledJob[]): Promise<string[]> {
  const enqueued: string[] = [];
  for (const { job, schedule } of jobs) {
    const slot = schedule.latestSlot(at);
    if (at.getTime() - slot.dueAt.getTime() > schedule.catchUpMs) continue;
    const fresh = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(jobScheduleRuns)
        .values({ jobName: job.name, slot: slot.key })
        .onConflictDoNothing()
        .returning({ slot: jobScheduleRuns.slot });
      if (rows.length === 0) return false;
      await enqueueJob(tx, job, { slot: slot.key }, { jobKey: `${job.name}:${slot.key}` });
      return true;
    });
    if (fresh) enqueued.push(`${job.name}@${slot.key}`);
  }
  return enqueued;
}
