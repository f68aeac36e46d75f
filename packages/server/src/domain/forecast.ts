import { addDays } from './calendar.js';
import { subscriptionPeriods } from './subscription-periods.js';

/**
 * "Reicht voraussichtlich bis ca. …" (decision 0325): how long a balance lasts if the
 * customer keeps booking at the average daily rate of the last 90 days. Pure, no I/O.
 */

/** The look-back window in days (today included). */
export const FORECAST_WINDOW_DAYS = 90;
/** Less history than this (days since the ButlerPaket started / the first package) shows nothing. */
export const FORECAST_MIN_DAYS = 28;
/** Fewer bookings than this in the window show nothing. */
export const FORECAST_MIN_ENTRIES = 3;

export type UsageHistory = {
  /** Hours booked on this balance in the window (work dates from today − 89 to today). */
  hours: number;
  /** How many bookings that was. */
  entries: number;
  /** First day the balance existed (ButlerPaket start, first package purchase). */
  since: string;
};

/** Whole days from `a` to `b` (b − a), both `YYYY-MM-DD`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * Hours per day over the days observed: the window, shortened to the days since the
 * balance existed. Null when there is too little history or no use at all.
 */
export function dailyRate(today: string, usage: UsageHistory): number | null {
  const observed = Math.min(FORECAST_WINDOW_DAYS, daysBetween(usage.since, today) + 1);
  if (observed < FORECAST_MIN_DAYS || usage.entries < FORECAST_MIN_ENTRIES || !(usage.hours > 0)) return null;
  return usage.hours / observed;
}

/** How many whole days `balance` hours cover at `rate` per day (a tiny epsilon absorbs float noise). */
const coveredDays = (balance: number, rate: number) => Math.floor(balance / rate + 1e-9);

/** Stundenpakete: the last day the remaining hours cover; null when none are left. */
export function packageLastsUntil(today: string, remaining: number, rate: number): string | null {
  if (!(remaining > 0) || !(rate > 0)) return null;
  return addDays(today, coveredDays(remaining, rate));
}

export type SubscriptionForecastInput = {
  startDate: string;
  durationMonths: number;
  monthlyHours: number;
  /** Balance of all started periods today (carry-over included, today's bookings deducted). */
  balance: number;
};

/**
 * ButlerPaket: the balance (with carry-over) is used at `rate` per day from tomorrow;
 * each later period of the term adds its monthly hours on its first day. The answer is
 * the last day still covered, or the term's end (`untilTermEnd`) when the hours outlast
 * it. Null when nothing is left today.
 */
export function subscriptionLastsUntil(
  today: string,
  input: SubscriptionForecastInput,
  rate: number,
): { date: string; untilTermEnd: boolean } | null {
  if (!(input.balance > 0) || !(rate > 0)) return null;
  const periods = subscriptionPeriods(input.startDate, input.durationMonths);
  const termEnd = periods[periods.length - 1].end;
  if (today >= termEnd) return { date: termEnd, untilTermEnd: true };
  const later = periods.filter((p) => p.start > today);
  let balance = input.balance;
  let position = today;
  for (let i = 0; i <= later.length; i++) {
    const segmentEnd = i < later.length ? addDays(later[i].start, -1) : termEnd;
    const days = daysBetween(position, segmentEnd);
    const covered = coveredDays(balance, rate);
    if (covered < days) return { date: addDays(position, covered), untilTermEnd: false };
    balance -= days * rate;
    position = segmentEnd;
    if (i < later.length) balance += input.monthlyHours;
  }
  return { date: termEnd, untilTermEnd: true };
}
