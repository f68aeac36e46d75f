import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { closeMonths } from './accounting-periods.service.js';

/**
 * Decision 0821: closing a month and bookings dated in it, in parallel, never end with the
 * month closed and a booking committed that the closing did not see. The closing reads the
 * month's ledger in its own transaction after closing it (as the adviser's export does); at
 * the end, that reading must be exactly what the month holds.
 */
let ctx: TestContext;
let writers: pg.Pool;
let customerId: number;
const SYSTEM = { userType: 'system' as const, displayName: 'Test' };

beforeAll(async () => {
  ctx = await createTestContext();
  writers = new pg.Pool({ ...ctx.poolConfig, max: 12 });
  customerId = (await buildCustomer(ctx.db)).id;
});
afterAll(async () => {
  await writers.end();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refund dated `day`, held open `holdMs` inside its transaction after the insert. */
async function book(day: string, holdMs: number): Promise<'committed' | 'refused'> {
  const client = await writers.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO payments (kind, customer_id, payment_date, amount, method, source, created_by)
       VALUES ('refund', $1, $2, 1, 'bar', 'manual', 'Test')`,
      [customerId, day],
    );
    await client.query('SELECT pg_sleep($1)', [holdMs / 1000]);
    await client.query('COMMIT');
    return 'committed';
  } catch (error: any) {
    await client.query('ROLLBACK');
    if (error.code === 'FS821') return 'refused';
    throw error;
  } finally {
    client.release();
  }
}

/** Closes `month` and counts its entries in the same transaction, held open `holdMs` afterwards. */
async function closeAndRead(month: string, holdMs: number) {
  return ctx.db.transaction(async (tx) => {
    await closeMonths(tx, [month], SYSTEM, null);
    const { rows } = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payments WHERE to_char(payment_date, 'YYYY-MM') = ${month}`,
    );
    await tx.execute(sql`SELECT pg_sleep(${holdMs / 1000})`);
    return rows[0].n;
  });
}

async function countIn(month: string) {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM payments WHERE to_char(payment_date, 'YYYY-MM') = ${month}`,
  );
  return rows[0].n;
}

describe('closing a month races bookings dated in it (decision 0821)', () => {
  it('the closing sees every booking that commits; every later one is refused', async () => {
    const outcomes = { committed: 0, refused: 0 };
    // 24 months, each closed while four bookings of it start before, with and after the closing.
    const months = Array.from(
      { length: 24 },
      (_, i) => `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    for (const [i, month] of months.entries()) {
      const day = `${month}-15`;
      const bookings = [0, 5, 15, 30].map(async (delay, k) => {
        await pause(delay);
        return book(day, (i + k) % 2 === 0 ? 40 : 5);
      });
      const closing = (async () => {
        await pause(10);
        return closeAndRead(month, i % 2 === 0 ? 40 : 0);
      })();
      const [seen, ...results] = await Promise.all([closing, ...bookings]);
      for (const result of results) outcomes[result] += 1;
      // What the closing read is what the closed month holds: nothing committed behind it.
      expect(await countIn(month), `month ${month}`).toBe(seen);
      expect(results.filter((r) => r === 'committed')).toHaveLength(seen);
    }
    // The burst really raced: some bookings got in before the closing, some were refused after it.
    expect(outcomes.committed).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
