import { todayInVienna } from '@butler/contract/format';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoMonthConfirmations } from './seed-month-confirmations.js';

/** Decision 0852: `npm run demo` shows the Monatsfreigabe in each of its states. */
let ctx: TestContext;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef' });
  await seedDemoData(ctx.db, { today });
  await seedDemoMonthConfirmations(ctx.app, ctx.db, today);
}, 180_000);

describe('seedDemoMonthConfirmations', () => {
  it('has an automatically confirmed month, a confirmed one, an open and an answered Rückfrage', async () => {
    const confirmed = await ctx.db.execute<{ by: string; n: number }>(
      sql`SELECT confirmed_by AS by, count(*)::int AS n FROM month_confirmations GROUP BY confirmed_by ORDER BY 1`,
    );
    expect(confirmed.rows.map((r) => r.by)).toEqual(['auto', 'customer']);
    const questions = await ctx.db.execute<{ state: string }>(sql`SELECT state FROM month_questions ORDER BY state`);
    expect(questions.rows.map((r) => r.state)).toEqual(['answered', 'open']);
    const setting = await ctx.db.execute<{ mode: string }>(sql`SELECT mode FROM month_confirmation_settings`);
    expect(setting.rows).toEqual([{ mode: 'optional' }]);
  });
});
