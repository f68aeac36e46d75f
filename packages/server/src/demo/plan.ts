import { addDays, addMonths, formatIsoDate, parseDate } from '../domain/calendar.js';
import { hundredthsToString, multiply, packageTotal } from '../domain/decimal.js';
import { EXTRA_PROJECTS, HOUSEHOLD, OFFICE } from './catalog.js';
import { buildDemoCustomers, type DemoCustomer } from './customers.js';
import { type DemoPackage, type DemoSubscription, planPackages, planSubscriptions, REFERRALS } from './hours-plan.js';
import { createRng } from './random.js';
import { type DemoEntry, type DemoProject, planTimeEntries } from './time-entries.js';
import { type DemoWikiEntry, WIKI_ENTRIES } from './wiki-entries.js';

/** Fixed seed: the same day always gives the same demo data. */
const SEED = 0x5eed_b07;
/** Referral discount per successful referral with the default referral settings (DOMAIN-RULES §5). */
const DISCOUNT_PER_REFERRAL = 3;
const FIRST_TIER_CAP = 25;

export type PricedSubscription = DemoSubscription & {
  monthlyPrice: string;
  originalMonthlyPrice: string;
  hasReferralDiscount: boolean;
};

export type DemoPlan = {
  today: string;
  /** First day of the 18 months that carry time entries. */
  windowStart: string;
  customers: Array<DemoCustomer & { createdOn: string }>;
  subscriptions: PricedSubscription[];
  packages: Array<DemoPackage & { totalPrice: string }>;
  projects: DemoProject[];
  entries: DemoEntry[];
  wikiEntries: DemoWikiEntry[];
};

/** Everything the demo inserts, computed without the database (pure, so it can be tested). */
export function buildDemoPlan(today: string): DemoPlan {
  const rng = createRng(SEED);
  const { year, month } = parseDate(today);
  const windowStart = addMonths(formatIsoDate(year, month, 1), -17);
  const customers = buildDemoCustomers(rng, today);
  const subscriptions = planSubscriptions(rng, today);
  const packages = planPackages(rng, today, subscriptions);

  const hasHours = new Set([...subscriptions, ...packages].map((x) => x.customerIndex));
  const projects: DemoProject[] = [];
  for (const customer of customers) {
    const kinds = [customer.company ? OFFICE : HOUSEHOLD];
    if (hasHours.has(customer.index)) kinds.push(...rng.shuffle(EXTRA_PROJECTS).slice(0, rng.int(0, 2)));
    else if (rng.chance(0.5)) continue;
    const ctx = { city: customer.city ?? 'Wien', lastYear: year - 1 };
    for (const kind of kinds)
      projects.push({
        customerIndex: customer.index,
        name: kind.name(ctx),
        description: kind.description,
        activities: kind.activities,
      });
  }
  const entries = planTimeEntries(rng, today, windowStart, subscriptions, packages, projects);

  // Registration: some days before the first purchase, referred customers after their referrer.
  const createdOn = customers.map((c) => {
    const purchases = [
      ...subscriptions.map((s) => [s.customerIndex, s.startDate] as const),
      ...packages.map((p) => [p.customerIndex, p.purchaseDate] as const),
    ]
      .filter(([i]) => i === c.index)
      .map(([, date]) => date)
      .sort();
    return addDays(purchases[0] ?? today, -rng.int(3, purchases.length ? 40 : 300));
  });
  for (const [referred, referrer] of REFERRALS) {
    customers[referred].referredByIndex = referrer;
    customers[referred].notes = `Empfohlen von ${customers[referrer].firstName} ${customers[referrer].lastName}.`;
    if (createdOn[referrer] >= createdOn[referred])
      createdOn[referrer] = addDays(createdOn[referred], -rng.int(10, 60));
  }

  return {
    today,
    windowStart,
    customers: customers.map((c) => ({ ...c, createdOn: createdOn[c.index] })),
    subscriptions: priceSubscriptions(subscriptions, today, hasHours),
    packages: packages.map((p) => ({
      ...p,
      totalPrice: hundredthsToString(packageTotal(p.hours, p.pricePerHour, p.discountPercentage)),
    })),
    projects,
    entries,
    wikiEntries: WIKI_ENTRIES,
  };
}

/**
 * monthly_price = monthly hours × price per hour; a referrer's current subscription carries
 * the referral discount (3 % per successful referral, far below the first tier's cap).
 */
function priceSubscriptions(
  subscriptions: DemoSubscription[],
  today: string,
  hasPurchase: Set<number>,
): PricedSubscription[] {
  const successful = new Map<number, number>();
  for (const [referred, referrer] of REFERRALS)
    if (hasPurchase.has(referred)) successful.set(referrer, (successful.get(referrer) ?? 0) + 1);
  return subscriptions.map((s) => {
    const original = hundredthsToString(multiply(s.monthlyHours, s.pricePerHour));
    const current = s.startDate <= today && today <= s.endDate;
    const discount = current
      ? Math.min((successful.get(s.customerIndex) ?? 0) * DISCOUNT_PER_REFERRAL, FIRST_TIER_CAP)
      : 0;
    return {
      ...s,
      originalMonthlyPrice: original,
      monthlyPrice: discount ? hundredthsToString(packageTotal(s.monthlyHours, s.pricePerHour, discount)) : original,
      hasReferralDiscount: discount > 0,
    };
  });
}
