import { describe, expect, it } from 'vitest';
import { monthlyRunBody, monthlyRunProblems, monthlyRunStart } from './monthly-run-rules';

describe('Monatslauf dialog', () => {
  it('starts with the current month of the given day', () => {
    expect(monthlyRunStart('2026-01-31')).toEqual({ year: 2026, month: '1' });
    expect(monthlyRunStart('2027-11-05')).toEqual({ year: 2027, month: '11' });
  });

  it('month and year are required', () => {
    expect(monthlyRunProblems({ year: '', month: null })).toEqual({
      month: 'Bitte geben Sie einen Monat an',
      year: 'Bitte geben Sie ein Jahr an',
    });
    expect(monthlyRunProblems({ year: 2026, month: '12' })).toEqual({});
  });

  it('sends numbers', () => {
    expect(monthlyRunBody({ year: '2026', month: '3' })).toEqual({ year: 2026, month: 3 });
  });
});
