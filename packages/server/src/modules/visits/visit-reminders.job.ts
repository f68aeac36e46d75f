import { defineScheduledJob } from '../../lib/jobs.js';
import { queueVisitReminders } from './visit-mails.js';

/**
 * Daily at 17:00 Vienna (slot = the date): the reminder mail of every open visit of the next
 * day (decision 0841). Once per visit: the outbox's dedupe key, also when two processes run it.
 */
export const visitRemindersJob = defineScheduledJob({
  name: 'visits.reminders',
  slot: 'date',
  maxAttempts: 10,
  async run(slot, ctx) {
    const queued = await ctx.db.transaction((tx) => queueVisitReminders(tx, slot, ctx.env.PUBLIC_URL));
    ctx.log(`visit reminders ${slot}: ${queued} queued`);
  },
});
