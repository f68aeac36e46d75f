import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import { addMonths, monthDisplay, monthKeyOf } from './calendar.js';
import { fromHundredths, toHundredths } from './decimal.js';

export type SubscriptionPeriod = {
  index: number;
  start: string;
  end: string;
  /** `YYYY-MM` of the period's first day. */
  month: string;
  monthDisplay: string;
};

/** Period i runs from start + i months to start + (i+1) months − 1 day (the end of a term of i + 1 months). */
export function subscriptionPeriods(startDate: string, durationMonths: number): SubscriptionPeriod[] {
  return Array.from({ length: durationMonths }, (_, index) => {
    const start = addMonths(startDate, index);
    return {
      index,
      start,
      end: subscriptionEndDate(startDate, index + 1),
      month: monthKeyOf(start),
      monthDisplay: monthDisplay(monthKeyOf(start)),
    };
  });
}

export type SubscriptionTerms = { startDate: string; durationMonths: number; monthlyHours: string | number };
export type HourEntry = { workDate: string; hours: string | number };

export type PeriodBalance = SubscriptionPeriod & {
  allocatedHours: number;
  usedHours: number;
  balance: number;
  started: boolean;
};

export type SubscriptionSummary = {
  periods: PeriodBalance[];
  /** Sum of the balances of all started periods (carry-over and overuse). */
  totalBalance: number;
  totalHoursOverLifetime: number;
  totalHoursUsedOverLifetime: number;
  /** The period containing today, if any. */
  current: PeriodBalance | null;
  currentMonthHoursUsed: number;
  currentMonthHoursRemaining: number;
};

/**
 * The reference implementation of DOMAIN-RULES §4 for one subscription: entries are the
 * customer's `abos` time entries (any dates; those outside the term are ignored).
 */
export function summarizeSubscription(
  terms: SubscriptionTerms,
  entries: HourEntry[],
  today: string,
): SubscriptionSummary {
  const monthly = toHundredths(terms.monthlyHours);
  const periods = subscriptionPeriods(terms.startDate, terms.durationMonths);
  const used = periods.map(() => 0n);
  for (const entry of entries) {
    const i = periods.findIndex((p) => entry.workDate >= p.start && entry.workDate <= p.end);
    if (i >= 0) used[i] += toHundredths(entry.hours);
  }
  let totalBalance = 0n;
  let totalUsed = 0n;
  const balances: PeriodBalance[] = periods.map((p, i) => {
    const started = p.start <= today;
    const balance = monthly - used[i];
    if (started) totalBalance += balance;
    totalUsed += used[i];
    return {
      ...p,
      allocatedHours: fromHundredths(monthly),
      usedHours: fromHundredths(used[i]),
      balance: fromHundredths(balance),
      started,
    };
  });
  const current = balances.find((p) => p.start <= today && today <= p.end) ?? null;
  return {
    periods: balances,
    totalBalance: fromHundredths(totalBalance),
    totalHoursOverLifetime: fromHundredths(monthly * BigInt(terms.durationMonths)),
    totalHoursUsedOverLifetime: fromHundredths(totalUsed),
    current,
    currentMonthHoursUsed: current ? current.usedHours : 0,
    currentMonthHoursRemaining: current ? current.balance : 0,
  };
}
