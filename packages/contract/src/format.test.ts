import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatEuro,
  formatHours,
  formatMonthYear,
  formatNumber,
  todayInVienna,
} from './format.js';

// The hand-written number formats must say exactly what Intl says (decision 0412), except
// that a value rounded to zero never shows a minus sign ('negative' sign display).
const intlEuro = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR', signDisplay: 'negative' });
const intlTwoDecimals = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const intlDecimal = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 2, signDisplay: 'negative' });

// Amounts as the portal has them (cents, hours with quarter steps, ties at half a cent),
// plus any double at all.
const amounts = fc.oneof(
  fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((cents) => cents / 100),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((halfCents) => halfCents / 200),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n * 0.005 + 0.0000001),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, 0.005, -0.005, 1.005, 2.675, -0.004, 999.995, 1e21, -1e21, 1.5e300, Infinity, -Infinity),
);

describe('de-AT formatting', () => {
  it('shows euro amounts the Austrian way', () => {
    // A no-break space keeps '€' and the amount on one line.
    expect(formatEuro(1234.5)).toBe('€\u00a01.234,50');
    expect(formatEuro('0')).toBe('€\u00a00,00');
    expect(formatEuro(null)).toBe('€\u00a00,00');
  });

  it('shows hours with two decimals and a dot for thousands', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatHours(7)).toBe('7,00 h');
    expect(formatHours(-2.25)).toBe('-2,25 h');
  });

  it('formats every amount exactly as Intl does: euro, two decimals, percentages', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatEuro(value)).toBe(intlEuro.format(value));
        expect(formatNumber(value)).toBe(intlTwoDecimals.format(value));
        expect(formatDecimal(value)).toBe(intlDecimal.format(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it('shows a value that rounds to zero without a minus sign', () => {
    expect(formatHours(-0.001)).toBe('0,00 h');
    expect(formatEuro(-0)).toBe('€\u00a00,00');
    expect(formatDecimal(-0.004)).toBe('0');
    expect(formatDecimal(2.5)).toBe('2,5');
    expect(formatDecimal(1234.5)).toBe('1\u00a0234,5');
  });

  it('shows dates as 22.11.2026 and January as Jänner', () => {
    expect(formatDate('2026-11-22')).toBe('22.11.2026');
    expect(formatDate(new Date('2026-01-01T23:30:00Z'))).toBe('02.01.2026'); // Vienna is UTC+1
    expect(formatMonthYear(2026, 1)).toBe('Jänner 2026');
  });

  it('shows a moment as 22.11.2026, 14:05 in Vienna time, a missing or broken one as –', () => {
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22.11.2026, 14:05'); // UTC+1 in winter
    expect(formatDateTime(new Date('2026-07-01T22:30:00Z'))).toBe('02.07.2026, 00:30'); // UTC+2 in summer
    expect([formatDateTime(null), formatDateTime(''), formatDateTime('kein Datum')]).toEqual(['–', '–', '–']);
  });

  it('takes today in Vienna, not UTC', () => {
    expect(todayInVienna(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('turns the day at Vienna midnight exactly, also when asked twice in one minute', () => {
    const at = (iso: string) => todayInVienna(new Date(iso));
    expect([at('2026-07-14T21:59:00Z'), at('2026-07-14T21:59:59.999Z')]).toEqual(['2026-07-14', '2026-07-14']);
    expect([at('2026-07-14T22:00:00Z'), at('2026-07-14T22:00:30Z')]).toEqual(['2026-07-15', '2026-07-15']);
    expect(at('2026-01-14T22:59:59Z')).toBe('2026-01-14');
    expect(at('2026-01-14T23:00:00Z')).toBe('2026-01-15');
    expect(at('2026-07-14T21:59:30Z')).toBe('2026-07-14'); // back in time: no stale answer
  });

  // Before 22:00 UTC the date is taken without Intl (decision 0832): the same days as Intl's.
  it('takes the same Vienna day as Intl at any moment of two centuries', () => {
    const intlDay = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Vienna',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const intlDate = new Intl.DateTimeFormat('de-AT', {
      timeZone: 'Europe/Vienna',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    const moments = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
      // Around each hour of the last and the next years, where the day and DST turn.
      fc
        .tuple(
          fc.integer({ min: Date.UTC(2020, 0, 1) / 3_600_000, max: Date.UTC(2040, 0, 1) / 3_600_000 }),
          fc.integer({ min: -2, max: 2 }),
        )
        .map(([hour, ms]) => hour * 3_600_000 + ms),
    );
    fc.assert(
      fc.property(moments, (ms) => {
        const moment = new Date(ms);
        expect(todayInVienna(moment)).toBe(intlDay.format(moment));
        expect(formatDate(moment)).toBe(intlDate.format(moment));
      }),
      { numRuns: 20_000 },
    );
  });

  it('needs no Intl object for a Vienna day before 22:00 UTC', async () => {
    const Real = Intl.DateTimeFormat;
    let created = 0;
    const counting = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        created += 1;
      }
    };
    vi.resetModules();
    Object.assign(Intl, { DateTimeFormat: counting });
    try {
      const fresh = await import('./format.js');
      expect(fresh.todayInVienna(new Date('2026-12-03T21:59:59Z'))).toBe('2026-12-03');
      expect(fresh.formatDate('2026-12-03T06:30:00.000Z')).toBe('03.12.2026');
      expect(created).toBe(0);
      expect(fresh.todayInVienna(new Date('2026-12-03T23:00:00Z'))).toBe('2026-12-04');
      expect(created).toBe(1);
    } finally {
      Object.assign(Intl, { DateTimeFormat: Real });
    }
  });
});
