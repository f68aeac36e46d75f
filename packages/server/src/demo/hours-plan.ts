import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import { addDays, addMonths, daysInMonth, formatIsoDate, parseDate } from '../domain/calendar.js';
import { hundredthsToString, toHundredths } from '../domain/decimal.js';
import { PACKAGE_PRICE_PER_HOUR, TEMPLATES, type TemplateKey } from './catalog.js';
import type { Rng } from './random.js';

export type DemoSubscription = {
  customerIndex: number;
  template: TemplateKey | null;
  durationMonths: number;
  pricePerHour: string;
  monthlyTrips: number | null;
  monthlyHours: string;
  startDate: string;
  endDate: string;
  agreements: string | null;
};

export type DemoPackage = {
  customerIndex: number;
  hours: string;
  pricePerHour: string;
  discountPercentage: string;
  isReferralDiscount: boolean;
  purchaseDate: string;
};

/** Scenario groups by customer index, chosen so every dashboard list has content. */
export const RENEWED = [0, 1, 2, 3, 4, 5, 6, 7];
export const EXPIRING_THIS_MONTH = [8, 9, 10, 11];
export const EXPIRING_NEXT_MONTH = [12, 13, 14, 15];
export const RECENT = [16, 17, 18, 19, 20];
/**
 * Julia Schwarz (16): last month was over-used, so this month's rest is more than she can use
 * now, and she can still use some; the overdrawn customer's role walk (decision 0785) relies on it on any day.
 */
export const OVERDRAWN = 16;
export const EXPIRED = [21, 22, 23, 24];
export const PACKAGES_ONLY = [25, 26, 27, 28, 29, 30, 31, 32];
/** Subscription customers who also bought an hour package. */
const PACKAGES_TOO = [0, 3, 9, 17];
/** [referred, referrer]: 34 has not bought anything yet, so that referral is not successful. */
export const REFERRALS: ReadonlyArray<readonly [referred: number, referrer: number]> = [
  [16, 0],
  [17, 0],
  [27, 3],
  [34, 16],
  [29, 25],
];
/** The referred customer whose first package was a referral purchase (default 3 %). */
const REFERRAL_PURCHASE = 29;

const AGREEMENTS = [
  'Fixtermin jeden Dienstag von 9 bis 12 Uhr.',
  'Fahrten innerhalb Wiens sind inkludiert.',
  'Einkäufe werden gegen Beleg zusätzlich verrechnet.',
  'Ansprechperson im Büro: Sekretariat.',
];

const PACKAGE_HOURS = ['5', '7.5', '10', '10', '15', '20'];

const hours = (value: string | number) => hundredthsToString(toHundredths(value));

export function planSubscriptions(rng: Rng, today: string): DemoSubscription[] {
  const { year, month } = parseDate(today);
  const thisMonth = formatIsoDate(year, month, 1);
  /** A date `monthsBack` months before the current month, day clamped to the month. */
  const at = (monthsBack: number, day: number) => {
    const first = addMonths(thisMonth, -monthsBack);
    const { year: y, month: m } = parseDate(first);
    return formatIsoDate(y, m, Math.min(day, daysInMonth(y, m)));
  };
  const monthlyHours = () => hours(rng.int(10, 40) / 2);
  const result: DemoSubscription[] = [];
  const add = (customerIndex: number, template: TemplateKey | null, startDate: string, hoursPerMonth: string) => {
    const t = template ? TEMPLATES[template] : { durationMonths: 6, pricePerHour: '50.00', monthlyTrips: null };
    result.push({
      customerIndex,
      template,
      durationMonths: t.durationMonths,
      pricePerHour: t.pricePerHour,
      monthlyTrips: t.monthlyTrips,
      monthlyHours: hoursPerMonth,
      startDate,
      endDate: subscriptionEndDate(startDate, t.durationMonths),
      agreements: template
        ? rng.chance(0.3)
          ? rng.pick(AGREEMENTS)
          : null
        : 'Individuelle Vereinbarung: 6 Monate zu € 50,00 pro Stunde.',
    });
    return result[result.length - 1].endDate;
  };

  for (const i of RENEWED) {
    if (i === 6) {
      // A Flex customer renewing every three months: a chain of adjacent short terms.
      const h = monthlyHours();
      for (let start = at(17, 1); start <= today; ) start = addDays(add(i, 'flex', start, h), 1);
      continue;
    }
    const template: TemplateKey = i === 0 || rng.chance(0.4) ? 'premium' : 'classic';
    const firstEnd = add(i, template, at(rng.int(13, 17), rng.chance(0.7) ? 1 : 15), monthlyHours());
    add(i, rng.chance(0.8) ? template : 'premium', addDays(firstEnd, 1), monthlyHours());
  }
  for (const i of EXPIRING_THIS_MONTH)
    add(i, rng.chance(0.5) ? 'classic' : 'premium', at(12, rng.int(2, 28)), monthlyHours());
  for (const i of EXPIRING_NEXT_MONTH) {
    if (i === 13) {
      const day = rng.int(2, 28);
      const h = monthlyHours();
      add(i, 'flex', at(5, day), h);
      add(i, 'flex', at(2, day), h);
      continue;
    }
    add(i, rng.chance(0.5) ? 'classic' : 'premium', at(11, rng.int(2, 28)), monthlyHours());
  }
  for (const i of RECENT)
    add(i, i === 20 ? null : rng.chance(0.5) ? 'classic' : 'premium', at(rng.int(1, 6), 1), monthlyHours());
  for (const i of EXPIRED) add(i, 'classic', at(rng.int(14, 17), 1), monthlyHours());
  return result;
}

export function planPackages(rng: Rng, today: string, subscriptions: DemoSubscription[]): DemoPackage[] {
  const result: DemoPackage[] = [];
  const add = (customerIndex: number, purchaseDate: string, extra: Partial<DemoPackage> = {}) =>
    result.push({
      customerIndex,
      hours: hours(rng.pick(PACKAGE_HOURS)),
      pricePerHour: PACKAGE_PRICE_PER_HOUR,
      discountPercentage: '0.00',
      isReferralDiscount: false,
      purchaseDate,
      ...extra,
    });
  for (const i of PACKAGES_TOO) add(i, addDays(today, -rng.int(20, 240)));
  for (const i of [22, 23]) {
    const ended = subscriptions.filter((s) => s.customerIndex === i).at(-1)!.endDate;
    add(i, addDays(ended, rng.int(3, 20)));
  }
  for (const i of PACKAGES_ONLY) {
    // Referred customers joined later than their referrers, so their history is shorter.
    let date = addDays(today, -rng.int(i === 27 || i === REFERRAL_PURCHASE ? 60 : 100, i === 27 ? 180 : 510));
    let first = true;
    while (date <= addDays(today, -7)) {
      const referral = first && i === REFERRAL_PURCHASE;
      add(
        i,
        date,
        referral
          ? { discountPercentage: '3.00', isReferralDiscount: true }
          : i === 31 && !first
            ? { discountPercentage: '5.00' }
            : {},
      );
      first = false;
      date = addDays(date, rng.int(110, 200));
    }
  }
  return result.sort((a, b) => a.purchaseDate.localeCompare(b.purchaseDate));
}
