import { PACKAGE_CHANGE_NEUTRAL, type PackageRefusal } from '@butler/contract/package-change-texts';
import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { customers, subscriptionBillingMonths, subscriptions, subscriptionTemplates } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';
import { toHundredths } from '../../domain/decimal.js';
import { subscriptionPeriods } from '../../domain/subscription-periods.js';
import { changedMonthlyPrice } from '../../domain/subscription-price.js';
import { AppError } from '../../lib/errors.js';
import { findCurrentSubscription } from '../referrals/referral-data.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type TemplateRow = typeof subscriptionTemplates.$inferSelect;

/** Why a wish cannot be filed or applied; the caller words it for the customer or for staff. */
export class PlanRefusal extends Error {
  constructor(
    readonly reason: PackageRefusal,
    readonly arg = '',
    readonly status: 'CONFLICT' = 'CONFLICT',
  ) {
    super(reason);
  }
}

/** 422 texts that address nobody (same hours, a template not offered). */
const unprocessable = (field: string, message: string) => new AppError('UNPROCESSABLE', message, { [field]: message });

/** The customer, who must be active to ask (and to be changed). */
export async function activeCustomer(tx: Executor, customerId: number) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  if (!row.isActive) throw new PlanRefusal('inactiveCustomer');
  return row;
}

/** The customer's ButlerPaket of today (active, its term contains today). */
export async function currentPackage(tx: Executor, customerId: number, today: string) {
  const current = await findCurrentSubscription(tx, customerId, today);
  if (!current) throw new PlanRefusal('noSubscription');
  return current;
}

/** The ButlerPaket starting the day after `sub` ends (a renewal or the new part of a change), if any. */
async function follower(tx: Executor, sub: SubscriptionRow) {
  const [next] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, sub.customerId), eq(subscriptions.startDate, addDays(sub.endDate, 1))));
  return next ?? null;
}

/** Billed or skipped months of a ButlerPaket from `from` on: a change from there would undo an invoice. */
async function assertNotBilledFrom(tx: Executor, sub: SubscriptionRow, from: string) {
  const months = subscriptionPeriods(sub.startDate, sub.durationMonths).filter((p) => p.start >= from);
  if (months.length === 0) return;
  const claimed = await tx
    .select({ month: subscriptionBillingMonths.month })
    .from(subscriptionBillingMonths)
    .where(
      and(
        eq(subscriptionBillingMonths.subscriptionId, sub.id),
        inArray(
          subscriptionBillingMonths.month,
          months.map((p) => p.month),
        ),
        inArray(subscriptionBillingMonths.state, ['invoiced', 'skipped']),
      ),
    );
  if (claimed.length === 0) return;
  const last = claimed.map((c) => c.month).sort()[claimed.length - 1];
  throw new PlanRefusal('alreadyBilled', months.find((p) => p.month === last)?.end ?? sub.endDate);
}

/**
 * Where a change "from the next month" lands: the ButlerPaket's next period (decision 0851;
 * for a ButlerPaket that starts on the 1st, the 1st of next month). In the running
 * ButlerPaket it is split there (`split`); when that one ends with this period, the change
 * goes to the ButlerPaket that follows it without a gap, from its start.
 */
export async function changeTarget(tx: Executor, customerId: number, today: string) {
  await activeCustomer(tx, customerId);
  const current = await currentPackage(tx, customerId, today);
  const next = subscriptionPeriods(current.startDate, current.durationMonths).find((p) => p.start > today);
  if (next) {
    await assertNotBilledFrom(tx, current, next.start);
    return { target: current, effectiveFrom: next.start, split: true, periodsKept: next.index };
  }
  const following = await follower(tx, current);
  if (!following?.isActive) throw new PlanRefusal('endsBeforeNextPeriod', current.endDate);
  await assertNotBilledFrom(tx, following, following.startDate);
  return { target: following, effectiveFrom: following.startDate, split: false, periodsKept: 0 };
}

export type ChangeTarget = Awaited<ReturnType<typeof changeTarget>>;

async function offeredTemplate(tx: Executor, templateId: number): Promise<TemplateRow> {
  const [row] = await tx.select().from(subscriptionTemplates).where(eq(subscriptionTemplates.id, templateId));
  if (!row?.offeredInLounge) throw unprocessable('template_id', PACKAGE_CHANGE_NEUTRAL.templateNotOffered);
  return row;
}

/**
 * A change's figures by today's rules (the staff's edit, decision 0103): the template's
 * duration when the template changes, else the rest of the term; the price of
 * `changedMonthlyPrice`. Refused when nothing changes or the new term meets another ButlerPaket.
 */
export async function planChange(tx: Executor, at: ChangeTarget, templateId: number, monthlyHours: number) {
  const template = await offeredTemplate(tx, templateId);
  const { target } = at;
  const templateChanged = template.id !== target.templateId;
  const hoursChanged = toHundredths(monthlyHours) !== toHundredths(target.monthlyHours);
  if (!templateChanged && !hoursChanged) throw unprocessable('monthly_hours', PACKAGE_CHANGE_NEUTRAL.sameAsNow);
  const durationMonths = templateChanged ? template.durationMonths : target.durationMonths - at.periodsKept;
  const endDate = subscriptionEndDate(at.effectiveFrom, durationMonths);
  const [overlap] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, target.customerId),
        ne(subscriptions.id, target.id),
        lte(subscriptions.startDate, endDate),
        gte(subscriptions.endDate, at.effectiveFrom),
      ),
    );
  if (overlap) throw new PlanRefusal('followUpInTheWay');
  const price = changedMonthlyPrice(target, monthlyHours, template.pricePerHour);
  return {
    template,
    monthlyHours,
    durationMonths,
    endDate,
    ...price,
    hasReferralDiscount: target.hasReferralDiscount,
  };
}

/**
 * "Verlängern": the last ButlerPaket of the customer's run without gaps from today's one gets
 * another term on the same terms, from the day after it ends (the staff's renewal).
 */
export async function planRenew(tx: Executor, customerId: number, today: string) {
  await activeCustomer(tx, customerId);
  let last = await currentPackage(tx, customerId, today);
  for (let hops = 0; hops < 24; hops += 1) {
    const next = await follower(tx, last);
    if (!next?.isActive) break;
    last = next;
  }
  if (last.endDate < today) throw new PlanRefusal('renewEnded', last.endDate);
  const start = addDays(last.endDate, 1);
  const end = subscriptionEndDate(start, last.durationMonths);
  const [overlap] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        ne(subscriptions.id, last.id),
        lte(subscriptions.startDate, end),
        gte(subscriptions.endDate, start),
      ),
    );
  const renewed = await tx.execute(sql`SELECT 1 FROM subscriptions WHERE renewed_from_id = ${last.id}`);
  if (overlap || renewed.rows.length > 0) throw new PlanRefusal('alreadyRenewed');
  return { target: last, start, end };
}
