import { MONTH_NAMES } from '@butler/contract/format';
import { expect, test } from '@playwright/test';
import { adminToken, loginAsAdminInBrowser } from './fixtures/api';
import { expectNoSidewaysScroll } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

/**
 * Decision 0651: the overview's charts load after its figures, and each one gives its
 * values as a table: for screen readers always, for everyone with "Werte als Tabelle".
 */
test('the overview shows revenue, hours and receivables as charts with their values as tables', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, `Diagramm${Date.now().toString(36).slice(-5)}`);
  await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(0),
    dueDate: isoDay(14),
    price: 100,
    text: 'Begleitung',
  });

  await loginAsAdminInBrowser(page);
  const revenue = page.getByRole('region', { name: 'Verrechnet und bezahlt pro Monat' });
  await expect(revenue).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stunden verkauft und genutzt' })).toBeVisible();
  const receivables = page.getByRole('region', { name: 'Offene Forderungen nach Alter' });
  await expect(receivables).toContainText('offen in');

  // The values are in the page as a table before anyone asks (visually hidden).
  const now = new Date(`${isoDay(0)}T12:00:00`);
  const thisMonth = `${MONTH_NAMES[now.getMonth()]} ${now.getFullYear()}`;
  const row = revenue.getByRole('row', { name: new RegExp(`^${thisMonth}`) });
  await expect(row).toHaveCount(1);
  await expect(revenue.getByRole('row')).toHaveCount(13);

  await revenue.getByRole('switch', { name: 'Werte als Tabelle' }).press('Space');
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toContainText('€');
  await receivables.getByRole('switch', { name: 'Werte als Tabelle' }).press('Space');
  await expect(receivables.getByRole('row', { name: /^Nicht fällig/ })).toBeVisible();
  await expect(receivables.getByRole('row', { name: /^Über 90 Tage/ })).toBeVisible();

  await revenue.getByRole('switch', { name: 'Werte als Tabelle' }).press('Space');
  await receivables.getByRole('switch', { name: 'Werte als Tabelle' }).press('Space');
  await revenue.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'overview-charts');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});
