import { describe, expect, it } from 'vitest';
import { formatDate, formatEuro, formatHours, formatMonthYear, formatNumber, todayInVienna } from './format.js';

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

  it('shows dates as 22.11.2026 and January as Jänner', () => {
    expect(formatDate('2026-11-22')).toBe('22.11.2026');
    expect(formatDate(new Date('2026-01-01T23:30:00Z'))).toBe('02.01.2026'); // Vienna is UTC+1
    expect(formatMonthYear(2026, 1)).toBe('Jänner 2026');
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
});
