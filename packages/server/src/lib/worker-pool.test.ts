import { afterAll, describe, expect, it } from 'vitest';
import type * as tasks from '../../test/worker-pool-helpers.js';
import { createWorkerPool, OUT_OF_HEAP, WorkerTaskError, workerTask } from './worker-pool.js';

/** Decision 0701: work off the event loop, within a time budget and a heap of its own. */
const TASKS = new URL('../../test/worker-pool-helpers.ts', import.meta.url);
const echo = workerTask<typeof tasks.echo>(TASKS, 'echo');
const spin = workerTask<typeof tasks.spin>(TASKS, 'spin');
const allocate = workerTask<typeof tasks.allocate>(TASKS, 'allocate');
const fail = workerTask<typeof tasks.fail>(TASKS, 'fail');

const pool = createWorkerPool({ size: 1, budgetMs: 8_000, maxHeapMb: 64 });
afterAll(() => pool.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('not refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(WorkerTaskError);
      return error as WorkerTaskError;
    },
  );

describe('a worker pool', () => {
  it('runs a task on a thread and answers its result (bytes, bigint, text)', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    expect(await pool.run(echo, { bytes, big: 21n, text: 'Grüß Gott' })).toEqual({
      length: 4,
      sum: 256,
      big: 42n,
      text: 'Grüß Gott',
    });
  });

  it('keeps the event loop free while a thread works', async () => {
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 10);
    expect(await pool.run(spin, 1_500)).toBe(true);
    clearInterval(timer);
    expect(gaps.length).toBeGreaterThan(20);
    // Most ticks on time: the shared test machine may take the cores away for a moment.
    expect(gaps.sort((a, b) => a - b)[Math.floor(gaps.length * 0.9)]).toBeLessThan(100);
  });

  it('ends a task over its budget, and the next task gets a fresh thread', async () => {
    const short = createWorkerPool({ size: 1, budgetMs: 3_000, maxHeapMb: 64 });
    try {
      expect(await short.run(spin, 10)).toBe(true);
      const started = performance.now();
      const error = await refusal(short.run(spin, 60_000));
      expect(error.reason).toBe('budget');
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(await short.run(spin, 10)).toBe(true);
      expect(short.stats()).toMatchObject({ started: 2, overBudget: 1, threads: 1, running: 0 });
    } finally {
      await short.close();
    }
  });

  it('refuses a task that runs out of heap, with the code saying so', async () => {
    const error = await refusal(pool.run(allocate, undefined as never));
    expect(error.reason).toBe('crashed');
    expect(error.code).toBe(OUT_OF_HEAP);
    expect(await pool.run(spin, 10)).toBe(true);
  });

  it("passes on a task's error by name, code and first line, never the input it quotes", async () => {
    const error = await refusal(pool.run(fail, undefined as never));
    expect(error).toMatchObject({ reason: 'failed', code: 'E_PARSE', message: 'RangeError: bad input at line 3' });
  });

  it('runs no more tasks at once than its size; the others wait their turn', async () => {
    const results = await Promise.all([pool.run(spin, 200), pool.run(spin, 200), pool.run(spin, 200)]);
    expect(results).toEqual([true, true, true]);
    expect(pool.stats()).toMatchObject({ threads: 1, running: 0, waiting: 0 });
  });
});
