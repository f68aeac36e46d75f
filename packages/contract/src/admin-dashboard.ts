import { z } from 'zod';
import { MAX_PAGE_SIZE, zPageQuery } from './list-query.js';
import { zTripMonth } from './visits.js';

/** Admin overview, monthly view and dashboard settings (SPEC §3, §5, §9; DOMAIN-RULES §4). */

export const DASHBOARD_SETTINGS_DEFAULTS = {
  monthly_target_hours: 100,
  color_threshold_red_max: 30,
  color_threshold_yellow_max: 70,
  sellable_hours_per_month: 120,
  workload_threshold_green_max: 80,
  workload_threshold_yellow_max: 100,
} as const;

export const zDashboardSettings = z.object({
  monthly_target_hours: z.number(),
  color_threshold_red_max: z.number(),
  color_threshold_yellow_max: z.number(),
  sellable_hours_per_month: z.number(),
  workload_threshold_green_max: z.number(),
  workload_threshold_yellow_max: z.number(),
});
export type DashboardSettings = z.infer<typeof zDashboardSettings>;

/** A number with at most two decimals between min and max, with one German message. */
const setting = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Höchstens zwei Nachkommastellen');

/** SPEC §5: target and sellable hours at least 1, colour maxima at least 0, workload 0–100 / 0–200. */
export const zDashboardSettingsInput = z.object({
  monthly_target_hours: setting('Das Monatsziel muss mindestens 1 Stunde betragen', 1, 100_000),
  color_threshold_red_max: setting('Der Grenzwert für Rot darf nicht negativ sein', 0, 100_000),
  color_threshold_yellow_max: setting('Der Grenzwert für Gelb darf nicht negativ sein', 0, 100_000),
  sellable_hours_per_month: setting('Die verkaufbaren Stunden pro Monat müssen mindestens 1 betragen', 1, 100_000),
  workload_threshold_green_max: setting('Die Auslastungsgrenze Grün muss zwischen 0 und 100\u00a0% liegen', 0, 100),
  workload_threshold_yellow_max: setting('Die Auslastungsgrenze Gelb muss zwischen 0 und 200\u00a0% liegen', 0, 200),
});
export type DashboardSettingsInput = z.infer<typeof zDashboardSettingsInput>;

export const zExpiringSubscription = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  template_name: z.string().nullable(),
  monthly_hours: z.number(),
  end_date: z.string(),
});
export type ExpiringSubscription = z.infer<typeof zExpiringSubscription>;
/** One page of 'Ablaufende BUTLER-Pakete'; the count of all in X-Total-Count (decision 0405). */
export const zExpiringSubscriptionsResponse = z.array(zExpiringSubscription);

/** Rows per page of the overview's two lists (expiring ButlerPakete, low balances). */
export const OVERVIEW_PAGE_SIZE = 10;
export const zOverviewListQuery = zPageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(OVERVIEW_PAGE_SIZE),
});

/** SPEC §3 'Dashboard stats' plus the settings and the day it was computed for. */
export const zDashboardStats = z.object({
  total_customers: z.number(),
  total_active_subscriptions: z.number(),
  open_hours_current_month: z.number(),
  total_hours_current_month: z.number(),
  open_hours_current_year: z.number(),
  total_hours_current_year: z.number(),
  sold_abo_hours_yearly: z.number(),
  sold_package_hours_yearly: z.number(),
  open_hours_current_month_butler_only: z.number(),
  open_hours_current_year_butler_only: z.number(),
  total_hours_current_month_butler_only: z.number(),
  total_hours_current_year_butler_only: z.number(),
  used_hours_current_month_butler_only: z.number(),
  used_hours_current_year_butler_only: z.number(),
  dashboard_settings: zDashboardSettings,
  /** Vienna's date the figures refer to (the web's workload maths use the same day). */
  as_of: z.string(),
});
export type DashboardStats = z.infer<typeof zDashboardStats>;

export const zHourFigures = z.object({ hours_total: z.number(), hours_used: z.number(), hours_open: z.number() });
export type HourFigures = z.infer<typeof zHourFigures>;

export const zMonthlyCustomer = z.object({
  id: z.number(),
  name: z.string(),
  butler_packages: zHourFigures,
  hour_packages: zHourFigures,
});
export type MonthlyCustomer = z.infer<typeof zMonthlyCustomer>;
/**
 * A card of the monthly view: the hour figures and the month's Fahrten (decision 0840: done
 * "Besuch mit Fahrt" visits against the ButlerPaket's monthly trips); null when the month has
 * neither an allotment nor a trip.
 */
export const zMonthlyCustomerCard = zMonthlyCustomer.extend({ trips: zTripMonth.nullable() });
export type MonthlyCustomerCard = z.infer<typeof zMonthlyCustomerCard>;
/** One page of the monthly view; the month's total count travels in X-Total-Count (decision 0404). */
export const zCustomersMonthlyResponse = z.array(zMonthlyCustomerCard);
/** Cards per page: fills the view's one, two and three columns evenly. */
export const MONTHLY_PAGE_SIZE = 48;
export const zCustomersMonthlyQuery = zPageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MONTHLY_PAGE_SIZE),
});

export const MONTHLY_YEAR_MIN = 2000;
export const MONTHLY_YEAR_MAX = 2100;

export const zYearMonthParams = z.object({
  year: z.coerce
    .number({ error: 'Ungültiges Jahr' })
    .int('Ungültiges Jahr')
    .min(MONTHLY_YEAR_MIN, 'Ungültiges Jahr')
    .max(MONTHLY_YEAR_MAX, 'Ungültiges Jahr'),
  month: z.coerce
    .number({ error: 'Ungültiger Monat' })
    .int('Ungültiger Monat')
    .min(1, 'Ungültiger Monat')
    .max(12, 'Ungültiger Monat'),
});
