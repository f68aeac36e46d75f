import fc from 'fast-check';
import type { CustomerHours } from '../src/domain/admin-figures.js';
import { addDays, addMonths } from '../src/domain/calendar.js';

/** Random hour data for property tests (domain reference and SQL twin), dates 2025–2027. */

const quarter = fc.integer({ min: -8, max: 40 }).filter((q) => q !== 0);
export const day = fc.integer({ min: 0, max: 3 * 365 });
export const iso = (offset: number) => new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
/** A period start (or the day before) inside the subscription's term. */
function snapDate(s: { start: number; durationMonths: number }, k: number, before: boolean) {
  return addDays(addMonths(iso(s.start), k % (s.durationMonths + 1)), before ? -1 : 0);
}

export const arbitraryCustomer = (id: number) =>
  fc
    .record({
      subscriptions: fc.array(
        fc.record({
          start: day,
          durationMonths: fc.integer({ min: 1, max: 14 }),
          halfHours: fc.integer({ min: 1, max: 80 }),
          isActive: fc.constantFrom(true, true, true, false),
        }),
        { maxLength: 2 },
      ),
      packages: fc.array(fc.record({ day, halfHours: fc.integer({ min: 1, max: 60 }) }), { maxLength: 4 }),
      entries: fc.array(
        fc.record({
          day,
          quarters: quarter,
          abos: fc.boolean(),
          // Most bugs hide on period edges: often snap the date to a period start or the day before.
          snap: fc.option(fc.record({ sub: fc.nat(), k: fc.nat(14), before: fc.boolean() }), { freq: 5 }),
        }),
        { maxLength: 25 },
      ),
    })
    .map(
      (raw): CustomerHours => ({
        id,
        subscriptions: raw.subscriptions.map((s) => ({
          startDate: iso(s.start),
          durationMonths: s.durationMonths,
          monthlyHours: s.halfHours / 2,
          isActive: s.isActive,
        })),
        packages: raw.packages.map((p) => ({ purchaseDate: iso(p.day), hours: p.halfHours / 2 })),
        entries: raw.entries.map((e) => ({
          workDate:
            e.snap && raw.subscriptions.length
              ? snapDate(raw.subscriptions[e.snap.sub % raw.subscriptions.length], e.snap.k, e.snap.before)
              : iso(e.day),
          hours: e.quarters / 4,
          billingType: e.abos || (e.snap && raw.subscriptions.length) ? ('abos' as const) : ('stundenpakete' as const),
        })),
      }),
    );
