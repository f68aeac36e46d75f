import { todayInVienna } from '@butler/contract/format';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoVisits } from './seed-visits.js';

/** Decision 0840: `npm run demo` has two weeks of visits around today, series, Fahrten used and one over. */
let ctx: TestContext;
let line: string;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef' });
  await seedDemoData(ctx.db, { today });
  line = await seedDemoVisits(ctx.app, ctx.db, today);
}, 120_000);

describe('seedDemoVisits', () => {
  it('plans series around today with every state, and the Butler has visits today', async () => {
    const { rows } = await ctx.db.execute<{ state: string; n: number }>(
      sql`SELECT state, count(*)::int AS n FROM visits GROUP BY state`,
    );
    const states = Object.fromEntries(rows.map((r) => [r.state, r.n]));
    expect(Object.keys(states).sort()).toEqual(['cancelled', 'done', 'moved', 'planned']);
    const { rows: span } = await ctx.db.execute<{ back: number; ahead: number; series: number; today: number }>(sql`
      SELECT max(${today}::date - (starts_at AT TIME ZONE 'Europe/Vienna')::date)::int AS back,
             max((starts_at AT TIME ZONE 'Europe/Vienna')::date - ${today}::date)::int AS ahead,
             count(DISTINCT series_id)::int AS series,
             count(*) FILTER (WHERE (starts_at AT TIME ZONE 'Europe/Vienna')::date = ${today}::date
               AND EXISTS (SELECT 1 FROM visit_staff s JOIN admins a ON a.id = s.admin_id
                           WHERE s.visit_id = visits.id AND a.username = 'butler'))::int AS today
      FROM visits`);
    expect(span[0].back).toBeGreaterThanOrEqual(14);
    expect(span[0].ahead).toBeGreaterThanOrEqual(14);
    expect(span[0].series).toBe(2);
    expect(span[0].today).toBeGreaterThanOrEqual(2);
    expect(line).toMatch(/^Demo-Termine geplant: \d+ /);
  });

  it('has a customer over the allotment of Fahrten this month', async () => {
    const { rows } = await ctx.db.execute<{ used: number; allotted: number }>(sql`
      SELECT count(*)::int AS used, max(s.monthly_trips) AS allotted
      FROM visits v JOIN subscriptions s ON s.customer_id = v.customer_id
        AND s.start_date <= ${today}::date AND s.end_date >= ${today}::date
      WHERE v.kind = 'trip' AND v.state = 'done'
        AND to_char(v.starts_at AT TIME ZONE 'Europe/Vienna', 'YYYY-MM') = ${today.slice(0, 7)}
      GROUP BY v.customer_id
      HAVING count(*) > max(s.monthly_trips)`);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(line).toContain('3 von 2 Fahrten');
  });

  it('has an open wish of a customer to move a visit, from the lounge', async () => {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM visit_requests WHERE resolved_at IS NULL AND kind = 'move'`,
    );
    expect(rows[0].n).toBe(1);
    expect(line).toContain('ein Verschiebungswunsch');
  });
});
