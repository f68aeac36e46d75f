import { z } from 'zod';
import { defineJob } from '../../lib/jobs.js';
import { correctStatements, sendMonthlyStatements } from './statements.service.js';

/** On the 1st at 06:00 Vienna (slot `YYYY-MM`): the previous month's statements, issued and mailed. */
export const monthlyStatementsJob = defineJob({
  name: 'statements.monthly',
  payload: z.object({
    slot: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .optional(),
  }),
  maxAttempts: 10,
  async run({ slot }, ctx) {
    if (!slot) throw new Error('statements.monthly needs its slot');
    const queued = await sendMonthlyStatements(ctx.db, ctx.env, slot);
    ctx.log(`statements ${slot}: ${queued} mail(s) queued`);
  },
});

/**
 * Daily at 05:30 Vienna (slot = the date): issued statements whose month changed since are
 * corrected, one correction per month and day with all of that day's changes (decision 0771).
 */
export const statementCorrectionsJob = defineJob({
  name: 'statements.corrections',
  payload: z.object({
    slot: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  maxAttempts: 5,
  async run({ slot }, ctx) {
    if (!slot) throw new Error('statements.corrections needs its slot');
    const made = await correctStatements(ctx.db, ctx.env, slot);
    if (made) ctx.log(`statement corrections ${slot}: ${made}`);
  },
});
