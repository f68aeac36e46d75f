import { formatDate } from '@butler/contract/format';
import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Transaction } from '../../../db/executor.js';
import { customers, invoices, subscriptions } from '../../../db/schema/index.js';
import { type BillingInterval, billingPeriods } from '../../../domain/billing-periods.js';
import { addDays } from '../../../domain/calendar.js';
import { multiply, num } from '../../../domain/decimal.js';
import { subscriptionPeriods } from '../../../domain/subscription-periods.js';
import type { AuditActor } from '../../../lib/audit.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import { claimMonths } from '../../quickbill/sources/billing-months.js';
import { billablePeriods, billedMonths, billPeriod, effectiveBillingStart } from './period-billing.service.js';

const UPCOMING_DAYS = 30;

async function findSubscription(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  id: number,
  lock = false,
) {
  const base = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return row;
}

/**
 * Renews a ButlerPaket for one more term on the same terms, starting the day after it ends
 * (Verlängern; also the automatic renewal). One renewal per ButlerPaket (unique
 * renewed_from_id); refused when another ButlerPaket already follows.
 */
export async function renewSubscription(db: Database, actor: AuditActor, id: number) {
  return db.transaction((tx) => renewSubscriptionIn(tx, actor, id));
}

/** The renewal in the caller's transaction (an accepted "Verlängern" of the lounge, decision 0851). */
export async function renewSubscriptionIn(tx: Transaction, actor: AuditActor, id: number) {
  const before = await findSubscription(tx, id, true);
  const start = addDays(before.endDate, 1);
  const end = subscriptionEndDate(start, before.durationMonths);
  const [overlap] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, before.customerId),
        sql`${subscriptions.id} <> ${id}`,
        lte(subscriptions.startDate, end),
        gte(subscriptions.endDate, start),
      ),
    );
  if (overlap) throw new AppError('CONFLICT', 'Dieses ButlerPaket wurde bereits verlängert');
  const [row] = await tx
    .insert(subscriptions)
    .values({
      customerId: before.customerId,
      templateId: before.templateId,
      templateName: before.templateName,
      durationMonths: before.durationMonths,
      monthlyHours: before.monthlyHours,
      monthlyPrice: before.monthlyPrice,
      originalMonthlyPrice: before.originalMonthlyPrice,
      hasReferralDiscount: before.hasReferralDiscount,
      startDate: start,
      endDate: end,
      monthlyTrips: before.monthlyTrips,
      agreements: before.agreements,
      billingInterval: before.billingInterval,
      paymentMethod: before.paymentMethod,
      autoRenew: before.autoRenew,
      renewedFromId: before.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', 'Dieses ButlerPaket wurde bereits verlängert');
  await writeAudit(tx, actor, 'renew', 'subscription', row.id, null, row, { customerId: before.customerId });
  return { id: row.id, start_date: row.startDate, end_date: row.endDate };
}

export function createBillingCommands(db: Database, today: () => string) {
  return {
    /**
     * Periods that the daily job bills within the next 30 days and those due already but not
     * billed yet (a ButlerPaket added after today's run, decision 0757), not yet claimed, one page.
     */
    async upcoming(page: { page: number; page_size: number }) {
      const from = today();
      const to = addDays(from, UPCOMING_DAYS);
      const rows = await db
        .select({ sub: subscriptions, firstName: customers.firstName, lastName: customers.lastName })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .where(
          and(
            eq(subscriptions.isActive, true),
            lte(subscriptions.startDate, to),
            // As the daily job: a ButlerPaket whose billing starts after its end has nothing to bill.
            sql`${subscriptions.endDate} >= coalesce(${subscriptions.billingStartsOn}, ${subscriptions.startDate})`,
          ),
        )
        .orderBy(asc(subscriptions.id));
      const claimed = new Set(
        (
          await billedMonths(
            db,
            rows.map((r) => r.sub.id),
          )
        ).map((m) => `${m.subscriptionId}:${m.month}`),
      );
      const out = [];
      for (const { sub, firstName, lastName } of rows) {
        for (const p of billablePeriods(sub)) {
          if (p.start > to) break;
          if (p.months.some((m) => claimed.has(`${sub.id}:${m}`))) continue;
          out.push({
            subscription_id: sub.id,
            customer_id: sub.customerId,
            customer_name: `${firstName} ${lastName}`,
            package_name: sub.templateName || 'Individuell',
            billing_interval: sub.billingInterval as 'monthly',
            period_start: p.start,
            period_end: p.end,
            label: p.label,
            amount_net: num(multiply(sub.monthlyPrice, p.months.length).toString()) / 100,
            due: p.start <= from,
          });
        }
      }
      out.sort((a, b) => a.period_start.localeCompare(b.period_start) || a.subscription_id - b.subscription_id);
      const offset = (page.page - 1) * page.page_size;
      return { items: out.slice(offset, offset + page.page_size), total: out.length };
    },

    /** Each month of the term: billed (with the invoice number), skipped (with reason) or open. */
    async billing(id: number) {
      const sub = await findSubscription(db, id);
      const rows = new Map((await billedMonths(db, [id])).map((m) => [m.month, m]));
      const periodOf = new Map(
        billingPeriods(sub.startDate, sub.durationMonths, sub.billingInterval as BillingInterval).flatMap((period) =>
          period.months.map((month) => [month, period] as const),
        ),
      );
      const billable = new Set(billablePeriods(sub).map((period) => period.start));
      return {
        subscription_id: id,
        billing_starts_on: effectiveBillingStart(sub),
        months: subscriptionPeriods(sub.startDate, sub.durationMonths).map((p) => {
          const row = rows.get(p.month);
          const period = periodOf.get(p.month)!;
          const periodOpen = period.months.every((m) => !rows.has(m));
          return {
            month: p.month,
            period_start: period.start,
            skippable: periodOpen && billable.has(period.start) && period.months[0] === p.month,
            state: (row?.state ?? 'open') as 'open',
            reason: row?.reason ?? null,
            invoice_id: row?.invoiceId ?? null,
            invoice_number: row?.invoiceNumber ?? null,
          };
        }),
      };
    },

    /**
     * "Jetzt abrechnen" (decision 0757): the invoice of a due period now, exactly as the daily
     * job makes it (same claim of the months, so it exists once however often it is asked
     * for, and the job skips it later), as a draft or issued and sent per the setting.
     */
    async billNow(actor: AuditActor, id: number, periodStart: string) {
      const sub = await findSubscription(db, id);
      const period = billablePeriods(sub).find((p) => p.start === periodStart);
      if (!period) throw fieldError('period_start', 'Dieser Zeitraum gehört nicht zu diesem ButlerPaket');
      if (!sub.isActive) throw new AppError('CONFLICT', 'Dieses ButlerPaket ist nicht aktiv');
      if (period.start > today()) {
        throw new AppError('CONFLICT', `Dieser Zeitraum ist erst am ${formatDate(period.start)} fällig`);
      }
      const invoiceId = await billPeriod(db, sub, period, today(), actor);
      if (invoiceId === null) throw new AppError('CONFLICT', 'Dieser Zeitraum ist bereits abgerechnet oder ausgesetzt');
      const [row] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
      return { invoice_id: invoiceId, status: row.status === 'draft' ? ('draft' as const) : ('sent' as const) };
    },

    /** "Diesen Zeitraum aussetzen": the period is never billed (reason kept, audited). */
    async skip(actor: AuditActor, id: number, periodStart: string, reason: string) {
      await db.transaction(async (tx) => {
        const sub = await findSubscription(tx, id, true);
        const period = billablePeriods(sub).find((p) => p.start === periodStart);
        if (!period) throw fieldError('period_start', 'Dieser Zeitraum gehört nicht zu diesem ButlerPaket');
        if (!(await claimMonths(tx, id, period.months, 'skipped', actor, { reason }))) {
          throw new AppError('CONFLICT', 'Dieser Zeitraum ist bereits abgerechnet oder ausgesetzt');
        }
        await writeAudit(
          tx,
          actor,
          'billing-skip',
          'subscription',
          id,
          null,
          { period: period.label, reason },
          {
            customerId: sub.customerId,
          },
        );
      });
      return this.billing(id);
    },

    renew: (actor: AuditActor, id: number) => renewSubscription(db, actor, id),
  };
}

export type BillingCommands = ReturnType<typeof createBillingCommands>;
