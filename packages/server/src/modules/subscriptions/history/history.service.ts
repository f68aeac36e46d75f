import type { SubscriptionHistory } from '@butler/contract/dashboard';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { subscriptions } from '../../../db/schema/index.js';
import { monthDisplay, monthKeyOf } from '../../../domain/calendar.js';
import { num } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { AppError } from '../../../lib/errors.js';
import { subscriptionHistory } from '../../hour-accounting/customer-hours.repo.js';
import { tripMonths } from '../../visits/trips.js';

/**
 * DOMAIN-RULES §4: the started periods of a subscription, newest first, and the total
 * balance (sum of their balances). A customer asking for someone else's subscription
 * gets the same 404 as for an unknown id, so ids reveal nothing.
 */
export async function getSubscriptionHistory(
  db: Database,
  session: SessionContext,
  subscriptionId: number,
  today: string,
): Promise<SubscriptionHistory> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).limit(1);
  if (!row || (session.userType === 'customer' && row.customerId !== session.customerId)) {
    throw new AppError('SUBSCRIPTION_NOT_FOUND');
  }
  const periods = await subscriptionHistory(db, subscriptionId, today);
  // Fahrten are counted per calendar month (decision 0840): each period shows those of the month it starts in.
  const trips = new Map(
    (await tripMonths(db, row.customerId, [...new Set(periods.map((p) => monthKeyOf(p.periodStart)))])).map((t) => [
      t.month,
      t,
    ]),
  );
  const totalHundredths = periods.reduce((acc, p) => acc + Math.round(p.balance * 100), 0);
  return {
    total_balance: totalHundredths / 100,
    subscription: {
      id: row.id,
      customer_id: row.customerId,
      template_name: row.templateName,
      duration_months: row.durationMonths,
      monthly_hours: num(row.monthlyHours),
      start_date: row.startDate,
      end_date: row.endDate,
    },
    history: periods.map((p) => ({
      month: monthKeyOf(p.periodStart),
      month_display: monthDisplay(monthKeyOf(p.periodStart)),
      period_start: p.periodStart,
      period_end: p.periodEnd,
      allocated_hours: p.allocated,
      used_hours: p.used,
      balance: p.balance,
      trips_used: trips.get(monthKeyOf(p.periodStart))?.used ?? 0,
      trips_allotted: row.monthlyTrips,
    })),
  };
}
