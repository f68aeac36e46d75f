import { describe, expect, it } from 'vitest';
import { dueRemindersSummary } from './due-reminders-summary';

const item = (level: number, fee: number) => ({
  level,
  label: ['Zahlungserinnerung', '1. Mahnung', '2. Mahnung'][level - 1],
  fee,
  pay_by: '2026-12-08',
});

describe('due reminders summary', () => {
  it('names each level with its count and fee, in level order, and sums the fees in cents', () => {
    const summary = dueRemindersSummary([item(2, 5), item(1, 0), item(2, 5), item(3, 10.1), item(1, 0)]);
    expect(summary.lines).toEqual([
      '2 × Zahlungserinnerung ohne Mahnspesen',
      '2 × 1. Mahnung mit je €\u00a05,00 Mahnspesen',
      '1 × 2. Mahnung mit €\u00a010,10 Mahnspesen',
    ]);
    expect(summary.feesTotal).toBe(20.1);
    expect(summary.payBy).toBe('2026-12-08');
  });

  it('is empty without due letters', () => {
    expect(dueRemindersSummary([])).toEqual({ lines: [], feesTotal: 0, payBy: null });
  });
});
