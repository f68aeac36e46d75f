import { todayInVienna } from '@butler/contract/format';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { accountingExports, closedMonths, sessions } from '../db/schema/index.js';
import { verifyArchive } from '../modules/accounting-export/archive-verify.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoDocuments } from './seed-documents.js';
import { seedDemoHandovers } from './seed-handovers.js';

/** Decisions 0820–0822: `npm run demo` shows a closed period and the kept handovers. */
let ctx: TestContext;
let line: string;
const today = todayInVienna();
const monthsBack = (n: number) => {
  const [y, m] = today.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 - n, 1));
  return d.toISOString().slice(0, 7);
};

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef' });
  await seedDemoData(ctx.db, { today });
  await seedDemoDocuments(ctx.app, ctx.db, today);
  line = await seedDemoHandovers(ctx.app, ctx.db, today);
}, 180_000);

describe('seedDemoHandovers', () => {
  it('closes the month before last with its handover and hands over last month, open', async () => {
    const closed = await ctx.db.select().from(closedMonths);
    expect(closed.map((c) => [c.month, c.reopenedAt])).toEqual([[monthsBack(2), null]]);
    const kept = await ctx.db.select().from(accountingExports);
    expect(kept.map((k) => [k.periodStart.slice(0, 7), k.closedPeriod])).toEqual([
      [monthsBack(2), true],
      [monthsBack(1), false],
    ]);
    expect(closed[0]!.exportId).toBe(kept[0]!.id);
    expect(line).toMatch(/^Demo-Übergaben an die Steuerberatung: .+ \(BMD und DATEV, abgeschlossen\), .+ \(BMD\)$/);
  });

  it('keeps the handovers intact, with documents in them, and leaves no demo session behind', async () => {
    const check = await verifyArchive(ctx.db);
    expect(check.differences).toEqual([]);
    expect(check.documents).toBeGreaterThan(0);
    expect(await ctx.db.select().from(sessions)).toEqual([]);
  });
});
