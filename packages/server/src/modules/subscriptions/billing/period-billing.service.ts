import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Transaction } from '../../../db/executor.js';
import { customers, invoices, subscriptionBillingMonths, subscriptions } from '../../../db/schema/index.js';
import { type BillingInterval, type BillingPeriod, billingPeriods } from '../../../domain/billing-periods.js';
import { addDays } from '../../../domain/calendar.js';
import { num } from '../../../domain/decimal.js';
import { totalsAsStrings } from '../../../domain/invoice-totals.js';
import { subscriptionLineText } from '../../../domain/subscription-line.js';
import { type AuditActor, writeAudit } from '../../../lib/audit.js';
import { now } from '../../../lib/clock.js';
import { customerSnapshot, priceItems, replaceItems } from '../../quickbill/invoices/invoice-draft.js';
import { issueDraft } from '../../quickbill/invoices/invoice-send.service.js';
import { queueInvoiceMail } from '../../quickbill/mail/invoice-mail.js';
import { withNumberTurn } from '../../quickbill/numbering/number-turn.js';
import { loadInvoiceDocument } from '../../quickbill/records/invoice-document.js';
import { loadBillingSettings } from '../../quickbill/reminders/reminder-letter.js';
import { loadSettings } from '../../quickbill/settings/provider-settings.repo.js';
import { claimMonths } from '../../quickbill/sources/billing-months.js';
import { openTripLines } from '../../visits/trip-charges.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** "ButlerPaket Premium · Dezember 2026 · 10 h" (decision 0758). */
export function periodLine(sub: SubscriptionRow, period: BillingPeriod) {
  const months = period.months.length;
  return {
    description: subscriptionLineText(sub.templateName, period.label, months, num(sub.monthlyHours)),
    quantity: months,
    unit: 'Monat',
    unit_price: num(sub.monthlyPrice),
    tax_rate: 20 as const,
    tax_exemption: null,
  };
}

class PeriodTaken extends Error {}

/**
 * Creates the invoice of one billing period in its own transaction: claims its months,
 * writes the draft (the customer's snapshot, the discounted monthly price, the provider's
 * VAT rules), and in "send" mode issues and mails it. Returns the invoice id, or null when
 * the period was already billed or skipped (by anyone, at any time).
 */
export async function billPeriod(
  db: Database,
  sub: SubscriptionRow,
  period: BillingPeriod,
  invoiceDate: string,
  actor: AuditActor,
  options: { takeReleased?: boolean; mode?: 'draft' | 'send' } = {},
): Promise<number | null> {
  try {
    // Issuing at once takes an invoice number: wait for this process's turn first (number-turn.ts).
    const issue = (work: () => Promise<number>) => (options.mode === 'draft' ? work() : withNumberTurn(work));
    return await issue(() =>
      db.transaction(async (tx) => {
        if (!(await claimMonths(tx, sub.id, period.months, 'invoiced', actor, options))) throw new PeriodTaken();
        const [customer] = await tx.select().from(customers).where(eq(customers.id, sub.customerId));
        const settings = await loadSettings(tx);
        // Trips beyond the ButlerPaket's Fahrten under "verrechnen" travel on its next invoice (decision 0841).
        const trips = await openTripLines(tx, sub.customerId);
        const priced = priceItems([periodLine(sub, period), ...trips.lines], settings.smallBusiness);
        const [row] = await tx
          .insert(invoices)
          .values({
            ...customerSnapshot(customer),
            customerId: customer.id,
            invoiceDate,
            dueDate: addDays(invoiceDate, settings.paymentTermsDays),
            smallBusiness: settings.smallBusiness,
            status: 'draft',
            createdBy: actor.displayName,
            subscriptionId: sub.id,
            billingMonth: period.months[0],
            servicePeriodStart: period.start,
            servicePeriodEnd: period.end,
            ...totalsAsStrings(priced.totals),
          })
          .returning();
        await replaceItems(tx, row.id, priced.lines, priced.totals.lineNets);
        await trips.attach(row.id);
        await tx
          .update(subscriptionBillingMonths)
          .set({ invoiceId: row.id })
          .where(
            and(
              eq(subscriptionBillingMonths.subscriptionId, sub.id),
              inArray(subscriptionBillingMonths.month, period.months),
            ),
          );
        await writeAudit(tx, actor, 'create', 'invoice', row.id, null, row, { customerId: customer.id });
        const mode = options.mode ?? (await loadBillingSettings(tx)).subscriptionInvoiceMode;
        if (mode === 'send' && row.customerEmail?.trim()) {
          await issueDraft(tx, actor, row, now());
          await queueInvoiceMail(tx, await loadInvoiceDocument(tx, row.id), actor.displayName);
        }
        return row.id;
      }),
    );
  } catch (error) {
    if (error instanceof PeriodTaken) return null;
    throw error;
  }
}

export const effectiveBillingStart = (sub: SubscriptionRow) => sub.billingStartsOn ?? sub.startDate;

/** Periods of a ButlerPaket that the daily job may bill (start on or after its billing start). */
export function billablePeriods(sub: SubscriptionRow) {
  const from = effectiveBillingStart(sub);
  return billingPeriods(sub.startDate, sub.durationMonths, sub.billingInterval as BillingInterval).filter(
    (p) => p.start >= from,
  );
}

/** Month rows of some ButlerPakete with their invoice numbers. */
export async function billedMonths(db: Database | Transaction, subscriptionIds: number[]) {
  if (!subscriptionIds.length) return [];
  return db
    .select({
      subscriptionId: subscriptionBillingMonths.subscriptionId,
      month: subscriptionBillingMonths.month,
      state: subscriptionBillingMonths.state,
      reason: subscriptionBillingMonths.reason,
      invoiceId: subscriptionBillingMonths.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(subscriptionBillingMonths)
    .leftJoin(invoices, eq(invoices.id, subscriptionBillingMonths.invoiceId))
    .where(inArray(subscriptionBillingMonths.subscriptionId, subscriptionIds));
}

/**
 * The daily run for `today`: every active ButlerPaket's periods that started on or before
 * today and on or after its billing start, not yet claimed. Periods are billed one by one,
 * each in its own transaction; another process billing the same period makes this one skip.
 */
export async function billDuePeriods(db: Database, today: string, actor: AuditActor) {
  const subs = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.isActive, true),
        sql`${subscriptions.startDate} <= ${today}::date`,
        sql`${subscriptions.endDate} >= coalesce(${subscriptions.billingStartsOn}, ${subscriptions.startDate})`,
      ),
    )
    .orderBy(subscriptions.id);
  const claimed = new Set(
    (
      await billedMonths(
        db,
        subs.map((s) => s.id),
      )
    ).map((m) => `${m.subscriptionId}:${m.month}`),
  );
  const created: number[] = [];
  for (const sub of subs) {
    for (const period of billablePeriods(sub)) {
      if (period.start > today) break;
      if (period.months.some((m) => claimed.has(`${sub.id}:${m}`))) continue;
      const id = await billPeriod(db, sub, period, today, actor);
      if (id !== null) created.push(id);
    }
  }
  return created;
}
