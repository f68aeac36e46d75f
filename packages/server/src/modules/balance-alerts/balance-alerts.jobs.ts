import { z } from 'zod';
import type { Executor } from '../../db/executor.js';
import { defineJob, defineScheduledJob, enqueueJob } from '../../lib/jobs.js';
import { recordCrossings, sendStaffDigest } from './balance-alerts.service.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * After a booking (or a package change): has this customer crossed a threshold? Enqueued
 * in the booking's transaction with `today` fixed then; the job key keeps one waiting
 * check per customer, so a burst of bookings is one check.
 */
export const checkBalanceJob = defineJob({
  name: 'balance-alerts.check',
  payload: z.object({ customerId: z.number().int().positive(), today: isoDate }),
  maxAttempts: 10,
  async run({ customerId, today }, ctx) {
    const fresh = await recordCrossings(ctx.db, ctx.env, today, customerId);
    if (fresh.length) ctx.log(`balance alerts: customer ${customerId} crossed ${fresh.map((f) => f.kind).join(', ')}`);
  },
});

/** Queues the balance check of a customer whose hours changed (in the caller's transaction). */
export function enqueueBalanceCheck(executor: Executor, customerId: number, today: string) {
  return enqueueJob(executor, checkBalanceJob, { customerId, today }, { jobKey: `balance-check:${customerId}` });
}

/**
 * Daily at 07:00 Vienna (slot = the date): checks every customer (a crossing whose
 * check was lost is found here), then sends the staff digest of all new crossings.
 */
export const dailyBalanceJob = defineScheduledJob({
  name: 'balance-alerts.daily',
  slot: 'date',
  maxAttempts: 10,
  async run(slot, ctx) {
    const fresh = await recordCrossings(ctx.db, ctx.env, slot);
    const listed = await sendStaffDigest(ctx.db, ctx.env, slot);
    ctx.log(`balance alerts ${slot}: ${fresh.length} new crossing(s), digest lists ${listed}`);
  },
});
