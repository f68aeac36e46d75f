import type { CurrentSubscription } from '@butler/contract/dashboard';
import { describe, expect, it } from 'vitest';
import { balanceLines, overuseWarning, suggestedBilling } from './time-entry-balance-rules';

const subscription = (remaining: number, usable = remaining) =>
  ({
    current_period_start: '2026-11-01',
    current_month_hours_remaining: remaining,
    total_balance: usable,
  }) as CurrentSubscription;
const nothing = { subscription: null, remaining_hours: 0, total_hours_purchased: 0 };

describe('the balance in the time-entry dialog (issue 31)', () => {
  it('says what is left, per source, in the words of the issue', () => {
    expect(balanceLines({ subscription: subscription(1.75), remaining_hours: 4, total_hours_purchased: 10 })).toEqual([
      { type: 'abos', text: 'ButlerPaket November: noch 1,75 h' },
      { type: 'stundenpakete', text: 'Stundenpakete: noch 4,00 h' },
    ]);
    expect(balanceLines({ ...nothing, subscription: subscription(-0.5) })).toEqual([
      { type: 'abos', text: 'ButlerPaket November: 0,50 h im Minus' },
    ]);
    expect(balanceLines(nothing)).toEqual([]);
  });

  it('names what is usable with the carry-over when earlier months left hours (decision 0623)', () => {
    expect(balanceLines({ ...nothing, subscription: subscription(0.25, 1.75) })).toEqual([
      { type: 'abos', text: 'ButlerPaket November: noch 0,25 h (mit Übertrag 1,75 h)' },
    ]);
  });

  it('preselects the source the customer has hours in (decision 0643)', () => {
    expect(suggestedBilling({ subscription: subscription(1), remaining_hours: 5, total_hours_purchased: 5 })).toBe(
      'abos',
    );
    expect(suggestedBilling({ subscription: subscription(0), remaining_hours: 5, total_hours_purchased: 5 })).toBe(
      'stundenpakete',
    );
    expect(suggestedBilling({ subscription: subscription(0), remaining_hours: 0, total_hours_purchased: 5 })).toBe(
      'abos',
    );
    // A new customer with nothing: Stundenpakete, so the booking is not refused for lack of a ButlerPaket.
    expect(suggestedBilling(nothing)).toBe('stundenpakete');
  });

  it('warns before overuse, and only then', () => {
    const balance = { subscription: subscription(1.75), remaining_hours: 1, total_hours_purchased: 10 };
    expect(overuseWarning(balance, 'abos', 1.75)).toBeNull();
    expect(overuseWarning(balance, 'abos', 2)).toBe(
      '2,00 h übersteigen das Guthaben (ButlerPaket November: noch 1,75 h): 0,25 h werden überzogen.',
    );
    expect(overuseWarning(balance, 'stundenpakete', 1.5)).toBe(
      '1,50 h übersteigen das Guthaben der Stundenpakete (noch 1,00 h): 0,50 h gehen ins Minus.',
    );
    expect(overuseWarning(nothing, 'stundenpakete', 1)).toBe(
      'Keine Stunden aus Stundenpaketen übrig: 1,00 h gehen ins Minus.',
    );
    expect(overuseWarning(balance, 'abos', null)).toBeNull();
    expect(overuseWarning(balance, 'abos', -1)).toBeNull();
  });
});
