import type { SubscriptionWithBalance } from '@butler/contract/dashboard';
import type { UsableHours } from '@butler/contract/usable-hours';
import { describe, expect, it } from 'vitest';
import {
  type BookingBalance,
  balanceLines,
  overuseWarning,
  periodOfDate,
  suggestedBilling,
} from './time-entry-balance-rules';

const TODAY = '2026-12-01';
const subscription = (over: Partial<SubscriptionWithBalance> = {}) =>
  ({
    id: 7,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    monthly_hours: 18.5,
    total_balance: 0.5,
    ...over,
  }) as SubscriptionWithBalance;
const butler = (usable: number, carried = 0): NonNullable<UsableHours['butler']> => ({
  subscription_id: 7,
  period_start: '2026-12-01',
  period_end: '2026-12-31',
  term_end: '2026-12-31',
  monthly_hours: 18.5,
  used: 18.5 + carried - usable,
  carried,
  usable,
});
const balance = (usable: Partial<UsableHours>, subscriptions = [subscription()]): BookingBalance => ({
  usable_hours: { total: 0, butler: null, packages: null, ...usable },
  subscriptions,
});
const nothing = balance({}, []);

describe('the balance in the time-entry dialog (decisions 0643, 0742)', () => {
  it('shows the one usable figure, never the month’s rest, for an overdrawn customer', () => {
    // 18,50 h this month, 0,75 h used, 17,25 h overused before: 0,50 h, not "noch 17,75 h".
    expect(balanceLines(balance({ butler: butler(0.5, -17.25) }), TODAY, TODAY)).toEqual([
      { type: 'abos', text: 'ButlerPaket Dezember: noch 0,50 h verfügbar' },
    ]);
    expect(
      balanceLines(balance({ butler: butler(-2), packages: { purchased: 10, used: 6, remaining: 4 } }), TODAY, TODAY),
    ).toEqual([
      { type: 'abos', text: 'ButlerPaket Dezember: 2,00 h Mehrverbrauch' },
      { type: 'stundenpakete', text: 'Stundenpakete: noch 4,00 h' },
    ]);
    expect(balanceLines(balance({ packages: { purchased: 5, used: 5.5, remaining: -0.5 } }, []), TODAY, TODAY)).toEqual(
      [{ type: 'stundenpakete', text: 'Stundenpakete: 0,50 h im Minus' }],
    );
    expect(balanceLines(nothing, TODAY, TODAY)).toEqual([]);
  });

  it('names the period of the work date: a 30.11. entry books into November', () => {
    const b = balance({ butler: butler(9.5, 0.25) });
    expect(balanceLines(b, '2026-11-30', TODAY)[0].text).toBe('ButlerPaket November: noch 9,50 h verfügbar');
    expect(balanceLines(b, '2025-12-30', TODAY)[0]).toEqual({
      type: 'abos',
      text: 'Für dieses Datum besteht kein ButlerPaket',
      warning: true,
    });
    const next = balance({ butler: butler(9.5) }, [
      subscription(),
      subscription({ id: 8, start_date: '2027-01-01', end_date: '2027-06-30', monthly_hours: 10 }),
    ]);
    expect(balanceLines(next, '2027-01-04', TODAY)[0].text).toBe('ButlerPaket Jänner 2027: 10,00 h ab 01.01.2027');
    const earlier = balance({ butler: butler(9.5) }, [
      subscription({ id: 3, start_date: '2025-01-01', end_date: '2025-12-31' }),
      subscription(),
    ]);
    expect(balanceLines(earlier, '2025-06-10', TODAY)[0].text).toBe(
      'ButlerPaket Juni 2025 (früheres ButlerPaket, bis 31.12.2025)',
    );
  });

  it('finds the period of a date in a term starting mid-month, the day clamped at month ends', () => {
    const mid = [subscription({ start_date: '2026-01-31', end_date: '2027-01-30' })];
    expect(periodOfDate(mid, '2026-03-01')?.start).toBe('2026-02-28');
    expect(periodOfDate(mid, '2026-03-31')?.start).toBe('2026-03-31');
    expect(periodOfDate(mid, '2026-01-30')).toBeNull();
  });

  it('preselects the source the customer can use (decision 0643)', () => {
    const packages = { purchased: 5, used: 0, remaining: 5 };
    expect(suggestedBilling(balance({ butler: butler(1), packages }))).toBe('abos');
    // The month has 17,75 h left, but only 0,50 h are usable… and then none.
    expect(suggestedBilling(balance({ butler: butler(0, -17.75), packages }))).toBe('stundenpakete');
    expect(suggestedBilling(balance({ butler: butler(0), packages: { ...packages, remaining: 0 } }))).toBe('abos');
    // A new customer with nothing: Stundenpakete, so the booking is not refused for lack of a ButlerPaket.
    expect(suggestedBilling(nothing)).toBe('stundenpakete');
  });

  it('warns before overuse of what is usable, and only then', () => {
    const b = balance({ butler: butler(1.75), packages: { purchased: 10, used: 9, remaining: 1 } });
    expect(overuseWarning(b, 'abos', 1.75)).toBeNull();
    expect(overuseWarning(b, 'abos', 2)).toBe(
      '2,00 h übersteigen das Guthaben (ButlerPaket: noch 1,75 h verfügbar): 0,25 h werden überzogen.',
    );
    expect(overuseWarning(b, 'stundenpakete', 1.5)).toBe(
      '1,50 h übersteigen das Guthaben der Stundenpakete (noch 1,00 h): 0,50 h gehen ins Minus.',
    );
    expect(overuseWarning(nothing, 'stundenpakete', 1)).toBe(
      'Keine Stunden aus Stundenpaketen übrig: 1,00 h gehen ins Minus.',
    );
    expect(overuseWarning(b, 'abos', null)).toBeNull();
    expect(overuseWarning(b, 'abos', -1)).toBeNull();
  });
});
