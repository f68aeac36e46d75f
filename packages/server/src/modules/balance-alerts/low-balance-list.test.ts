import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { balanceAlertSettings, customers, timeEntries } from '../../db/schema/index.js';
import { setClock, todayVienna } from '../../lib/clock.js';
import { findLowBalances } from '../hour-accounting/low-balance.repo.js';
import { getBalanceAlertSettings } from './balance-alert-settings.service.js';
import { lowBalanceListPage } from './low-balance-list.js';

/**
 * Decision 0813: the kept list must equal the list computed from scratch after any sequence of
 * writes, also a write that was still uncommitted while the list was brought up to date.
 */
let ctx: TestContext;
const people: { id: number; projectId: number }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  setClock(new Date('2026-03-20T10:00:00Z'));
  for (let i = 0; i < 8; i++) {
    const customer = await buildCustomer(ctx.db, { lastName: `Liste-${String.fromCharCode(65 + i)}` });
    const project = await buildProject(ctx.db, customer.id);
    await buildHourPackage(ctx.db, customer.id, { hours: '5', purchaseDate: '2026-03-01' });
    people.push({ id: customer.id, projectId: project.id });
  }
});
afterAll(() => setClock(null));

const today = todayVienna;
const everyPage = { limit: 1000, offset: 0 };

async function fromScratch() {
  const rows = await findLowBalances(ctx.db, today(), await getBalanceAlertSettings(ctx.db));
  return { rows, total: rows.length };
}

async function expectSameAsFromScratch() {
  const expected = await fromScratch();
  expect(await lowBalanceListPage(ctx.db, today(), everyPage)).toEqual(expected);
}

/** "Knapp" with Stundenpakete: at most this many hours left (or 20 % of the newest package). */
const setThreshold = (hours: number) =>
  ctx.db
    .insert(balanceAlertSettings)
    .values({ id: 1, packageRemainingHours: String(hours) })
    .onConflictDoUpdate({ target: balanceAlertSettings.id, set: { packageRemainingHours: String(hours) } });

const book = (who: number, hours: number) =>
  buildTimeEntry(ctx.db, people[who].id, people[who].projectId, {
    hours: hours.toFixed(2),
    workDate: '2026-03-10',
    billingType: 'stundenpakete',
  });

describe('the kept "Knappes Guthaben" list', () => {
  it('equals the list from scratch after every booking, deletion, deactivation and settings change', async () => {
    await expectSameAsFromScratch();
    type Step =
      | { kind: 'book'; who: number; hours: number }
      | { kind: 'unbook'; who: number }
      | { kind: 'active'; who: number; active: boolean }
      | { kind: 'threshold'; hours: number };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), who: fc.nat(7), hours: fc.integer({ min: 1, max: 8 }) }),
      fc.record({ kind: fc.constant('unbook' as const), who: fc.nat(7) }),
      fc.record({ kind: fc.constant('active' as const), who: fc.nat(7), active: fc.boolean() }),
      fc.record({ kind: fc.constant('threshold' as const), hours: fc.integer({ min: 0, max: 6 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps: Step[]) => {
        for (const s of steps) {
          if (s.kind === 'book') await book(s.who, s.hours);
          if (s.kind === 'unbook') await ctx.db.delete(timeEntries).where(eq(timeEntries.customerId, people[s.who].id));
          if (s.kind === 'active') {
            await ctx.db.update(customers).set({ isActive: s.active }).where(eq(customers.id, people[s.who].id));
          }
          if (s.kind === 'threshold') await setThreshold(s.hours);
          await expectSameAsFromScratch();
        }
      }),
      { numRuns: 15, seed: 20_261_202 },
    );
  });

  it('catches a booking that was still uncommitted while the list was brought up to date', async () => {
    await ctx.db.update(customers).set({ isActive: true });
    await ctx.db.delete(timeEntries);
    await setThreshold(2);
    await expectSameAsFromScratch();
    const before = (await lowBalanceListPage(ctx.db, today(), everyPage)).rows.map((r) => r.customerId);
    const [target, other] = people.filter((p) => !before.includes(p.id));
    expect(other, 'two customers with hours to spare').toBeDefined();

    // A writer books 4,50 of 5 h inside a transaction and waits; meanwhile another customer's
    // booking commits and the list is brought up to date past it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let booked = () => {};
    const bookedYet = new Promise<void>((resolve) => {
      booked = resolve;
    });
    const writer = ctx.db.transaction(async (tx) => {
      await tx.insert(timeEntries).values({
        customerId: target.id,
        projectId: target.projectId,
        hours: '4.50',
        activityDescription: 'Großeinkauf',
        workDate: '2026-03-11',
        createdBy: 'admin',
        billingType: 'stundenpakete',
      });
      booked();
      await released;
    });
    await bookedYet;
    await book(people.indexOf(other), 1);
    await expectSameAsFromScratch();
    release();
    await writer;

    const after = await lowBalanceListPage(ctx.db, today(), everyPage);
    expect(after.rows.map((r) => r.customerId)).toContain(target.id);
    expect(after).toEqual(await fromScratch());
  });

  it('is computed again on a new day: a ButlerPaket that ended leaves the list', async () => {
    const customer = await buildCustomer(ctx.db, { lastName: 'Liste-Ende' });
    const project = await buildProject(ctx.db, customer.id);
    await buildSubscription(ctx.db, customer.id, {
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      durationMonths: 1,
      monthlyHours: '2',
    });
    await buildTimeEntry(ctx.db, customer.id, project.id, { hours: '2', workDate: '2026-03-05', billingType: 'abos' });
    const march = await lowBalanceListPage(ctx.db, today(), everyPage);
    expect(march.rows.map((r) => r.customerId)).toContain(customer.id);

    setClock(new Date('2026-04-02T10:00:00Z'));
    const april = await lowBalanceListPage(ctx.db, today(), everyPage);
    expect(april.rows.map((r) => r.customerId)).not.toContain(customer.id);
    expect(april).toEqual(await fromScratch());
  });
});
