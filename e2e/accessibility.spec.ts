import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, seedScenario } from './dashboards-scenario';
import { adminToken, loginAsAdminInBrowser, loginAsCustomerInBrowser } from './fixtures/api';

/** UI.md: every screen passes axe-core with no serious or critical finding. */
async function expectNoSeriousViolations(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, `${screen}\n${serious.join('\n')}`).toEqual([]);
}

test.describe('accessibility (axe-core)', () => {
  test('login pages and 404', async ({ page }) => {
    for (const path of ['/', '/admin/login', '/gibt-es-nicht', '/passwort-vergessen', '/passwort-festlegen']) {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    }
  });

  test('customer lounge and deduction lists', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await adminToken(request);
    const { customer } = await seedScenario(request, token, 'Axel');
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
    await expect(page.getByText('Zu Diensten, Axel.')).toBeVisible();
    await expectNoSeriousViolations(page, '/customer/dashboard');
    for (const path of [
      '/customer/time-entries/butler-packages',
      '/customer/time-entries/hour-packages',
      '/customer/account',
    ]) {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    }
  });

  test('back-office screens', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await adminToken(request);
    const { customer } = await seedScenario(request, token, 'Berta');
    await loginAsAdminInBrowser(page);
    const screens = [
      '/admin/dashboard',
      '/admin/dashboard/monthly',
      '/admin/customers',
      `/admin/customer/${customer.id}/details`,
      `/admin/customers/${customer.id}/view`,
      `/admin/customers/${customer.id}/customer-view`,
      `/admin/customers/${customer.id}/time-entries/butler-packages`,
      '/admin/settings',
      '/admin/wiki',
      `/admin/wiki?customer=${customer.id}`,
      '/admin/wiki/categories',
      '/admin/projects',
      '/admin/quickbill',
      '/admin/quickbill/invoices',
      '/admin/quickbill/invoices/new',
      '/admin/quickbill/settings',
      '/admin/quickbill/products',
      '/admin/quickbill/timetracking',
      '/admin/account',
      '/admin/audit',
    ];
    for (const path of screens) {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    }
  });
});
