import { addDays, parseDate } from '../domain/calendar.js';
import { hundredthsToString } from '../domain/decimal.js';
import { subscriptionPeriods } from '../domain/subscription-periods.js';
import { CORRECTION_ACTIVITY, GOODWILL_ACTIVITY } from './catalog.js';
import { type DemoPackage, type DemoSubscription, OVERDRAWN } from './hours-plan.js';
import type { Rng } from './random.js';

export type DemoProject = { customerIndex: number; name: string; description: string; activities: string[] };

export type DemoEntry = {
  customerIndex: number;
  projectName: string;
  hours: string;
  activityDescription: string;
  workDate: string;
  billingType: 'abos' | 'stundenpakete';
  isBillable: boolean;
};

type Context = { rng: Rng; today: string; windowStart: string; projectsOf: (customerIndex: number) => DemoProject[] };

/** Work happens on weekdays only; the list is every Monday–Friday in [from, to]. */
export function weekdaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const { year, month, day } = parseDate(d);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(d);
  }
  return days;
}

/** ISO dates compare as strings (Math.max would coerce them to NaN). */
const laterOf = (a: string, b: string) => (a > b ? a : b);
const earlierOf = (a: string, b: string) => (a < b ? a : b);

const calendarDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Hours in quarters (0.25 h) so every entry is a multiple of 0.25 by construction. */
const quartersToHours = (quarters: number) => hundredthsToString(BigInt(quarters * 25));
const CHUNKS = [2, 3, 4, 4, 5, 6, 6, 8, 10, 12, 16];

/**
 * Books `quarters` of work as several entries on random weekdays of `days`; now and then
 * adds a goodwill entry (not billable) or a negative correction, as real bookkeeping has.
 */
function book(
  ctx: Context,
  customerIndex: number,
  billingType: DemoEntry['billingType'],
  days: string[],
  quarters: number,
) {
  const { rng } = ctx;
  const projects = ctx.projectsOf(customerIndex);
  const entries: DemoEntry[] = [];
  const push = (q: number, activity: string | null, isBillable = true) => {
    const project = projects.length > 1 && rng.chance(0.45) ? rng.pick(projects.slice(1)) : projects[0];
    entries.push({
      customerIndex,
      projectName: project.name,
      hours: quartersToHours(q),
      activityDescription: activity ?? rng.pick(project.activities),
      workDate: rng.pick(days),
      billingType,
      isBillable,
    });
  };
  for (let rest = quarters; rest > 0; ) {
    const q = Math.min(rest, rng.pick(CHUNKS));
    push(q, null);
    rest -= q;
  }
  if (quarters > 0 && rng.chance(0.05)) push(-rng.int(1, 4), CORRECTION_ACTIVITY);
  if (rng.chance(0.04)) push(rng.int(1, 2), GOODWILL_ACTIVITY, false);
  return entries;
}

/** `abos` entries: only on weekdays inside a period of one of the customer's subscriptions. */
function subscriptionEntries(ctx: Context, subscription: DemoSubscription, profile: [number, number]) {
  const { rng, today, windowStart } = ctx;
  const monthlyQuarters = Number(subscription.monthlyHours) * 4;
  const entries: DemoEntry[] = [];
  const periods = subscriptionPeriods(subscription.startDate, subscription.durationMonths);
  const running = periods.findIndex((p) => p.start <= today && today <= p.end);
  for (const [index, period] of periods.entries()) {
    if (period.start > today || period.end < windowStart) continue;
    const from = laterOf(period.start, windowStart);
    const to = earlierOf(period.end, today);
    const days = weekdaysBetween(from, to);
    if (days.length === 0) continue;
    const share = calendarDays(from, to) / calendarDays(period.start, period.end);
    // Now and then a month is clearly over-used, so the dashboards show overuse.
    const drawn = rng.chance(0.1) ? 1.2 + rng.next() * 0.3 : profile[0] + rng.next() * (profile[1] - profile[0]);
    // The overdrawn customer: last month 60 % over, so what she can use now is less than this
    // month's rest (which stays above the overuse: the running month is lightly used).
    const factor =
      subscription.customerIndex !== OVERDRAWN ? drawn : index === running ? 0.3 : index === running - 1 ? 1.6 : 1;
    entries.push(...book(ctx, subscription.customerIndex, 'abos', days, Math.round(monthlyQuarters * factor * share)));
  }
  return entries;
}

/** `stundenpakete` entries between one purchase and the next; some customers end up in the minus. */
function packageEntries(ctx: Context, packages: DemoPackage[]) {
  const { rng, today, windowStart } = ctx;
  const entries: DemoEntry[] = [];
  packages.forEach((pkg, i) => {
    const last = i === packages.length - 1;
    const from = laterOf(pkg.purchaseDate, windowStart);
    const to = last ? today : addDays(packages[i + 1].purchaseDate, -1);
    const days = weekdaysBetween(from, to);
    if (days.length === 0) return;
    const bought = Number(pkg.hours) * 4;
    const quarters = last
      ? Math.min(Math.round(bought * (0.4 + rng.next() * 0.85)), Math.round((days.length / 21) * rng.int(12, 32)))
      : Math.round(bought * (0.85 + rng.next() * 0.15));
    entries.push(...book(ctx, pkg.customerIndex, 'stundenpakete', days, quarters));
  });
  return entries;
}

const PROFILES: Array<[number, number]> = [
  [0.3, 0.7],
  [0.7, 1],
  [0.7, 1],
  [0.9, 1.25],
];

export function planTimeEntries(
  rng: Rng,
  today: string,
  windowStart: string,
  subscriptions: DemoSubscription[],
  packages: DemoPackage[],
  projects: DemoProject[],
): DemoEntry[] {
  const ctx: Context = {
    rng,
    today,
    windowStart,
    projectsOf: (customerIndex) => projects.filter((p) => p.customerIndex === customerIndex),
  };
  const profiles = new Map<number, [number, number]>();
  const entries: DemoEntry[] = [];
  for (const subscription of subscriptions) {
    if (!profiles.has(subscription.customerIndex)) profiles.set(subscription.customerIndex, rng.pick(PROFILES));
    entries.push(...subscriptionEntries(ctx, subscription, profiles.get(subscription.customerIndex)!));
  }
  const byCustomer = new Map<number, DemoPackage[]>();
  for (const pkg of packages) byCustomer.set(pkg.customerIndex, [...(byCustomer.get(pkg.customerIndex) ?? []), pkg]);
  for (const list of byCustomer.values()) entries.push(...packageEntries(ctx, list));
  return entries.sort((a, b) => a.workDate.localeCompare(b.workDate) || a.customerIndex - b.customerIndex);
}
