import type {
  CustomerDashboard,
  CustomerSubscriptionResponse,
  DeductionsQuery,
  DeductionsResponse,
} from '@butler/contract/dashboard';
import type { Database } from '../../db/client.js';
import { num } from '../../domain/decimal.js';
import { AppError } from '../../lib/errors.js';
import { getBalanceAlertSettings } from '../balance-alerts/balance-alert-settings.service.js';
import { packageBalance, subscriptionBalances } from '../hour-accounting/customer-hours.repo.js';
import { findLowBalances } from '../hour-accounting/low-balance.repo.js';
import { usableHoursOf } from '../hour-accounting/usable-hours.repo.js';
import { computeReferralSummary } from '../referrals/referral-data.js';
import { endingNote } from '../subscriptions/ends/ends.service.js';
import * as repo from './customer-dashboard.repo.js';
import { currentSubscription, presentDeduction, presentRecentEntry, presentSubscription } from './dashboard.present.js';
import { packageForecast, subscriptionForecast, usageHistory } from './forecast.js';

/** SPEC §2/§3 'Customer dashboard': 5 newest deductions per kind with their counts. */
const RECENT = 5;

async function requireCustomer(db: Database, customerId: number) {
  const customer = await repo.findCustomer(db, customerId);
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return customer;
}

export async function getDashboard(db: Database, customerId: number, today: string): Promise<CustomerDashboard> {
  const customer = await requireCustomer(db, customerId);
  // Independent reads run side by side on the pool; each is small or bounded.
  const [
    subs,
    balances,
    packages,
    projects,
    recent,
    counts,
    abos,
    pkg,
    hours,
    referral,
    contact,
    low,
    usage,
    ending,
    usable,
  ] = await Promise.all([
    repo.listSubscriptions(db, customerId),
    subscriptionBalances(db, customerId, today),
    repo.listHourPackages(db, customerId),
    repo.listActiveProjects(db, customerId),
    repo.listEntries(db, customerId, null, RECENT),
    repo.countEntriesByType(db, customerId),
    repo.listEntries(db, customerId, 'abos', RECENT),
    repo.listEntries(db, customerId, 'stundenpakete', RECENT),
    packageBalance(db, customerId),
    computeReferralSummary(db, customerId, today),
    repo.providerContact(db),
    getBalanceAlertSettings(db).then((settings) => findLowBalances(db, today, settings, customerId)),
    usageHistory(db, customerId, today),
    endingNote(db, customerId, today),
    usableHoursOf(db, customerId, today),
  ]);
  const subscription = currentSubscription(subs, balances, today);
  return {
    customer: {
      id: customer.id,
      first_name: customer.firstName,
      last_name: customer.lastName,
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      phone: customer.phone,
      company: customer.company,
      birthdate: customer.birthdate,
    },
    subscription,
    subscriptions: subs.map((s) => presentSubscription(s, balances.get(s.id))),
    hour_packages: packages.map((p) => ({
      id: p.id,
      hours: num(p.hours),
      price_per_hour: num(p.pricePerHour),
      discount_percentage: num(p.discountPercentage),
      total_price: num(p.totalPrice),
      purchase_date: p.purchaseDate,
      is_referral_discount: p.isReferralDiscount,
      created_by: p.createdBy,
    })),
    projects: projects.map((p) => ({ id: p.id, name: p.name, description: p.description })),
    recent_time_entries: recent.map(presentRecentEntry),
    time_entries_count: counts.all,
    subscription_deductions: abos.map(presentDeduction),
    subscription_deductions_count: counts.abos,
    hour_package_deductions: pkg.map(presentDeduction),
    hour_package_deductions_count: counts.packages,
    total_hours_purchased: hours.purchased,
    total_hours_used: hours.used,
    remaining_hours: hours.remaining,
    referral_data: referral.referral_data,
    referral_stats: referral.referral_stats,
    contact,
    forecast: {
      subscription: subscriptionForecast(today, subscription, usage.abos),
      packages: packageForecast(today, hours.remaining, usage.packages),
    },
    subscription_ending: ending,
    usable_hours: usable,
    low_balance: low[0] ? { kind: low[0].kind, usable: low[0].usable, reserve: low[0].reserve } : null,
  };
}

export async function getCustomerSubscription(
  db: Database,
  customerId: number,
  today: string,
): Promise<CustomerSubscriptionResponse> {
  await requireCustomer(db, customerId);
  const [subs, balances, usage, usable] = await Promise.all([
    repo.listSubscriptions(db, customerId),
    subscriptionBalances(db, customerId, today),
    usageHistory(db, customerId, today),
    usableHoursOf(db, customerId, today),
  ]);
  const subscription = currentSubscription(subs, balances, today);
  return { subscription, forecast: subscriptionForecast(today, subscription, usage.abos), usable_hours: usable };
}

/** The deduction screens: gauge of the chosen kind and one page of its entries, newest first. */
export async function getDeductions(
  db: Database,
  customerId: number,
  query: DeductionsQuery,
  today: string,
): Promise<DeductionsResponse> {
  const customer = await requireCustomer(db, customerId);
  const offset = (query.page - 1) * query.page_size;
  const [entries, total] = await Promise.all([
    repo.listEntries(db, customerId, query.billing_type, query.page_size, offset),
    repo.countEntries(db, customerId, query.billing_type),
  ]);
  let subscriptionGauge: DeductionsResponse['subscription_gauge'] = null;
  let packageGauge: DeductionsResponse['package_gauge'] = null;
  const usable = await usableHoursOf(db, customerId, today);
  if (query.billing_type === 'abos') {
    const { subscription } = await getCustomerSubscription(db, customerId, today);
    subscriptionGauge = {
      has_subscription: subscription !== null,
      monthly_hours: subscription?.monthly_hours ?? 0,
      used_hours: subscription?.current_month_hours_used ?? 0,
      remaining_hours: subscription?.current_month_hours_remaining ?? 0,
    };
  } else {
    const hours = await packageBalance(db, customerId);
    packageGauge = { purchased_hours: hours.purchased, used_hours: hours.used, remaining_hours: hours.remaining };
  }
  return {
    customer: { id: customer.id, first_name: customer.firstName, last_name: customer.lastName },
    billing_type: query.billing_type,
    subscription_gauge: subscriptionGauge,
    package_gauge: packageGauge,
    usable_hours: usable,
    entries: entries.map(presentDeduction),
    total_count: total,
    page: query.page,
    page_size: query.page_size,
  };
}
