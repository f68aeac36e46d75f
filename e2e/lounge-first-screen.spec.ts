import { expect, test } from '@playwright/test';
import { createCustomer, PASSWORD } from './dashboards-scenario';
import { adminToken, loginAsAdminThroughForm, loginAsCustomerThroughForm } from './fixtures/api';

// Decision 0415: how a returning customer's lounge loads. These are orderings and counts of
// requests, not timings.

test('a returning customer opens the lounge: one session check, one data request, the first content first, the rest after it', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const customer = await createCustomer(request, token, 'Frieda');
  await loginAsCustomerThroughForm(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Zu Diensten, Frieda.' })).toBeVisible();

  // When the greeting first appears, on the browser's own clock (the same as its resource timings).
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (document.body?.textContent?.includes('Zu Diensten, Frieda.')) {
        Object.assign(window, {
          greetingAt: performance.now(),
          // The lounge puts its first content on screen before it renders the rest.
          restWithGreeting: document.body.textContent.includes('Keine Stunden verfügbar'),
        });
        seen.disconnect();
      }
    });
    seen.observe(document, { childList: true, subtree: true, characterData: true });
  });
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zu Diensten, Frieda.' })).toBeVisible();

  // The toast host and the session-timeout dialog come once the first screen is in
  // (at the latest six seconds after the start).
  const started = (file: string) =>
    page.evaluate(
      (prefix) =>
        performance
          .getEntriesByType('resource')
          .find((entry) => new URL(entry.name).pathname.startsWith(`/assets/${prefix}`))?.startTime ?? null,
      file,
    );
  await expect.poll(() => started('toast-host-'), { timeout: 10_000 }).not.toBeNull();
  await expect.poll(() => started('session-timeout-dialog-'), { timeout: 10_000 }).not.toBeNull();
  const { greetingAt, restWithGreeting } = await page.evaluate(() => {
    const seen = window as unknown as { greetingAt?: number; restWithGreeting?: boolean };
    return { greetingAt: seen.greetingAt, restWithGreeting: seen.restWithGreeting };
  });
  expect(greetingAt).toBeDefined();
  expect(restWithGreeting).toBe(false);
  await expect(page.getByText('Keine Stunden verfügbar')).toBeVisible();
  expect(await started('toast-host-')).toBeGreaterThan(greetingAt!);
  expect(await started('session-timeout-dialog-')).toBeGreaterThan(greetingAt!);

  // The early script's session check and data request are the ones the app uses.
  expect(await started('early-requests-')).not.toBeNull();
  const dashboardCalls = apiCalls.filter((call) => call === `GET /api/customers/${customer.id}/dashboard`);
  const sessionChecks = apiCalls.filter((call) => call === 'POST /api/auth/validate-token');
  expect(dashboardCalls).toHaveLength(1);
  expect(sessionChecks).toHaveLength(1);
});

test('a toast raised before the toast host has arrived is shown when it arrives', async ({ page, request }) => {
  const token = await adminToken(request);
  const customer = await createCustomer(request, token, 'Gerda');
  await loginAsCustomerThroughForm(page, customer.email, PASSWORD);
  // The host's script is held back until the toast has been raised.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route('**/assets/toast-host-*.js', async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/customer/account');
  const toggle = page.getByRole('switch', { name: 'E-Mail, wenn mein Guthaben knapp wird' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  await expect.poll(() => asked).toBe(true);
  await expect(page.getByText('Deine Benachrichtigungen sind gespeichert')).toHaveCount(0);
  release();
  await expect(page.getByText('Deine Benachrichtigungen sind gespeichert')).toBeVisible();
});

test('a page whose code cannot be downloaded shows the German error page, and a reload brings it', async ({ page }) => {
  await loginAsAdminThroughForm(page);
  let refuse = true;
  await page.route('**/assets/audit-page-*.js', (route) => (refuse ? route.abort() : route.continue()));
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Da ist etwas schiefgelaufen' })).toBeVisible();
  refuse = false;
  await page.getByRole('button', { name: 'Seite neu laden' }).click();
  await expect(page.getByRole('heading', { name: 'Protokoll' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Da ist etwas schiefgelaufen' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/audit$/);
});
