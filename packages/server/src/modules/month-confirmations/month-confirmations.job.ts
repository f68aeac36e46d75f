import { defineScheduledJob } from '../../lib/jobs.js';
import { runMonthConfirmations } from './month-daily.js';

/**
 * Daily at 06:45 Vienna (slot = the date): months without an open Rückfrage whose quiet days
 * are over are confirmed automatically, the month just ended is announced (decision 0852).
 * Once across processes: the unique key of month_confirmations and the outbox's dedupe key.
 */
export const monthConfirmationsJob = defineScheduledJob({
  name: 'month-confirmations.daily',
  slot: 'date',
  maxAttempts: 10,
  async run(slot, ctx) {
    const { confirmed, announced } = await runMonthConfirmations(ctx.db, ctx.env, slot);
    ctx.log(`month confirmations ${slot}: ${confirmed} confirmed, ${announced} announced`);
  },
});
