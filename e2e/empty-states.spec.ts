import { expect, test } from '@playwright/test';
import { loginAsAdminInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

// The "empty-states" project runs before every other spec (playwright.config.ts), on the
// portal as a new installation sees it: no invoices yet.
test('Quickbill on a new installation: the empty dashboard with every way in', async ({ page }) => {
  await loginAsAdminInBrowser(page);
  await page.goto('/admin/quickbill');
  await expect(page.getByText('Noch keine Rechnungen erstellt.')).toBeVisible();
  for (const name of ['Neue Rechnung', 'Einstellungen', 'Alle Rechnungen', 'Produkte verwalten', 'Zeiterfassung']) {
    await expect(page.getByRole('link', { name }).first()).toBeVisible();
  }
  await screenshotBoth(page, 'quickbill-dashboard-empty');
});
