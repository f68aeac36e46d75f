import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import type { zSubscriptionCreate, zSubscriptionUpdate } from '@butler/contract/subscriptions';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import { subscriptions, subscriptionTemplates } from '../../db/schema/index.js';
import { automaticBillingStart } from '../../domain/billing-periods.js';
import { hundredthsToString, multiply, toHundredths } from '../../domain/decimal.js';
import { changedMonthlyPrice } from '../../domain/subscription-price.js';
import type { SessionContext } from '../../lib/access.js';
import { type AuditActor, writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { assertMandateForDirectDebit } from '../direct-debit/mandates/mandate-guard.js';
import { repriceCustomerAndReferrer } from '../referrals/referral-pricing.js';
import { onCustomerPurchase } from '../referrals/referral-purchase-hook.js';
import {
  countAbosEntriesLeaving,
  findOverlap,
  findSubscriptionRow,
  listSubscriptionRows,
  presentSubscriptions,
} from './subscriptions.repo.js';

type CreateInput = z.output<typeof zSubscriptionCreate>;
type UpdateInput = z.output<typeof zSubscriptionUpdate>;

const OVERLAP = 'Der Zeitraum überschneidet sich mit einem bestehenden ButlerPaket';

async function loadTemplate(tx: Transaction, id: number) {
  const [row] = await tx.select().from(subscriptionTemplates).where(eq(subscriptionTemplates.id, id)).limit(1);
  if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
  return row;
}

/** 409 texts of decision 0380: how many booked entries would count towards no ButlerPaket. */
export function entriesInTermMessage(count: number) {
  return count === 1
    ? 'Dieses ButlerPaket hat 1 gebuchten Zeiteintrag in seiner Laufzeit. Bitte verschieben oder löschen Sie ihn zuerst.'
    : `Dieses ButlerPaket hat ${count} gebuchte Zeiteinträge in seiner Laufzeit. Bitte verschieben oder löschen Sie diese zuerst.`;
}
export function entriesOutsideNewTermMessage(count: number) {
  return count === 1
    ? '1 gebuchter Zeiteintrag dieses ButlerPakets läge außerhalb der neuen Laufzeit. Bitte verschieben oder löschen Sie ihn zuerst.'
    : `${count} gebuchte Zeiteinträge dieses ButlerPakets lägen außerhalb der neuen Laufzeit. Bitte verschieben oder löschen Sie diese zuerst.`;
}

async function assertNoOverlap(tx: Transaction, customerId: number, start: string, end: string, exceptId?: number) {
  if (await findOverlap(tx, customerId, start, end, exceptId)) throw new AppError('CONFLICT', OVERLAP);
}

/**
 * Prices are recomputed only when the template or the monthly hours change (decision
 * 0103); a referral discount keeps its share of the price. In the caller's transaction:
 * the staff's edit, and an accepted "Paket ändern" of the lounge (decision 0851).
 */
export async function updateSubscriptionIn(tx: Transaction, session: AuditActor, id: number, input: UpdateInput) {
  const [current] = await tx
    .select({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  if (!current) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  await lockCustomer(tx, current.customerId);
  const [before] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  const template = await loadTemplate(tx, input.template_id);
  const templateChanged = template.id !== before.templateId;
  const hoursChanged = toHundredths(input.monthly_hours) !== toHundredths(before.monthlyHours);
  const durationMonths = templateChanged ? template.durationMonths : before.durationMonths;
  const endDate = subscriptionEndDate(input.start_date, durationMonths);
  await assertNoOverlap(tx, before.customerId, input.start_date, endDate, id);
  // Only a change to Lastschrift needs the mandate now; a mandate revoked later makes the
  // invoices go by transfer (not announced for direct debit) without refusing other edits.
  if (input.payment_method !== before.paymentMethod) {
    await assertMandateForDirectDebit(tx, before.customerId, input.payment_method);
  }
  const stranded = await countAbosEntriesLeaving(
    tx,
    before.customerId,
    { start: before.startDate, end: before.endDate },
    { start: input.start_date, end: endDate },
  );
  if (stranded > 0) throw new AppError('CONFLICT', entriesOutsideNewTermMessage(stranded));

  const { monthlyPrice, originalMonthlyPrice } =
    templateChanged || hoursChanged ? changedMonthlyPrice(before, input.monthly_hours, template.pricePerHour) : before;
  const [after] = await tx
    .update(subscriptions)
    .set({
      templateId: template.id,
      templateName: templateChanged ? template.name : before.templateName,
      durationMonths,
      monthlyHours: hundredthsToString(toHundredths(input.monthly_hours)),
      monthlyPrice,
      originalMonthlyPrice,
      startDate: input.start_date,
      endDate,
      monthlyTrips:
        input.monthly_trips !== undefined
          ? input.monthly_trips
          : templateChanged
            ? template.monthlyTrips
            : before.monthlyTrips,
      agreements: input.agreements === undefined ? before.agreements : input.agreements,
      isActive: input.is_active ?? before.isActive,
      billingInterval: input.billing_interval ?? before.billingInterval,
      paymentMethod: input.payment_method ?? before.paymentMethod,
      autoRenew: input.auto_renew ?? before.autoRenew,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id))
    .returning();
  await writeAudit(tx, session, 'update', 'subscription', id, before, after);
  await repriceCustomerAndReferrer(tx, before.customerId, session);
}

export function createSubscriptionsService(db: Database) {
  async function present(id: number, executor: Executor = db) {
    const row = await findSubscriptionRow(executor, id);
    if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    const [subscription] = await presentSubscriptions(executor, [row], todayVienna());
    return subscription;
  }

  return {
    /** One page of the list, presented with each ButlerPaket's figures of today, and the total count. */
    async list(query: Parameters<typeof listSubscriptionRows>[1]) {
      const { rows, total } = await listSubscriptionRows(db, query);
      return { rows: await presentSubscriptions(db, rows, todayVienna()), total };
    },

    present,

    /**
     * Sells a ButlerPaket: duration, name and price per hour come from the template.
     * The customer row is locked first, so two concurrent sales cannot both pass the
     * overlap check; the referral hook runs in the same transaction.
     */
    async create(session: SessionContext, input: CreateInput) {
      return db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, input.customer_id))) throw new AppError('CUSTOMER_NOT_FOUND');
        const template = await loadTemplate(tx, input.template_id);
        const endDate = subscriptionEndDate(input.start_date, template.durationMonths);
        await assertNoOverlap(tx, input.customer_id, input.start_date, endDate);
        await assertMandateForDirectDebit(tx, input.customer_id, input.payment_method);
        const price = hundredthsToString(multiply(input.monthly_hours, template.pricePerHour));
        const [row] = await tx
          .insert(subscriptions)
          .values({
            customerId: input.customer_id,
            templateId: template.id,
            templateName: template.name,
            durationMonths: template.durationMonths,
            monthlyHours: hundredthsToString(toHundredths(input.monthly_hours)),
            monthlyPrice: price,
            originalMonthlyPrice: price,
            startDate: input.start_date,
            endDate,
            monthlyTrips: input.monthly_trips === undefined ? template.monthlyTrips : input.monthly_trips,
            agreements: input.agreements ?? null,
            isActive: input.is_active,
            billingInterval: input.billing_interval,
            paymentMethod: input.payment_method,
            autoRenew: input.auto_renew,
            billingStartsOn: automaticBillingStart(input.start_date, todayVienna()),
          })
          .returning();
        await writeAudit(tx, session, 'create', 'subscription', row.id, null, row);
        const bonus = await onCustomerPurchase(tx, input.customer_id, session);
        await repriceCustomerAndReferrer(tx, input.customer_id, session);
        const answer = await present(row.id, tx);
        return bonus ? { ...answer, referral_bonus: bonus } : answer;
      });
    },

    /** The staff's edit (updateSubscriptionIn) in its own transaction; answers the ButlerPaket. */
    async update(session: SessionContext, id: number, input: UpdateInput) {
      await db.transaction((tx) => updateSubscriptionIn(tx, session, id, input));
      return present(id);
    },

    /**
     * Refused while `abos` entries are booked in the term: their hours would count towards
     * no ButlerPaket (decision 0380). The customer is locked like a booking, so no entry
     * can slip in between the count and the delete.
     */
    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ customerId: subscriptions.customerId })
          .from(subscriptions)
          .where(eq(subscriptions.id, id));
        if (!current) throw new AppError('SUBSCRIPTION_NOT_FOUND');
        await lockCustomer(tx, current.customerId);
        const [term] = await tx
          .select({ start: subscriptions.startDate, end: subscriptions.endDate })
          .from(subscriptions)
          .where(eq(subscriptions.id, id))
          .for('update');
        if (!term) throw new AppError('SUBSCRIPTION_NOT_FOUND');
        const booked = await countAbosEntriesLeaving(tx, current.customerId, term);
        if (booked > 0) throw new AppError('CONFLICT', entriesInTermMessage(booked));
        const [before] = await tx.delete(subscriptions).where(eq(subscriptions.id, id)).returning();
        if (!before) throw new AppError('SUBSCRIPTION_NOT_FOUND');
        await writeAudit(tx, session, 'delete', 'subscription', id, before, null);
        await repriceCustomerAndReferrer(tx, before.customerId, session);
      });
    },
  };
}
