import { todayInVienna } from '@butler/contract/format';
import { ORDER_STATES } from '@butler/contract/orders';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { orderAttachments, orderMessages, orders, sessions, timeEntries } from '../db/schema/index.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoOrders } from './seed-orders.js';

/** Decision 0810: `npm run demo` shows every state of an Auftrag and what happens on one. */
let ctx: TestContext;
let line: string;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef' });
  await seedDemoData(ctx.db, { today });
  line = await seedDemoOrders(ctx.app, ctx.db, today);
}, 120_000);

describe('seedDemoOrders', () => {
  it('files Aufträge in every state', async () => {
    const rows = await ctx.db.select({ state: orders.state }).from(orders);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(ORDER_STATES));
    expect(line).toMatch(/^Demo-Aufträge angelegt: 11 \(A-\d{4} bis A-\d{4}/);
  });

  it('has conversations with an internal note, every answer to a Freigabe, a photo and time booked by the Butler', async () => {
    const messages = await ctx.db.select().from(orderMessages);
    expect(messages.some((m) => m.authorKind === 'customer')).toBe(true);
    expect(messages.some((m) => m.authorKind === 'staff' && !m.internal)).toBe(true);
    expect(messages.some((m) => m.internal)).toBe(true);
    const approvals = await ctx.db
      .select({ state: orders.approvalState })
      .from(orders)
      .where(isNotNull(orders.approvalState));
    expect(new Set(approvals.map((a) => a.state))).toEqual(new Set(['requested', 'approved', 'more_hours']));
    expect(await ctx.db.select().from(orderAttachments)).toHaveLength(1);
    const booked = await ctx.db
      .select({ hours: timeEntries.hours, by: timeEntries.createdBy })
      .from(timeEntries)
      .where(isNotNull(timeEntries.orderId));
    expect(booked.length).toBeGreaterThanOrEqual(3);
  });

  it('dates them over the past two weeks, one overdue and urgent, and leaves no session behind', async () => {
    const { rows } = await ctx.db.execute<{ oldest: number; overdue: number }>(sql`
      SELECT max(now()::date - created_at::date)::int AS oldest,
             count(*) FILTER (WHERE urgent AND due_date < ${today}::date)::int AS overdue
      FROM orders`);
    expect(rows[0].oldest).toBe(14);
    expect(rows[0].overdue).toBe(1);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userAgent, 'npm run demo'))).toEqual([]);
  });
});
