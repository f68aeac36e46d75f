import { MONTH_NAMES } from '@butler/contract/format';
import { expect, test } from '@playwright/test';
import { addEntry, firstOfMonth, sellButlerPaket, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, signOutInBrowser } from './fixtures/api';
import { turnToPageOf } from './fixtures/paging';
import { createCustomer } from './quickbill-helpers';

/**
 * The walk's overdrawn customer (decision 0742): 10 h a month, the two months before used
 * 7 h beyond their hours, this month 1 h. The month's rest is 9 h, but 2 h can be used: the
 * lounge, the customer page, Knappes Guthaben and the time-entry dialog all say 2,00 h, and
 * the overuse in words; no "9,00" anywhere.
 */
test('an overdrawn customer reads one figure everywhere', async ({ page, request }) => {
  const token = await adminToken(request);
  const customer = await createCustomer(request, token, `Überzug${Date.now().toString(36)}`);
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  await sellButlerPaket(request, token, customer.id, {
    label: 'Classic',
    monthlyHours: 10,
    startDate: firstOfMonth(-2).iso,
  });
  const add = (hours: number, date: string) =>
    addEntry(request, token, customer.id, project.id, hours, date, 'abos', 'Unterlagen sortiert');
  await add(15, firstOfMonth(-2).iso); // −5
  await add(12, firstOfMonth(-1).iso); // −2: 7 h overused before this month
  await add(1, viennaToday().iso); // 10 − 1 − 7 = 2 h usable (the month's rest would be 9 h)

  await test.step('the lounge: the ring, the sum under it, the banner', async () => {
    await loginAsCustomerInBrowser(page, customer.email, 'Kunden-Passwort-123');
    const card = page.getByTestId('subscription-card');
    await expect(card.getByTestId('subscription-ring-amount')).toHaveText('2,00h');
    await expect(card.getByText('Jetzt verfügbar').first()).toBeVisible();
    await expect(card.getByTestId('usable-hours-carried')).toHaveText('−7,00 h');
    await expect(card.getByTestId('usable-now')).toContainText('Mehrverbrauch der Vormonate');
    await expect(card.getByTestId('usable-hours-butler')).toHaveText('2,00 h');
    await expect(card.getByTestId('usable-hours-explained')).toContainText('„Jetzt verfügbar“ sind alle Stunden');
    await expect(card).not.toContainText('9,00');
    // 2 h ≤ 20 % of 10 h: low, by the same figure.
    await expect(page.getByTestId('low-balance-banner')).toContainText('Du hast jetzt noch 2,00 h verfügbar.');
    await signOutInBrowser(page);
  });

  await test.step('the customer page: header and Stundenübersicht', async () => {
    await loginAsAdminInBrowser(page);
    await page.goto(`/admin/customers/${customer.id}`);
    await expect(page.getByTestId('usable-hours-figure')).toHaveText('2,00\u00a0h');
    await expect(page.getByTestId('usable-hours')).toContainText('Mehrverbrauch aus den Vormonaten');
    await expect(page.getByTestId('customer-header')).not.toContainText('9,00');
    await expect(page.getByTestId('subscription-ring-amount')).toHaveText('2,00h');
  });

  await test.step('the time-entry dialog names the period of the work date', async () => {
    await page.getByRole('button', { name: 'Zeit erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
    const balance = dialog.getByTestId('time-entry-balance');
    const now = MONTH_NAMES[firstOfMonth(0).month - 1];
    await expect(balance).toContainText(`ButlerPaket ${now}: noch 2,00 h verfügbar`);
    const last = firstOfMonth(-1);
    const lastDay = `${String(new Date(Date.UTC(last.year, last.month, 0)).getUTCDate())}.${String(last.month).padStart(2, '0')}.${last.year}`;
    await dialog.getByRole('textbox', { name: 'Datum' }).fill(lastDay);
    await dialog.getByRole('textbox', { name: 'Datum' }).press('Tab');
    const lastName = MONTH_NAMES[last.month - 1] + (last.year === firstOfMonth(0).year ? '' : ` ${last.year}`);
    await expect(balance).toContainText(`ButlerPaket ${lastName}: noch 2,00 h verfügbar`);
    await page.keyboard.press('Escape');
  });

  await test.step('Knappes Guthaben', async () => {
    await page.goto('/admin/dashboard');
    const list = page.getByTestId('low-balance-list');
    // Ten rows per page (decision 0405): the suite's other customers may come first.
    await turnToPageOf(list, request, token, '/api/admin/low-balances', (r) => r.customer_id === customer.id, 10);
    const row = list.getByRole('row').filter({ hasText: customer.name });
    await expect(row.getByTestId('low-balance-usable')).toContainText('2,00 h');
    await expect(row).toContainText('abzüglich 7,00 h Mehrverbrauch aus den Vormonaten');
    await expect(row).not.toContainText('9,00');
  });
});
