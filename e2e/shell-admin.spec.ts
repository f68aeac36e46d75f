import { expect, test } from '@playwright/test';
import { loginAsAdminThroughForm } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { E2E_ADMIN } from './portals';

test.describe('admin login and shell', () => {
  test('admin login page shows the SPEC texts and links to the customer login', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await screenshotBoth(page, 'admin-login');
    await page.getByRole('link', { name: 'Sind Sie ein Kunde? Hier klicken' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('E-Mail')).toHaveAttribute('type', 'email');
    await screenshotBoth(page, 'customer-login');
  });

  test('wrong password shows the server text; show/hide toggles the password', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
    const password = page.getByRole('textbox', { name: 'Passwort', exact: true });
    await password.fill('falsch');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Passwort anzeigen oder verbergen' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch');
  });

  test('login, top bar navigation, redirect when already logged in, logout', async ({ page }) => {
    await loginAsAdminThroughForm(page);
    await expect(page.getByTestId('top-bar-user')).toHaveText(E2E_ADMIN.name);
    const topBar = page.getByTestId('top-bar');
    for (const [label, path] of [
      ['KUNDEN', '/admin/customers'],
      ['AUFTRÄGE', '/admin/auftraege'],
      ['WIKI', '/admin/wiki'],
      ['QUICKBILL', '/admin/quickbill'],
    ] as const) {
      await topBar.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(topBar.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
    await topBar.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await screenshotBoth(page, 'shell-admin');

    // Already logged in: the admin login page forwards to the dashboard.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // The stored session survives a reload (restored after validate-token).
    await page.reload();
    await expect(page.getByTestId('top-bar-user')).toHaveText(E2E_ADMIN.name);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    expect(stored).toBeNull();
    await page.goto('/admin/customers');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a logged-in admin who opens the customer login is logged out there', async ({ page }) => {
    await loginAsAdminThroughForm(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.goto('/');
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const res = await page.request.post('/api/auth/validate-token', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });

  test('a revoked token sends the user to the login page on the next call', async ({ page }) => {
    await loginAsAdminThroughForm(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    // Any API call now answers 401: the session is cleared and the login shows.
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('stored sessions older than 8 hours are not restored', async ({ page }) => {
    await loginAsAdminThroughForm(page);
    await page.evaluate(() => localStorage.setItem('sessionTimestamp', String(Date.now() - 8 * 3600_000 - 1000)));
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('unknown addresses show the German 404 page', async ({ page }) => {
    await page.goto('/gibt/es/nicht');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await screenshotBoth(page, 'not-found');
  });
});

test.describe('session timeout', () => {
  test('warns two minutes before the 30-minute admin timeout, extends, then logs out at zero', async ({ page }) => {
    await page.clock.install();
    await loginAsAdminThroughForm(page);
    // Let the page finish loading (the dialog's code and the dashboard's lazy parts arrive after
    // the first render) before time jumps: the idle timer starts when the shell is mounted.
    await expect(page.getByRole('region', { name: 'Kunden' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(27 * 60_000);
    await expect(page.getByRole('dialog', { name: 'Session läuft ab' })).toBeHidden();
    await page.clock.runFor(60_000 + 1000);
    const dialog = page.getByRole('dialog', { name: 'Session läuft ab' });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('session-countdown')).toHaveText(/^1:5\d$/);
    await screenshotBoth(page, 'session-dialog');
    await dialog.getByRole('button', { name: 'Session verlängern' }).click();
    await expect(dialog).toBeHidden();

    await page.clock.runFor(28 * 60_000 + 2000);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(121_000);
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('"Jetzt abmelden" logs out immediately', async ({ page }) => {
    await page.clock.install();
    await loginAsAdminThroughForm(page);
    // Let the page finish loading (the dialog's code and the dashboard's lazy parts arrive after
    // the first render) before time jumps: the idle timer starts when the shell is mounted.
    await expect(page.getByRole('region', { name: 'Kunden' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(28 * 60_000 + 2000);
    await page.getByRole('button', { name: 'Jetzt abmelden' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
