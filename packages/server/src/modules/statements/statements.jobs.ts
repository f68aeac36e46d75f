import { defineScheduledJob } from '../../lib/jobs.js';
import { correctStatements, sendMonthlyStatements } from './statements.service.js';

/** On the 1st at 06:00 Vienna (slot `YYYY-MM`): the previous month's statements, issued and mailed. */
export const monthlyStatementsJob = defineScheduledJob({
  name: 'statements.monthly',
  slot: 'month',
  maxAttempts: 10,
  async run(slot, ctx) {
    const queued = await sendMonthlyStatements(ctx.db, ctx.env, slot);
    ctx.log(`statements ${slot}: ${queued} mail(s) queued`);
  },
});

/**
 * Daily at 05:30 Vienna (slot = the date): issued statements whose month changed since are
 * corrected, one correction per month and day with all of that day's changes (decision 0771).
 */
export const statementCorrectionsJob = defineScheduledJob({
  name: 'statements.corrections',
  slot: 'date',
  maxAttempts: 5,
  async run(slot, ctx) {
    const made = await correctStatements(ctx.db, ctx.env, slot);
    if (made) ctx.log(`statement corrections ${slot}: ${made}`);
  },
});
