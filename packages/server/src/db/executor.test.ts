import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { type Executor, readTogether } from './executor.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/**
 * Three reads that each say when they started and ended (pg_sleep keeps them apart). On the
 * pool they run side by side, which only shows with more than one connection; the pool-of-one
 * run (`npm run test:pool-of-one`) is the reason no test asserts it.
 */
function timedReads(executor: Executor, spans: Array<[number, number]>) {
  const read = (i: number) => async () => {
    const start = performance.now();
    await executor.execute(sql`SELECT pg_sleep(0.05)`);
    spans[i] = [start, performance.now()];
    return i;
  };
  return [read(0), read(1), read(2)] as const;
}

describe('readTogether', () => {
  it('runs them one after another inside a transaction (one connection, never two queries queued on it)', async () => {
    const spans: Array<[number, number]> = [];
    const answers = await ctx.db.transaction((tx) => readTogether(tx, ...timedReads(tx, spans)));
    expect(answers).toEqual([0, 1, 2]);
    expect(spans[1][0]).toBeGreaterThanOrEqual(spans[0][1]);
    expect(spans[2][0]).toBeGreaterThanOrEqual(spans[1][1]);
  });
});
