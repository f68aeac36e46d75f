import { describe, expect, it } from 'vitest';
import { automaticBillingStart, billingPeriods } from './billing-periods.js';

describe('billing periods of a ButlerPaket', () => {
  it('monthly: one per month of the term, labelled with the month', () => {
    const periods = billingPeriods('2026-12-01', 3, 'monthly');
    expect(periods.map((p) => [p.start, p.end, p.label])).toEqual([
      ['2026-12-01', '2026-12-31', 'Dezember 2026'],
      ['2027-01-01', '2027-01-31', 'Jänner 2027'],
      ['2027-02-01', '2027-02-28', 'Februar 2027'],
    ]);
  });

  it('quarterly groups three months, the last group may be shorter', () => {
    const periods = billingPeriods('2026-11-15', 7, 'quarterly');
    expect(periods.map((p) => p.months)).toEqual([
      ['2026-11', '2026-12', '2027-01'],
      ['2027-02', '2027-03', '2027-04'],
      ['2027-05'],
    ]);
    expect(periods[0]).toMatchObject({ start: '2026-11-15', end: '2027-02-14', label: 'November 2026 – Jänner 2027' });
  });

  it('yearly and the whole term', () => {
    expect(billingPeriods('2026-01-01', 24, 'yearly').map((p) => p.end)).toEqual(['2026-12-31', '2027-12-31']);
    const term = billingPeriods('2026-01-01', 6, 'term');
    expect(term).toHaveLength(1);
    expect(term[0].months).toHaveLength(6);
  });
});

describe('automatic billing of a ButlerPaket entered today', () => {
  it('starts at its start, but never before the current month', () => {
    expect(automaticBillingStart('2027-01-01', '2026-11-20')).toBe('2027-01-01');
    expect(automaticBillingStart('2026-11-15', '2026-11-20')).toBe('2026-11-15');
    expect(automaticBillingStart('2026-06-01', '2026-11-20')).toBe('2026-11-01');
  });
});
