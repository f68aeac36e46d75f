import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { providerSettings } from '../db/schema/index.js';
import { createFigureCache, readDataVersion } from './figure-cache.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('figure cache', () => {
  it('serves the cached answer until a write to an aggregated table, then recomputes', async () => {
    const cached = createFigureCache();
    let computations = 0;
    const compute = async () => {
      computations += 1;
      return computations;
    };
    expect(await cached(ctx.db, 'k', compute)).toBe(1);
    expect(await cached(ctx.db, 'k', compute)).toBe(1);

    const customer = await buildCustomer(ctx.db);
    expect(await cached(ctx.db, 'k', compute)).toBe(2);
    await buildHourPackage(ctx.db, customer.id);
    expect(await cached(ctx.db, 'k', compute)).toBe(3);
    const project = await buildProject(ctx.db, customer.id); // the lounge shows projects
    expect(await cached(ctx.db, 'k', compute)).toBe(4);
    await buildTimeEntry(ctx.db, customer.id, project.id, { billingType: 'stundenpakete' });
    expect(await cached(ctx.db, 'k', compute)).toBe(5);
    expect(await cached(ctx.db, 'other', compute)).toBe(6);
    await ctx.db.update(providerSettings).set({ contactPhone: '+43 1 234' });
    expect(await cached(ctx.db, 'k', compute)).toBe(7);
  });

  it('uses a version read earlier in the request and never replaces a newer answer', async () => {
    const cached = createFigureCache();
    const version = await readDataVersion(ctx.db);
    expect(await cached(ctx.db, 'k', async () => 'a', version)).toBe('a');
    expect(await cached(ctx.db, 'k', async () => 'b', version)).toBe('a');
    // A newer version computes; a slow request with the old version does not overwrite it.
    expect(await cached(ctx.db, 'k', async () => 'c', version + 1)).toBe('c');
    expect(await cached(ctx.db, 'k', async () => 'd', version)).toBe('d');
    expect(await cached(ctx.db, 'k', async () => 'e', version + 1)).toBe('c');
  });

  it('requests that miss together share one computation of the same version', async () => {
    const cached = createFigureCache();
    const version = await readDataVersion(ctx.db);
    let computations = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow = async () => {
      computations += 1;
      await gate;
      return 'answer';
    };
    const waiting = Array.from({ length: 5 }, () => cached(ctx.db, 'shared', slow, version));
    // A request that read a newer version does not take the older answer.
    const newer = cached(ctx.db, 'shared', async () => 'newer', version + 1);
    open();
    expect(await Promise.all(waiting)).toEqual(['answer', 'answer', 'answer', 'answer', 'answer']);
    expect(computations).toBe(1);
    expect(await newer).toBe('newer');
  });

  it('a failed computation fails its waiters once and is tried again by the next request', async () => {
    const cached = createFigureCache();
    const version = await readDataVersion(ctx.db);
    let fail: (error: Error) => void = () => {};
    const gate = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const failing = async (): Promise<string> => gate;
    const first = cached(ctx.db, 'flaky', failing, version);
    const second = cached(ctx.db, 'flaky', failing, version);
    fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    expect(await cached(ctx.db, 'flaky', async () => 'recovered', version)).toBe('recovered');
  });

  it('keeps the answers of different databases apart', async () => {
    const cached = createFigureCache();
    const other = await createTestContext();
    expect(await cached(ctx.db, 'k', async () => 'first')).toBe('first');
    expect(await cached(other.db, 'k', async () => 'second')).toBe('second');
    expect(await cached(ctx.db, 'k', async () => 'third')).toBe('first');
  });

  it('dashboard stats move right after a booking (no stale cache)', async () => {
    const admin = await buildAdmin(ctx.db);
    const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
    const before = (await ctx.request({ method: 'GET', url: '/api/admin/dashboard-stats', token })).json();
    await buildCustomer(ctx.db);
    const after = (await ctx.request({ method: 'GET', url: '/api/admin/dashboard-stats', token })).json();
    expect(after.total_customers).toBe(before.total_customers + 1);
  });

  it('writers on different backends do not wait for each other on data_version (slot rows)', async () => {
    // Two customers: bookings for the same customer do wait for each other, on that customer's
    // row of customer_data_versions, which keeps their hour summaries exact (decision 0560).
    const customers = [await buildCustomer(ctx.db), await buildCustomer(ctx.db)];
    const projects = [await buildProject(ctx.db, customers[0].id), await buildProject(ctx.db, customers[1].id)];
    // Two connections whose backends bump different slots (pg_backend_pid() % 16), from a pool
    // of their own: the app's pool may have a single connection (TEST_POOL_MAX=1).
    const backends = new pg.Pool({ ...ctx.poolConfig, max: 20 });
    const clients: pg.PoolClient[] = [];
    const slots = new Set<number>();
    let pair: typeof clients = [];
    while (pair.length < 2) {
      const client = await backends.connect();
      clients.push(client);
      const slot = Number((await client.query('SELECT pg_backend_pid() % 16 AS s')).rows[0].s);
      if (!slots.has(slot)) {
        slots.add(slot);
        pair.push(client);
      }
    }
    const insert = `INSERT INTO time_entries (customer_id, project_id, hours, activity_description, work_date, created_by, billing_type)
      VALUES ($1, $2, 1, 'parallel', '2026-01-20', 'admin', 'abos')`;
    try {
      for (const [i, client] of pair.entries()) {
        await client.query('BEGIN');
        // With one shared row, the second insert would wait for the first transaction's commit.
        await client.query("SET LOCAL lock_timeout = '2s'");
        await client.query(insert, [customers[i].id, projects[i].id]);
      }
      const before = await createFigureCache()(ctx.db, 'v', async () =>
        Number((await ctx.db.$client.query('SELECT sum(version) AS v FROM data_version')).rows[0].v),
      );
      for (const client of pair) await client.query('COMMIT');
      const after = Number((await ctx.db.$client.query('SELECT sum(version) AS v FROM data_version')).rows[0].v);
      expect(after).toBe(before + 2);
    } finally {
      for (const client of pair) await client.query('ROLLBACK').catch(() => {});
      for (const client of clients) client.release();
      pair = [];
      await backends.end();
    }
  });
});
