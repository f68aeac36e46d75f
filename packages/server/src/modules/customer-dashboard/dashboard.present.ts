import type {
  CurrentSubscription,
  CustomerDashboard,
  Deduction,
  SubscriptionWithBalance,
} from '@butler/contract/dashboard';
import { orderNumber } from '@butler/contract/orders';
import { num } from '../../domain/decimal.js';
import type { SubscriptionBalanceRow } from '../hour-accounting/customer-hours.repo.js';
import type { EntryRow, SubscriptionRow } from './customer-dashboard.repo.js';

export function presentDeduction(row: EntryRow): Deduction {
  return {
    id: row.id,
    activity_description: row.activityDescription,
    work_date: row.workDate,
    hours: num(row.hours),
    created_by: row.createdBy,
    project_id: row.projectId,
    project_name: row.projectName,
    order:
      row.orderId !== null && row.orderTitle !== null
        ? { id: row.orderId, number: orderNumber(row.orderId), title: row.orderTitle }
        : null,
  };
}

export function presentRecentEntry(row: EntryRow) {
  return {
    ...presentDeduction(row),
    billing_type: row.billingType as 'abos' | 'stundenpakete',
    is_billable: row.isBillable,
  };
}

const hundredths = (value: number) => Math.round(value * 100);

export function presentSubscription(row: SubscriptionRow, balance?: SubscriptionBalanceRow): SubscriptionWithBalance {
  return {
    id: row.id,
    template_id: row.templateId,
    template_name: row.templateName,
    duration_months: row.durationMonths,
    monthly_hours: num(row.monthlyHours),
    monthly_price: num(row.monthlyPrice),
    original_monthly_price: num(row.originalMonthlyPrice),
    has_referral_discount: row.hasReferralDiscount,
    start_date: row.startDate,
    end_date: row.endDate,
    monthly_trips: row.monthlyTrips,
    agreements: row.agreements,
    is_active: row.isActive,
    total_balance: balance?.totalBalance ?? 0,
    // monthly hours × duration, exact in hundredths.
    total_hours_over_lifetime: (hundredths(num(row.monthlyHours)) * row.durationMonths) / 100,
    total_hours_used_over_lifetime: balance?.totalHoursUsedOverLifetime ?? 0,
  };
}

/**
 * DOMAIN-RULES §4: the current subscription is the active one whose term contains today;
 * its current period is the one containing today (remaining = monthly − used, may be < 0).
 */
export function currentSubscription(
  rows: SubscriptionRow[],
  balances: Map<number, SubscriptionBalanceRow>,
  today: string,
): CurrentSubscription | null {
  const row = rows.find((s) => s.isActive && s.startDate <= today && today <= s.endDate);
  const balance = row ? balances.get(row.id) : undefined;
  if (!row || !balance?.current) return null;
  const monthly = num(row.monthlyHours);
  return {
    id: row.id,
    template_name: row.templateName,
    monthly_hours: monthly,
    duration_months: row.durationMonths,
    start_date: row.startDate,
    end_date: row.endDate,
    current_period_start: balance.current.start,
    current_period_end: balance.current.end,
    current_month_hours_used: balance.current.used,
    current_month_hours_remaining: (hundredths(monthly) - hundredths(balance.current.used)) / 100,
    total_balance: balance.totalBalance,
  };
}

/**
 * The dashboard for staff who may not see prices (a Butler, decision 0540): hours and
 * bookings as they are, every price, discount and referral saving left out.
 */
export function withoutPrices(dashboard: CustomerDashboard): CustomerDashboard {
  return {
    ...dashboard,
    subscriptions: dashboard.subscriptions.map((s) => ({ ...s, monthly_price: null, original_monthly_price: null })),
    hour_packages: dashboard.hour_packages.map((p) => ({
      ...p,
      price_per_hour: null,
      discount_percentage: null,
      total_price: null,
    })),
    referral_data: null,
    referral_stats: null,
  };
}
