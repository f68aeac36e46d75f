import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  customers,
  invoices,
  projects,
  subscriptionBillingMonths,
  subscriptions,
  timeEntries,
} from '../../../db/schema/index.js';
import { firstDayOfMonth, formatIsoDate, lastDayOfMonth, monthDisplay } from '../../../domain/calendar.js';
import { num } from '../../../domain/decimal.js';
import { subscriptionLineText } from '../../../domain/subscription-line.js';
import { subscriptionPeriods } from '../../../domain/subscription-periods.js';
import type { SessionContext } from '../../../lib/access.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { customerFullName } from '../../customers/customers.repo.js';
import { openTripLines } from '../../visits/trip-charges.js';
import { claimMonths } from './billing-months.js';
import { draftForHourPackage, insertDraft } from './hour-package-draft.js';
import { customersToBill } from './to-bill.js';

/** Billable time entries that are on no invoice yet (partial index time_entries_uninvoiced_idx). */
const waitingForInvoice = () => and(eq(timeEntries.isBillable, true), isNull(timeEntries.invoiceId));

export function createSourcesService(deps: ServiceDeps) {
  const { db } = deps;

  return {
    /** Draft for an hour-package sale; one live invoice per package. */
    async fromHourPackage(session: SessionContext, packageId: number) {
      return db.transaction((tx) => draftForHourPackage(tx, session, packageId, deps.today()));
    },

    /**
     * Drafts for every active subscription with a period named `year-month`, one per
     * subscription and month: months already billed (a live invoice exists) are skipped.
     */
    async monthlyRun(session: SessionContext, year: number, month: number) {
      const monthKey = formatIsoDate(year, month, 1).slice(0, 7);
      return db.transaction(async (tx) => {
        const candidates = await tx
          .select({ subscription: subscriptions, customer: customers })
          .from(subscriptions)
          .innerJoin(customers, eq(customers.id, subscriptions.customerId))
          .where(
            and(
              eq(subscriptions.isActive, true),
              lte(subscriptions.startDate, lastDayOfMonth(year, month)),
              gte(subscriptions.endDate, firstDayOfMonth(year, month)),
            ),
          )
          .orderBy(asc(subscriptions.id));
        const billed = candidates.length
          ? await tx
              .select({ subscriptionId: invoices.subscriptionId })
              .from(invoices)
              .where(
                and(
                  inArray(
                    invoices.subscriptionId,
                    candidates.map((c) => c.subscription.id),
                  ),
                  eq(invoices.billingMonth, monthKey),
                  eq(invoices.kind, 'invoice'),
                  ne(invoices.status, 'cancelled'),
                ),
              )
          : [];
        const billedIds = new Set(billed.map((b) => b.subscriptionId));
        const created: Array<{ id: number; subscription_id: number; customer_name: string }> = [];
        let skipped = 0;
        for (const { subscription: sub, customer } of candidates) {
          const period = subscriptionPeriods(sub.startDate, sub.durationMonths).find((p) => p.month === monthKey);
          if (!period) continue;
          // The month's row is the key (decision 0581): billed or skipped months stay as they
          // are, released ones (cancelled invoice) may be billed again here.
          if (
            billedIds.has(sub.id) ||
            !(await claimMonths(tx, sub.id, [monthKey], 'invoiced', session, { takeReleased: true }))
          ) {
            skipped++;
            continue;
          }
          const description = subscriptionLineText(sub.templateName, monthDisplay(monthKey), 1, num(sub.monthlyHours));
          // Trips beyond the ButlerPaket's Fahrten under "verrechnen" travel on its next invoice (decision 0841).
          const trips = await openTripLines(tx, customer.id);
          const row = await insertDraft(
            tx,
            session,
            customer,
            [
              {
                description,
                quantity: 1,
                unit: 'Monat',
                unit_price: num(sub.monthlyPrice),
                tax_rate: 20,
                tax_exemption: null,
              },
              ...trips.lines,
            ],
            {
              subscriptionId: sub.id,
              billingMonth: monthKey,
              servicePeriodStart: period.start,
              servicePeriodEnd: period.end,
            },
            deps.today(),
          );
          await trips.attach(row.id);
          await tx
            .update(subscriptionBillingMonths)
            .set({ invoiceId: row.id })
            .where(
              and(eq(subscriptionBillingMonths.subscriptionId, sub.id), eq(subscriptionBillingMonths.month, monthKey)),
            );
          created.push({ id: row.id, subscription_id: sub.id, customer_name: row.customerName });
        }
        return { created, skipped };
      });
    },

    /** What is really to bill, per customer (decision 0773). */
    toBill: () => customersToBill(db, deps.today()),

    /**
     * Customers with billable time entries not on any invoice yet: count, hours and date
     * range aggregated in SQL, by name.
     */
    async billableCustomers() {
      const rows = await db
        .select({
          customerId: timeEntries.customerId,
          customerName: customerFullName(),
          entryCount: sql<number>`count(*)::int`,
          totalHours: sql<string>`sum(${timeEntries.hours})::text`,
          firstWorkDate: sql<string>`min(${timeEntries.workDate})::text`,
          lastWorkDate: sql<string>`max(${timeEntries.workDate})::text`,
        })
        .from(timeEntries)
        .innerJoin(customers, eq(customers.id, timeEntries.customerId))
        .where(waitingForInvoice())
        .groupBy(timeEntries.customerId, customers.firstName, customers.lastName)
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(timeEntries.customerId));
      return rows.map((r) => ({
        customer_id: r.customerId,
        customer_name: r.customerName,
        entry_count: r.entryCount,
        total_hours: num(r.totalHours),
        first_work_date: r.firstWorkDate,
        last_work_date: r.lastWorkDate,
      }));
    },

    /** Billable time entries not on any invoice yet (optionally of one customer). */
    async billableTimeEntries(customerId?: number) {
      const rows = await db
        .select({ entry: timeEntries, projectName: projects.name })
        .from(timeEntries)
        .innerJoin(projects, eq(projects.id, timeEntries.projectId))
        .where(and(waitingForInvoice(), customerId ? eq(timeEntries.customerId, customerId) : undefined))
        .orderBy(asc(timeEntries.workDate), asc(timeEntries.id))
        .limit(1000);
      return rows.map(({ entry, projectName }) => ({
        id: entry.id,
        customer_id: entry.customerId,
        project_id: entry.projectId,
        project_name: projectName,
        work_date: entry.workDate,
        hours: num(entry.hours),
        activity_description: entry.activityDescription,
        billing_type: entry.billingType,
      }));
    },
  };
}
