import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildSubscription } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';

/**
 * Fahrten against an independent count (decision 0840): random visits, single and weekly,
 * some moved (also across a month's end and the changes of summer time), cancelled, done,
 * of both kinds, planned through the API; the model counts each done trip in the month of
 * the Vienna day it was last planned on, from the wall dates alone (no instant, no time zone
 * library, no SQL), and must agree with GET /api/customers/{id}/trips for every month.
 */
let ctx: TestContext;
let office: StaffMember;
let butler: StaffMember;

beforeAll(async () => {
  // Late enough that every generated visit can be finished.
  setClock('2027-06-15T10:00:00Z');
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
  office = await staffMember(ctx, 'office', 'Otto Office');
  butler = await staffMember(ctx, 'butler', 'Bert Butler');
}, 120_000);
afterAll(() => setClock(null));

/** Days from 20.10.2026 to 10.04.2027: two month ends a day apart, both DST changes, the year's end. */
const FIRST = Date.UTC(2026, 9, 20);
const DAYS = 173;
const dayOf = (offset: number) => new Date(FIRST + offset * 86_400_000).toISOString().slice(0, 10);
/** Late and early wall times, where a UTC month would differ from Vienna's. */
const TIMES = [
  ['00:15', '01:00'],
  ['09:00', '11:00'],
  ['23:00', '23:45'],
] as const;

const zVisitPlan = fc.record({
  day: fc.integer({ min: 0, max: DAYS - 30 }),
  time: fc.integer({ min: 0, max: TIMES.length - 1 }),
  kind: fc.constantFrom('trip', 'trip', 'remote'),
  weeks: fc.integer({ min: 0, max: 3 }),
  /** For each visit of the series: what happens to it. */
  fates: fc.array(
    fc.record({
      action: fc.constantFrom('open', 'done', 'done', 'cancel', 'move-done', 'move-cancel'),
      moveBy: fc.integer({ min: -20, max: 20 }),
      moveTime: fc.integer({ min: 0, max: TIMES.length - 1 }),
    }),
    { minLength: 4, maxLength: 4 },
  ),
});

describe('Fahrten per month (property)', () => {
  it('equal an independent count of done trips by the Vienna month of their last planned day', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(zVisitPlan, { minLength: 1, maxLength: 4 }), async (plans) => {
        const customer = await buildCustomer(ctx.db);
        await buildSubscription(ctx.db, customer.id, {
          startDate: '2026-01-01',
          endDate: '2027-12-31',
          monthlyTrips: 4,
        });
        const expected = new Map<string, number>();
        for (const p of plans) {
          const [start, end] = TIMES[p.time];
          const date = dayOf(p.day);
          const created = await as(ctx, office.token).post('/api/visits', {
            customer_id: customer.id,
            date,
            start_time: start,
            end_time: end,
            butler_ids: [butler.id],
            kind: p.kind,
            purpose: 'Prüfung',
            allow_conflicts: true,
            ...(p.weeks > 0 ? { repeat: 'weekly', repeat_until: dayOf(p.day + 7 * p.weeks) } : {}),
          });
          expect(created.statusCode, created.body).toBe(201);
          const first = created.json().visit as { id: number; series_id: number | null };
          // The series' visits in order: ids follow the days (written out in one insert).
          const ids = Array.from({ length: p.weeks + 1 }, (_, i) => first.id + i);
          for (const [i, id] of ids.entries()) {
            const fate = p.fates[i];
            let day = dayOf(p.day + 7 * i);
            if (fate.action.startsWith('move')) {
              day = dayOf(Math.max(0, Math.min(DAYS - 1, p.day + 7 * i + fate.moveBy)));
              const [ms, me] = TIMES[fate.moveTime];
              const moved = await as(ctx, office.token).patch(`/api/visits/${id}`, {
                date: day,
                start_time: ms,
                end_time: me,
                butler_ids: [butler.id],
                kind: p.kind,
                purpose: 'Prüfung',
                allow_conflicts: true,
              });
              expect(moved.statusCode, moved.body).toBe(200);
            }
            if (fate.action.endsWith('done')) {
              const done = await as(ctx, office.token).post(`/api/visits/${id}/done`, {});
              expect(done.statusCode, done.body).toBe(200);
              if (p.kind === 'trip') expected.set(day.slice(0, 7), (expected.get(day.slice(0, 7)) ?? 0) + 1);
            } else if (fate.action.endsWith('cancel')) {
              const cancelled = await as(ctx, office.token).post(`/api/visits/${id}/cancel`, { reason: 'Test' });
              expect(cancelled.statusCode, cancelled.body).toBe(200);
            }
          }
        }
        const trips = (await as(ctx, office.token).get(`/api/customers/${customer.id}/trips`)).json() as Array<{
          month: string;
          used: number;
        }>;
        const counted = Object.fromEntries(trips.filter((t) => t.used > 0).map((t) => [t.month, t.used]));
        expect(counted).toEqual(Object.fromEntries(expected));
      }),
      {
        numRuns: 12,
        // Always also: trips at 00:15 on 1 November and 1 January (still the month before in UTC).
        examples: [
          [
            [
              {
                day: 12,
                time: 0,
                kind: 'trip',
                weeks: 0,
                fates: Array(4).fill({ action: 'done', moveBy: 0, moveTime: 0 }),
              },
              {
                day: 66,
                time: 1,
                kind: 'trip',
                weeks: 1,
                fates: Array(4).fill({ action: 'move-done', moveBy: 7, moveTime: 0 }),
              },
            ],
          ],
        ],
      },
    );
  }, 180_000);
});
