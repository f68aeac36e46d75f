import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createDatabase } from '../../db/client.js';
import {
  balanceAlertSettings,
  customers,
  dashboardSettings,
  hourPackages,
  projects,
  providerSettings,
  referralSettings,
  subscriptions,
  timeEntries,
} from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { customerAnswerCache } from '../../lib/figure-cache.js';
import { verifyHourSummaries } from './verify-summaries.js';

/**
 * Scoped invalidation (decision 0560): every kind of write recomputes exactly the answers of
 * the customers it touches — a booking for Anna leaves Bernd's answers cached — and settings
 * every customer reads still invalidate all. The probe goes through the same cache and
 * version the lounge routes use, counting computations; the routes' answers are checked to
 * change at once. Afterwards the hour summaries still equal a recomputation from the ledger.
 */
let ctx: TestContext;
let actors: Actors;
let anna: number; // referred by Rosa
let bernd: number;
let rosa: number;
let annaProject: number;
let berndProject: number;

const computations = new Map<number, number>();
const probe = (id: number) =>
  customerAnswerCache(
    ctx.db,
    id,
    'probe',
    async () => {
      computations.set(id, (computations.get(id) ?? 0) + 1);
      return computations.get(id);
    },
    null,
  );

/** Whose answers a write made recompute: every probe is cached before it and asked again after. */
async function recomputedBy(write: () => Promise<unknown>): Promise<string[]> {
  const everyone = { anna, bernd, rosa };
  for (const id of Object.values(everyone)) await probe(id);
  const before = new Map(computations);
  await write();
  for (const id of Object.values(everyone)) await probe(id);
  return Object.entries(everyone)
    .filter(([, id]) => computations.get(id) !== before.get(id))
    .map(([name]) => name);
}

beforeAll(async () => {
  setClock('2026-03-15');
  ctx = await createTestContext();
  actors = await createActors(ctx);
  bernd = actors.customerB.id;
  rosa = (await buildCustomer(ctx.db, { firstName: 'Rosa' })).id;
  anna = actors.customerA.id;
  await ctx.db.update(customers).set({ referredById: rosa }).where(eq(customers.id, anna));
  annaProject = (await buildProject(ctx.db, anna)).id;
  berndProject = (await buildProject(ctx.db, bernd)).id;
  for (const id of [anna, bernd]) {
    await buildSubscription(ctx.db, id, { startDate: '2026-01-10', endDate: '2027-01-09', monthlyHours: '10' });
    await buildHourPackage(ctx.db, id, { hours: '10', purchaseDate: '2026-01-05' });
  }
});
afterAll(() => setClock(null));

