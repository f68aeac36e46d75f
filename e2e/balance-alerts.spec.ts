import { expect, test } from '@playwright/test';
import { addEntry, createCustomer, firstOfMonth, PASSWORD, sellButlerPaket, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, signOutInBrowser } from './fixtures/api';
import { turnToPageOf } from './fixtures/paging';
import { screenshotBoth, WRITE_SCREENSHOTS } from './fixtures/screenshots';

test('low balance: the lounge banner, the mail, "Knappes Guthaben", the settings and the opt-out', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  // A name of its own, so a retry (or another spec's Greta) never shares the dashboard row.
  const firstName = `Greta-${Date.now().toString(36).slice(-4)}`;
  const customer = await createCustomer(request, token, firstName);
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Büro' });
  await sellButlerPaket(request, token, customer.id, {
    label: 'Knapp',
    monthlyHours: 10,
    // From this month: no unused hours carried over, so 8,5 of 10 h leave 1,5 h usable (decisions 0623, 0742).
    startDate: firstOfMonth(0).iso,
  });
  await addEntry(request, token, customer.id, project.id, 8.5, viennaToday().iso, 'abos', 'Ablage sortiert');

  // Staff: the settings card, the dashboard list, the customer's mail in the Postausgang.
  await loginAsAdminInBrowser(page);
  const list = page.getByTestId('low-balance-list');
  await expect(list.getByRole('heading', { name: 'Knappes Guthaben' })).toBeVisible();
  // Ten rows per page (decision 0405): the suite's other customers may come before Greta.
  const isGreta = (r: { customer_id: number }) => r.customer_id === customer.id;
  await turnToPageOf(list, request, token, '/api/admin/low-balances', isGreta, 10);
  const row = list.getByRole('row').filter({ hasText: `${firstName} Testkundin` });
  await expect(row.getByText(/: 8,50 h von 10,00 h$/)).toBeVisible();
  // The one figure (decision 0742), the same as the banner's.
  await expect(row.getByTestId('low-balance-usable')).toContainText('1,50 h');
  await screenshotBoth(page, 'balance-alerts-dashboard');
  await page.goto('/admin/settings');
  const settings = page.getByRole('region', { name: 'Guthaben-Hinweise' });
  await settings.scrollIntoViewIfNeeded();
  await expect(settings.getByLabel('ButlerPaket: Hinweis ab')).toHaveValue('80\u00a0%', { timeout: 20_000 });
  await expect(settings.getByLabel('Tägliche Übersicht an Mitarbeiter')).toBeChecked();
  await settings.scrollIntoViewIfNeeded();
  if (WRITE_SCREENSHOTS) await settings.screenshot({ path: 'screenshots/balance-alerts-settings-desktop.png' });
  await page.goto(`/admin/outbox`);
  await expect(
    page.getByRole('row').filter({ hasText: 'Dein Guthaben wird knapp' }).filter({ hasText: customer.email }).first(),
  ).toBeVisible({ timeout: 15_000 });

  // Customer: the calm banner, and the opt-out in Mein Konto.
  await signOutInBrowser(page);
  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  const banner = page.getByTestId('low-balance-banner');
  await expect(banner.getByText('Dein Guthaben wird knapp')).toBeVisible();
  await expect(banner.getByText('Du hast jetzt noch 1,50 h verfügbar.')).toBeVisible();
  await screenshotBoth(page, 'balance-alerts-lounge');
  await banner.getByRole('button', { name: 'Mein BUTLER kontaktieren' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/customer/account');
  const toggle = page.getByRole('switch', { name: 'E-Mail, wenn mein Guthaben knapp wird' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText('Deine Benachrichtigungen sind gespeichert')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await screenshotBoth(page, 'balance-alerts-account');
  const prefs = await apiCall(request, token, 'GET', `/api/customers/${customer.id}/notification-preferences`);
  expect(prefs).toEqual({ balance_alert_mails: false, statement_mails: true, order_mails: true });
});
