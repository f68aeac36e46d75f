import { expect, test } from '@playwright/test';
import { addEntry, createCustomer, firstOfMonth } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { saveProviderSettings } from './quickbill-helpers';

// Decision 0773: "Zeiterfassung verrechnen" opens on what no package pays.
test('Zu verrechnen: an hour package without invoice and its Minus, each with the step that settles it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, 'Verrechna');
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Büro' });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 5,
    price_per_hour: 50,
    purchase_date: firstOfMonth(-1).iso,
  });
  await addEntry(request, token, customer.id, project.id, 6.75, firstOfMonth(-1).iso, 'stundenpakete', 'Ablage');

  await loginAsAdminInBrowser(page);
  await page.goto('/admin/quickbill/timetracking');
  const card = page.getByTestId(`to-bill-${customer.id}`);
  await expect(card).toContainText('Ohne Rechnung');
  await expect(card).toContainText(/Stundenpaket 5,00 h vom \d{2}\.\d{2}\.\d{4}, €\u00a0250,00/);
  await expect(card).toContainText('1,75 h mehr gebucht als Stundenpakete gekauft');
  await expect(card.getByRole('link', { name: 'Stundenpaket verkaufen' })).toHaveAttribute(
    'href',
    `/admin/customers/${customer.id}/stundenpakete`,
  );
  await screenshotBoth(page, 'to-bill');
  await page.getByText('Alle offenen Zeiteinträge', { exact: true }).click();
  await expect(page).toHaveURL(/ansicht=alle/);
  await expect(page.getByTestId(`billable-${customer.id}`)).toBeVisible();
  await page.getByText('Zu verrechnen', { exact: true }).click();

  await card.getByRole('button', { name: 'Rechnung erstellen' }).click();
  await expect(page).toHaveURL(/\/admin\/quickbill\/invoices\/\d+$/);
  await page.goto('/admin/quickbill/timetracking');
  await expect(page.getByTestId(`to-bill-${customer.id}`)).not.toContainText('Ohne Rechnung');
});