describe('a write recomputes the answers of the customers it touches, no others', () => {
  it('time entries: booking, change, deletion', async () => {
    let entryId = 0;
    expect(
      await recomputedBy(async () => {
        entryId = (await buildTimeEntry(ctx.db, anna, annaProject, { workDate: '2026-03-02' })).id;
      }),
    ).toEqual(['anna']);
    expect(
      await recomputedBy(() => ctx.db.update(timeEntries).set({ hours: '2' }).where(eq(timeEntries.id, entryId))),
    ).toEqual(['anna']);
    expect(await recomputedBy(() => ctx.db.delete(timeEntries).where(eq(timeEntries.id, entryId)))).toEqual(['anna']);
  });

  it('hour packages: the buyer and whoever referred them (has_purchase, referral hours)', async () => {
    let packageId = 0;
    expect(
      await recomputedBy(async () => {
        packageId = (await buildHourPackage(ctx.db, anna, { purchaseDate: '2026-03-01' })).id;
      }),
    ).toEqual(['anna', 'rosa']);
    expect(
      await recomputedBy(() => ctx.db.update(hourPackages).set({ hours: '5' }).where(eq(hourPackages.id, packageId))),
    ).toEqual(['anna', 'rosa']);
    expect(await recomputedBy(() => ctx.db.delete(hourPackages).where(eq(hourPackages.id, packageId)))).toEqual([
      'anna',
      'rosa',
    ]);
    expect(await recomputedBy(() => buildHourPackage(ctx.db, bernd))).toEqual(['bernd']);
  });

  it('subscriptions: new, changed, deleted', async () => {
    let id = 0;
    expect(
      await recomputedBy(async () => {
        id = (await buildSubscription(ctx.db, bernd, { startDate: '2028-01-01', endDate: '2028-12-31' })).id;
      }),
    ).toEqual(['bernd']);
    expect(
      await recomputedBy(() => ctx.db.update(subscriptions).set({ isActive: false }).where(eq(subscriptions.id, id))),
    ).toEqual(['bernd']);
    expect(await recomputedBy(() => ctx.db.delete(subscriptions).where(eq(subscriptions.id, id)))).toEqual(['bernd']);
  });

  it('projects: new, renamed, deleted', async () => {
    let id = 0;
    expect(
      await recomputedBy(async () => {
        id = (await buildProject(ctx.db, bernd, { name: 'Garten' })).id;
      }),
    ).toEqual(['bernd']);
    expect(await recomputedBy(() => ctx.db.update(projects).set({ name: 'Hof' }).where(eq(projects.id, id)))).toEqual([
      'bernd',
    ]);
    expect(await recomputedBy(() => ctx.db.delete(projects).where(eq(projects.id, id)))).toEqual(['bernd']);
  });

  it('customers: own data, referral links, a referred customer joining and leaving', async () => {
    expect(
      await recomputedBy(() => ctx.db.update(customers).set({ phone: '+43 1 1' }).where(eq(customers.id, bernd))),
    ).toEqual(['bernd']);
    // Anna's name shows in Rosa's list of referrals.
    expect(
      await recomputedBy(() => ctx.db.update(customers).set({ lastName: 'Neu' }).where(eq(customers.id, anna))),
    ).toEqual(['anna', 'rosa']);
    expect(
      await recomputedBy(() => ctx.db.update(customers).set({ referredById: rosa }).where(eq(customers.id, bernd))),
    ).toEqual(['bernd', 'rosa']);
    expect(
      await recomputedBy(() => ctx.db.update(customers).set({ referredById: null }).where(eq(customers.id, bernd))),
    ).toEqual(['bernd', 'rosa']);
    let newcomer = 0;
    expect(
      await recomputedBy(async () => {
        newcomer = (await buildCustomer(ctx.db, { referredById: rosa })).id;
      }),
    ).toEqual(['rosa']);
    expect(await recomputedBy(() => ctx.db.delete(customers).where(eq(customers.id, newcomer)))).toEqual(['rosa']);
    expect(await recomputedBy(() => buildCustomer(ctx.db))).toEqual([]);
  });

  it('settings every customer reads invalidate everyone; the admin dashboard settings and invoices no one', async () => {
    expect(await recomputedBy(() => ctx.db.update(providerSettings).set({ contactPhone: '+43 1 2' }))).toEqual([
      'anna',
      'bernd',
      'rosa',
    ]);
    expect(
      await recomputedBy(() =>
        ctx.db
          .insert(referralSettings)
          .values({ id: 1, isActive: true })
          .onConflictDoUpdate({ target: referralSettings.id, set: { isActive: true } }),
      ),
    ).toEqual(['anna', 'bernd', 'rosa']);
    expect(
      await recomputedBy(() =>
        ctx.db
          .insert(balanceAlertSettings)
          .values({ id: 1, butlerUsedPercent: '70' })
          .onConflictDoUpdate({ target: balanceAlertSettings.id, set: { butlerUsedPercent: '70' } }),
      ),
    ).toEqual(['anna', 'bernd', 'rosa']);
    expect(
      await recomputedBy(() =>
        ctx.db
          .insert(dashboardSettings)
          .values({ id: 1, monthlyTargetHours: '90' })
          .onConflictDoUpdate({ target: dashboardSettings.id, set: { monthlyTargetHours: '90' } }),
      ),
    ).toEqual([]);
    expect(await recomputedBy(() => ctx.db.execute(sql`UPDATE invoices SET notes = notes`))).toEqual([]);
  });

  it('through the API: a booking shows in the lounge at once, another customer keeps their cached answer', async () => {
    const dashboard = async (id: number, token: string) => {
      const res = await ctx.request({ method: 'GET', url: `/api/customers/${id}/dashboard`, token });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const before = await dashboard(anna, actors.tokens.customerA as string);
    await dashboard(bernd, actors.tokens.customerB as string);
    const booked = await recomputedBy(async () => {
      const res = await ctx.request({
        method: 'POST',
        url: `/api/customers/${anna}/time-entries`,
        token: actors.tokens.admin,
        payload: {
          project_id: annaProject,
          hours: 1.5,
          activity_description: 'Fenster geputzt',
          work_date: '2026-03-14',
        },
      });
      expect(res.statusCode).toBe(201);
    });
    expect(booked).toEqual(['anna']);
    const after = await dashboard(anna, actors.tokens.customerA as string);
    expect(after.time_entries_count).toBe(before.time_entries_count + 1);
    expect(after.subscription.current_month_hours_used).toBe(before.subscription.current_month_hours_used + 1.5);
  });

  it('holds across processes: a write through another connection pool is seen at once', async () => {
    const other = createDatabase(ctx.poolConfig, () => {});
    try {
      expect(await recomputedBy(() => buildTimeEntry(other, bernd, berndProject, { workDate: '2026-03-03' }))).toEqual([
        'bernd',
      ]);
    } finally {
      await other.$client.end();
    }
  });
});

describe('hour summaries', () => {
  it('equal a recomputation from the ledger after all these writes and parallel bookings', async () => {
    // Twenty bookings for two customers at once, each in its own transaction, on a pool of their
    // own (the app's pool may have one connection: TEST_POOL_MAX=1).
    const writers = createDatabase({ ...ctx.poolConfig, max: 10 }, () => {});
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writers.transaction(async (tx) => {
          const [customerId, projectId] = i % 2 ? [anna, annaProject] : [bernd, berndProject];
          await tx.insert(timeEntries).values({
            customerId,
            projectId,
            hours: '0.25',
            activityDescription: 'parallel',
            workDate: `2026-03-${String(1 + (i % 14)).padStart(2, '0')}`,
            createdBy: 'test',
            billingType: i % 4 < 2 ? 'abos' : 'stundenpakete',
          });
        }),
      ),
    ).finally(() => writers.$client.end());
    expect(await verifyHourSummaries(ctx.db)).toEqual([]);
    // Package hours are counted per calendar month (ButlerPaket rows per period, 10.03.–09.04.).
    const march = await ctx.db.execute(sql`SELECT used FROM hour_month_summaries
      WHERE customer_id = ${anna} AND kind = 'stundenpakete' AND month = '2026-03-01'`);
    const ledger = await ctx.db.execute(sql`SELECT sum(hours) AS used FROM time_entries
      WHERE customer_id = ${anna} AND billing_type = 'stundenpakete' AND work_date BETWEEN '2026-03-01' AND '2026-03-31'`);
    expect(Number((march.rows[0] as any).used)).toBe(Number((ledger.rows[0] as any).used));
    expect(Number((ledger.rows[0] as any).used)).toBeGreaterThan(0);
  });

  it('the check finds a row that drifted from the ledger', async () => {
    await ctx.db.execute(sql`UPDATE hour_month_summaries SET used = used + 1
      WHERE customer_id = ${bernd} AND kind = 'abos' AND month = '2026-03-01'`);
    const differences = await verifyHourSummaries(ctx.db);
    expect(differences.map((d) => [d.table, d.kind])).toEqual([
      ['hour_month_summaries', 'missing'],
      ['hour_month_summaries', 'unexpected'],
    ]);
    await ctx.db.execute(sql`SELECT refresh_hour_summaries(ARRAY[${bernd}]::int[])`);
    expect(await verifyHourSummaries(ctx.db)).toEqual([]);
  });
});
