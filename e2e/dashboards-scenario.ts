import type { APIRequestContext, Locator } from '@playwright/test';
import { apiCall, uniqueEmail } from './fixtures/api';

/**
 * The hand-made scenario of decision 0226, seeded through the API as admin: a subscription of
 * 10 h/month started on the first of the month two months ago, entries with known hours
 * in each of its three started periods, and a 5 h hour package with 2 h used.
 */

export const PASSWORD = 'Kunde-Passwort-123!';
export const MONTHLY_HOURS = 10;

/** Today in Vienna as numbers (the server's calendar). */
export function viennaToday() {
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year, month, day] = iso.split('-').map(Number);
  return { iso, year, month, day };
}

/** First day of the month `delta` months from the current one, `YYYY-MM-DD`. */
export function firstOfMonth(delta: number) {
  const { year, month } = viennaToday();
  const index = year * 12 + (month - 1) + delta;
  return {
    iso: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`,
    year: Math.floor(index / 12),
    month: (index % 12) + 1,
  };
}

/** '1.234,50 h' → 1234.5 */
export async function hoursOf(locator: Locator): Promise<number> {
  const text = ((await locator.textContent()) ?? '').replace(/\s*h\s*$/, '').replace(/\u2212/g, '-');
  return Number(text.replace(/\./g, '').replace(',', '.'));
}

export async function createCustomer(request: APIRequestContext, token: string, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const customer = await apiCall(request, token, 'POST', '/api/customers', {
    first_name: firstName,
    last_name: 'Testkundin',
    email,
    phone: '+43 660 1234567',
    company: 'Huber & Co KG',
    birthdate: '1985-03-14',
    password: PASSWORD,
  });
  return { id: customer.id as number, email };
}

export async function addEntry(
  request: APIRequestContext,
  token: string,
  customerId: number,
  projectId: number,
  hours: number,
  workDate: string,
  billing: 'abos' | 'stundenpakete',
  activity: string,
) {
  await apiCall(request, token, 'POST', `/api/customers/${customerId}/time-entries`, {
    project_id: projectId,
    hours,
    activity_description: activity,
    work_date: workDate,
    billing_type: billing,
  });
}

/**
 * Sells a ButlerPaket: a template of its own (named `${label} <stamp>`, so reruns never
 * collide) and a subscription of `monthlyHours` from `startDate`.
 */
export async function sellButlerPaket(
  request: APIRequestContext,
  token: string,
  customerId: number,
  opts: { label: string; monthlyHours: number; startDate: string; durationMonths?: number; monthlyTrips?: number },
) {
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `${opts.label} ${Date.now().toString(36)}`,
    duration_months: opts.durationMonths ?? 12,
    price_per_hour: 50,
    monthly_trips: opts.monthlyTrips ?? 1,
  });
  const subscription = await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customerId,
    template_id: template.id,
    monthly_hours: opts.monthlyHours,
    start_date: opts.startDate,
  });
  return { template, subscription };
}

export async function seedScenario(request: APIRequestContext, token: string, firstName = 'Helga') {
  const customer = await createCustomer(request, token, firstName);
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, {
    name: 'Gartenpflege Villa Huber',
    description: 'Rasen, Hecken und Beete rund ums Haus',
  });
  const start = firstOfMonth(-2);
  const { template, subscription } = await sellButlerPaket(request, token, customer.id, {
    label: 'Premium',
    monthlyHours: MONTHLY_HOURS,
    startDate: start.iso,
    monthlyTrips: 2,
  });
  const add = (hours: number, date: string, billing: 'abos' | 'stundenpakete', activity: string) =>
    addEntry(request, token, customer.id, project.id, hours, date, billing, activity);
  // Period 0 uses exactly its 10 h (balance 0), period 1 uses 12 h (−2), the current one 3 h (+7).
  await add(6, start.iso, 'abos', 'Hecke geschnitten');
  await add(4, start.iso, 'abos', 'Laub entfernt');
  await add(8, firstOfMonth(-1).iso, 'abos', 'Umzug organisiert');
  await add(4, firstOfMonth(-1).iso, 'abos', 'Handwerker koordiniert');
  await add(2, firstOfMonth(0).iso, 'abos', 'Einkauf erledigt');
  await add(1, firstOfMonth(0).iso, 'abos', 'Post sortiert');
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 5,
    price_per_hour: 50,
  });
  await add(1.5, viennaToday().iso, 'stundenpakete', 'Fenster geputzt');
  await add(0.5, viennaToday().iso, 'stundenpakete', 'Blumen gegossen');
  return { customer, projectId: project.id as number, subscriptionId: subscription.id as number, template, add };
}
