import { z } from 'zod';
import { defineJob } from '../../lib/jobs.js';
import { sendMonthlyStatements } from './statements.service.js';

/** On the 1st at 06:00 Vienna (slot `YYYY-MM`): the previous month's statements by mail. */
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
