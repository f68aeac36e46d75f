import { monthDisplay } from './calendar.js';
import { subscriptionPeriods } from './subscription-periods.js';

export type BillingInterval = 'monthly' | 'quarterly' | 'yearly' | 'term';
const SIZE: Record<Exclude<BillingInterval, 'term'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export type BillingPeriod = {
  /** First and last day (the ButlerPaket's own periods, start + i months). */
  start: string;
  end: string;
  /** `YYYY-MM` of each ButlerPaket period it covers: the keys that make billing unique. */
  months: string[];
  /** "Dezember 2026" or "Dezember 2026 – Februar 2027". */
  label: string;
};

/**
 * From when the daily job bills a ButlerPaket that is entered today (decision 0581): its
 * start, but never a period before the current month. A contract entered late is billed from
 * the current month on; its earlier months stay for the Monatslauf by hand, so entering an
 * old contract never sends a pile of invoices at once.
 */
export function automaticBillingStart(startDate: string, today: string): string {
  const monthStart = `${today.slice(0, 7)}-01`;
  return startDate > monthStart ? startDate : monthStart;
}

/** The invoices a ButlerPaket's term is billed in: groups of its monthly periods (decision 0581). */
export function billingPeriods(startDate: string, durationMonths: number, interval: BillingInterval): BillingPeriod[] {
  const periods = subscriptionPeriods(startDate, durationMonths);
  const size = interval === 'term' ? periods.length : SIZE[interval];
  const out: BillingPeriod[] = [];
  for (let i = 0; i < periods.length; i += size) {
    const group = periods.slice(i, i + size);
    const first = group[0];
    const last = group[group.length - 1];
    out.push({
      start: first.start,
      end: last.end,
      months: group.map((p) => p.month),
      label:
        group.length === 1 ? monthDisplay(first.month) : `${monthDisplay(first.month)} – ${monthDisplay(last.month)}`,
    });
  }
  return out;
}
