import { expect, test } from '@playwright/test';
import { loginAsAdminThroughForm } from './fixtures/api';

// Leaving a page while its session check is still on its way is not a failed check: the
// next page restores the same session.
test('leaving a page during its session check keeps the session', async ({ page }) => {
  await loginAsAdminThroughForm(page);
  let delayed = 0;
  await page.route('**/api/auth/validate-token', async (route) => {
    delayed += 1;
    if (delayed === 1) await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/admin/quickbill/timetracking');
  await expect.poll(() => delayed).toBe(1);
  await page.goto('/admin/quickbill/invoices');
  await expect(page.getByRole('heading', { name: 'Rechnungen' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/quickbill\/invoices$/);
});

test('a session check the server does not confirm still ends the session (SPEC: non-OK clears it)', async ({
  page,
}) => {
  await loginAsAdminThroughForm(page);
  await page.route('**/api/auth/validate-token', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"kaputt"}' }),
  );
  await page.goto('/admin/quickbill/invoices');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
