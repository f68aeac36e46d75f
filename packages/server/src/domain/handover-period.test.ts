import { describe, expect, it } from 'vitest';
import { handoverPeriod } from './handover-period.js';

describe('handoverPeriod', () => {
  it('a month runs from its first to its last day, February of a leap year included', () => {
    expect(handoverPeriod('2026-11', 1)).toEqual({
      kind: 'month',
      key: '2026-11',
      start: '2026-11-01',
      end: '2026-11-30',
      months: ['2026-11'],
      label: 'November 2026',
    });
    expect(handoverPeriod('2028-02', 1)?.end).toBe('2028-02-29');
    expect(handoverPeriod('2027-02', 1)?.end).toBe('2027-02-28');
    expect(handoverPeriod('2027-01', 1)?.label).toBe('Jänner 2027');
  });

  it('a quarter is the calendar quarter of the VAT return', () => {
    expect(handoverPeriod('2026-Q4', 7)).toMatchObject({
      start: '2026-10-01',
      end: '2026-12-31',
      months: ['2026-10', '2026-11', '2026-12'],
      label: '4. Quartal 2026',
    });
    expect(handoverPeriod('2026-Q1', 1)).toMatchObject({ start: '2026-01-01', end: '2026-03-31' });
  });

  it('a year is the fiscal year from its start month, crossing into the next calendar year', () => {
    expect(handoverPeriod('2026', 1)).toMatchObject({ start: '2026-01-01', end: '2026-12-31', label: 'Jahr 2026' });
    const fiscal = handoverPeriod('2026', 7)!;
    expect(fiscal).toMatchObject({ start: '2026-07-01', end: '2027-06-30', label: 'Wirtschaftsjahr 2026/27' });
    expect(fiscal.months).toHaveLength(12);
    expect(fiscal.months[5]).toBe('2026-12');
    expect(fiscal.months[6]).toBe('2027-01');
    expect(handoverPeriod('2099', 10)?.label).toBe('Wirtschaftsjahr 2099/00');
  });

  it('anything else is no period', () => {
    for (const key of ['2026-13', '2026-00', '2026-Q5', '26-11', '2026-11-01', '', 'November']) {
      expect(handoverPeriod(key, 1)).toBeNull();
    }
  });
});
