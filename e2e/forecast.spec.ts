import { expect, test } from '@playwright/test';
import { addEntry, createCustomer, firstOfMonth, PASSWORD, sellButlerPaket, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, signOutInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

/** `YYYY-MM-DD` → `22.11.2026` */
const german = (iso: string) => iso.split('-').reverse().join('.');
const daysAgo = (n: number) => {
  const d = new Date(`${viennaToday().iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

test('forecast beside the rings: lounge and the admin customer view; nothing for a new customer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const customer = await createCustomer(request, token, 'Franz');
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haus' });
  await sellButlerPaket(request, token, customer.id, {
    label: 'Prognose',
    monthlyHours: 15,
    startDate: firstOfMonth(-3).iso,
  });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 20,
    price_per_hour: 50,
    purchase_date: daysAgo(80),
  });
  for (const n of [70, 45, 20, 3]) {
    await addEntry(request, token, customer.id, project.id, 13.5, daysAgo(n), 'abos', 'Termine koordiniert');
    await addEntry(request, token, customer.id, project.id, 1.5, daysAgo(n), 'stundenpakete', 'Besorgungen');
  }
  const dashboard = await apiCall(request, token, 'GET', `/api/customers/${customer.id}/dashboard`);
  expect(dashboard.forecast.subscription).not.toBeNull();
  expect(dashboard.forecast.packages).not.toBeNull();

  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  const sub = page.getByTestId('subscription-card').getByTestId('subscription-forecast');
  const subText = dashboard.forecast.subscription.until_term_end
    ? `Reicht voraussichtlich bis zum Laufzeitende (${german(dashboard.forecast.subscription.until)})`
    : `Reicht voraussichtlich bis ca. ${german(dashboard.forecast.subscription.until)}`;
  await expect(sub.getByText(subText)).toBeVisible();
  await expect(sub.getByText('bei gleichbleibender Nutzung')).toBeVisible();
  const pkg = page.getByTestId('hour-package-card').getByTestId('package-forecast');
  await expect(
    pkg.getByText(`Reicht voraussichtlich bis ca. ${german(dashboard.forecast.packages.until)}`),
  ).toBeVisible();
  await screenshotBoth(page, 'forecast-lounge');

  // A customer with two days of history: the rings stand alone.
  const fresh = await createCustomer(request, token, 'Neu');
  const freshProject = await apiCall(request, token, 'POST', `/api/customers/${fresh.id}/projects`, { name: 'Neu' });
  await apiCall(request, token, 'POST', `/api/customers/${fresh.id}/hour-packages`, { hours: 10, price_per_hour: 50 });
  await addEntry(request, token, fresh.id, freshProject.id, 1, viennaToday().iso, 'stundenpakete', 'Erstgespräch');

  await signOutInBrowser(page);
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}/view`);
  await expect(page.getByTestId('subscription-forecast').getByText(subText)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/admin/customers/${fresh.id}/customer-view`);
  await expect(page.getByTestId('hour-package-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('package-forecast')).toHaveCount(0);
});
