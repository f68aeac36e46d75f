import { addDays } from './calendar.js';
import { divideRounded } from './decimal.js';

/**
 * Default interest (Verzugszinsen) on an overdue invoice, exact to the cent (decision 0585):
 * per day from the day after the due date up to and including `until`, on the amount still
 * open that day (a payment reduces it from its payment date on), each day at
 * rate / days of its year (365 or 366: leap days are a 366th of a leap year's rate).
 * Rates: § 456 UGB for businesses (base rate + 9.2 percentage points), § 1000 ABGB for
 * consumers (4 % p.a.).
 */

export const UGB_MARGIN_THOUSANDTHS = 9_200n; // 9.2 percentage points, in thousandths of a percent
export const ABGB_RATE_THOUSANDTHS = 4_000n; // 4 % p.a.

/** The yearly rate in thousandths of a percent (1.53 % → 1530n). */
export function defaultInterestRate(isBusiness: boolean, baseRatePercent: string): bigint {
  if (!isBusiness) return ABGB_RATE_THOUSANDTHS;
  const [whole, fraction = ''] = baseRatePercent.trim().replace(/^-/, '').split('.');
  const base = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
  const signed = baseRatePercent.trim().startsWith('-') ? -base : base;
  const rate = signed + UGB_MARGIN_THOUSANDTHS;
  return rate > 0n ? rate : 0n;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export type InterestInput = {
  /** The invoice's gross total in cents. */
  grossCents: bigint;
  dueDate: string;
  /** Last day that accrues interest (the reminder's date). */
  until: string;
  /** Money received (payments and applied credit) with the day it arrived, in cents. */
  received: Array<{ date: string; cents: bigint }>;
  /** Yearly rate in thousandths of a percent. */
  rateThousandths: bigint;
};

/** Interest in cents, rounded half-up once at the end. */
export function defaultInterestCents(input: InterestInput): bigint {
  if (input.until <= input.dueDate || input.rateThousandths <= 0n) return 0n;
  // Common denominator of a day's share in a 365- and a 366-day year: every day adds an
  // exact fraction, so the sum is exact and rounded once.
  const denominator = 100n * 1000n * 365n * 366n;
  const events = [...input.received].sort((a, b) => a.date.localeCompare(b.date));
  let numerator = 0n;
  let day = addDays(input.dueDate, 1);
  let paid = events.filter((e) => e.date < day).reduce((acc, e) => acc + e.cents, 0n);
  let next = events.findIndex((e) => e.date >= day);
  while (day <= input.until) {
    // A payment counts from its own payment date: no interest for that day on what it paid.
    while (next !== -1 && next < events.length && events[next].date <= day) paid += events[next++].cents;
    const open = input.grossCents - paid;
    if (open > 0n) {
      const yearDays = isLeap(Number(day.slice(0, 4))) ? 366n : 365n;
      numerator += open * input.rateThousandths * ((365n * 366n) / yearDays);
    }
    day = addDays(day, 1);
  }
  return divideRounded(numerator, denominator);
}
