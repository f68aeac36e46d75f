import { describe, expect, it } from 'vitest';
import { addMonths } from '../domain/calendar.js';
import { subscriptionPeriods } from '../domain/subscription-periods.js';
import { OVERDRAWN } from './hours-plan.js';
import { buildDemoPlan } from './plan.js';

// The plan depends on today's date; these days cover month ends, leap day, a Sunday and January.
const DAYS = ['2026-11-22', '2027-01-31', '2028-02-29', '2026-03-01', '2026-12-31'];

describe('buildDemoPlan', () => {
  it('is the same on every run for the same day', () => {
    expect(buildDemoPlan('2026-11-22')).toEqual(buildDemoPlan('2026-11-22'));
  });

  it.each(DAYS)('keeps the rules the API enforces when today is %s', (today) => {
    const plan = buildDemoPlan(today);
    const month = (offset: number) => addMonths(`${today.slice(0, 7)}-01`, offset).slice(0, 7);
    const subs = [...plan.subscriptions].sort(
      (a, b) => a.customerIndex - b.customerIndex || a.startDate.localeCompare(b.startDate),
    );
    subs.forEach((s, i) => {
      const prev = subs[i - 1];
      if (prev?.customerIndex === s.customerIndex) expect(s.startDate > prev.endDate).toBe(true);
    });
    expect(subs.some((s) => s.endDate.startsWith(month(0)))).toBe(true);
    expect(subs.some((s) => s.endDate.startsWith(month(1)))).toBe(true);
    const bad = plan.entries.filter(
      (e) =>
        e.workDate > today ||
        e.workDate < plan.windowStart ||
        (e.billingType === 'abos' &&
          !subs.some(
            (s) => s.customerIndex === e.customerIndex && s.startDate <= e.workDate && e.workDate <= s.endDate,
          )) ||
        !plan.projects.some((p) => p.customerIndex === e.customerIndex && p.name === e.projectName),
    );
    expect(bad).toEqual([]);
    for (const p of plan.packages) expect(p.purchaseDate <= today).toBe(true);
  });

  it('discounts a referrer’s current subscription by 3 % per referred customer who bought something', () => {
    const plan = buildDemoPlan('2026-11-22');
    const current = plan.subscriptions.find(
      (s) => s.customerIndex === 0 && s.startDate <= plan.today && plan.today <= s.endDate,
    )!;
    // Customer 0 referred two customers who both bought: 6 % off, rounded half-up to cents.
    expect(current.hasReferralDiscount).toBe(true);
    const expected = Math.round(Number(current.originalMonthlyPrice) * 94) / 100;
    expect(Number(current.monthlyPrice)).toBeCloseTo(expected, 2);
  });

  it.each([...DAYS, '2026-12-03'])(
    'over-uses the overdrawn customer’s last month by less than her running month’s rest when today is %s',
    (today) => {
      const plan = buildDemoPlan(today);
      const [sub] = plan.subscriptions.filter((s) => s.customerIndex === OVERDRAWN && s.startDate <= today);
      const used = (p: { start: string; end: string }) =>
        plan.entries
          .filter(
            (e) =>
              e.customerIndex === OVERDRAWN && e.billingType === 'abos' && p.start <= e.workDate && e.workDate <= p.end,
          )
          .reduce((sum, e) => sum + Number(e.hours), 0);
      const periods = subscriptionPeriods(sub.startDate, sub.durationMonths).filter((p) => p.start <= today);
      expect(periods.length, 'she has a month before the running one').toBeGreaterThan(1);
      const monthly = Number(sub.monthlyHours);
      // total_balance (DOMAIN-RULES: the sum of every started period's balance) against this month's rest.
      const rest = monthly - used(periods.at(-1)!);
      const usable = periods.reduce((sum, p) => sum + monthly - used(p), 0);
      expect(usable).toBeGreaterThan(0);
      expect(usable).toBeLessThan(rest);
    },
  );
});
