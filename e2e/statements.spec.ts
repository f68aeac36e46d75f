import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { addEntry, createCustomer, firstOfMonth, PASSWORD } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

test('Monatsübersicht: listed and downloaded in the lounge, opened and sent again by staff', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  await apiCall(request, token, 'PUT', '/api/quickbill/settings', {
    company_name: 'Butler Services GmbH',
    street: 'Kärntner Straße 1',
    postal_code: '1010',
    city: 'Wien',
    uid: 'ATU12345678',
    contact_email: 'office@butler-services.at',
    iban: 'AT61 1904 3002 3457 3201',
    bic: 'BKAUATWW',
  });
  const customer = await createCustomer(request, token, 'Ida');
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Garten' });
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `Übersicht ${Date.now().toString(36)}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 1,
  });
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 10,
    start_date: firstOfMonth(-2).iso,
  });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 5,
    price_per_hour: 50,
    purchase_date: firstOfMonth(-1).iso,
  });
  const last = firstOfMonth(-1);
  await addEntry(request, token, customer.id, project.id, 3.5, last.iso, 'abos', 'Rasen gemäht');
  await addEntry(request, token, customer.id, project.id, 1.25, last.iso, 'stundenpakete', 'Pflanzen gekauft');
  const months = await apiCall(request, token, 'GET', `/api/customers/${customer.id}/statements`);
  const label = months[0].month_display as string;

  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  const card = page.getByTestId('statements-card');
  await expect(card.getByText(label)).toBeVisible({ timeout: 30_000 });
  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'statements-lounge');
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `PDF herunterladen: Monatsübersicht ${label}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Monatsuebersicht-${months[0].month}.pdf`);
  fs.mkdirSync('screenshots', { recursive: true });
  await download.saveAs('screenshots/statement-sample.pdf');
  expect(fs.readFileSync('screenshots/statement-sample.pdf').subarray(0, 5).toString()).toBe('%PDF-');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}/view`);
  const staffCard = page.getByTestId('statements-card');
  await staffCard.getByRole('button', { name: `Erneut senden: Monatsübersicht ${label}` }).click();
  await expect(page.getByText('Die Monatsübersicht wird gesendet')).toBeVisible();
  await page.goto('/admin/outbox');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Deine Monatsübersicht ${label}` })
      .filter({ hasText: customer.email })
      .first(),
  ).toBeVisible({ timeout: 15_000 });
});
