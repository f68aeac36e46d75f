import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsCustomerThroughForm, uniqueEmail } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

const PASSWORD = 'Kunden-Passwort-1';

async function createCustomer(request: Parameters<typeof adminToken>[0], overrides: Record<string, unknown> = {}) {
  const token = await adminToken(request);
  const email = uniqueEmail('lounge');
  const customer = await apiCall(request, token, 'POST', '/api/customers', {
    first_name: 'Theresa',
    last_name: 'Wallner',
    email,
    password: PASSWORD,
    ...overrides,
  });
  return { token, email, customer };
}

test.describe('customer login and shell', () => {
  test('a customer logs in with e-mail (any case), sees the lounge shell and logs out', async ({ page, request }) => {
    const { email } = await createCustomer(request);
    await page.goto('/');
    await page.getByLabel('E-Mail').fill(email.toUpperCase());
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
    const submit = page.getByRole('button', { name: 'Anmelden' });
    await submit.click();
    await page.waitForURL('**/customer/dashboard');
    await expect(page.getByTestId('top-bar-user')).toHaveText('Theresa Wallner');
    // Customers see no back-office navigation.
    await expect(page.getByRole('link', { name: 'KUNDEN' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Einstellungen' })).toHaveCount(0);
    const stored = await page.evaluate(() => ({
      user: localStorage.getItem('user'),
      userType: localStorage.getItem('userType'),
      token: localStorage.getItem('token'),
      sessionTimestamp: localStorage.getItem('sessionTimestamp'),
    }));
    expect(stored.userType).toBe('customer');
    expect(JSON.parse(stored.user!).first_name).toBe('Theresa');
    expect(stored.token?.length).toBeGreaterThan(30);
    expect(Number(stored.sessionTimestamp)).toBeGreaterThan(Date.now() - 60_000);
    await screenshotBoth(page, 'shell-customer');

    // The logo leads to the customer's dashboard; '/' forwards a logged-in customer there.
    await page.goto('/');
    await expect(page).toHaveURL(/\/customer\/dashboard$/);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/customer/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('wrong password: the server text; the button shows the busy text meanwhile', async ({ page, request }) => {
    const { email } = await createCustomer(request);
    await page.goto('/');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('falsch-falsch');
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('button', { name: 'Anmeldung läuft...' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch');
  });

  test('empty fields are refused before any call', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Bitte E-Mail-Adresse und Passwort eingeben');
  });

  test('a deactivated customer is refused with the German text', async ({ page, request }) => {
    const { email, token, customer } = await createCustomer(request);
    await apiCall(request, token, 'PUT', `/api/customers/${customer.id}`, { is_active: false });
    await page.goto('/');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ihr Konto ist deaktiviert');
  });

  test('customers are sent away from admin routes and admin-only customer routes', async ({ page, request }) => {
    const { email, customer } = await createCustomer(request);
    await loginAsCustomerThroughForm(page, email, PASSWORD);
    await page.goto('/admin/customers');
    await expect(page).toHaveURL(/\/admin\/login$/);
    // Redirected to '/', which forwards a logged-in customer to the own dashboard.
    await page.goto(`/admin/customers/${customer.id}/time-entries/butler-packages`);
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
  });

  test('"Mitarbeiter? Hier anmelden" under the form leads to the staff login (decision 0756)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Mitarbeiter? Hier anmelden' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a 401 on any call clears the session and shows the login page', async ({ page, request }) => {
    const { email } = await createCustomer(request);
    await loginAsCustomerThroughForm(page, email, PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('customer inactivity warning comes after 13 minutes (15-minute timeout)', async ({ page, request }) => {
    const { email } = await createCustomer(request);
    await page.clock.install();
    await loginAsCustomerThroughForm(page, email, PASSWORD);
    // Let the page finish loading (the dialog's code arrives after the first render) before time jumps.
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(12 * 60_000);
    await expect(page.getByRole('dialog', { name: 'Session läuft ab' })).toBeHidden();
    // Activity resets the timer.
    await page.mouse.move(200, 200);
    await page.clock.runFor(12 * 60_000);
    await expect(page.getByRole('dialog', { name: 'Session läuft ab' })).toBeHidden();
    await page.clock.runFor(61_000 + 1000);
    await expect(page.getByRole('dialog', { name: 'Session läuft ab' })).toBeVisible();
  });

  test('the top bar becomes fixed after scrolling more than 20 px', async ({ page, request }) => {
    const { email } = await createCustomer(request);
    await loginAsCustomerThroughForm(page, email, PASSWORD);
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    const bar = page.getByTestId('top-bar');
    await expect(bar).not.toHaveAttribute('data-fixed');
    await page.evaluate(() => window.scrollTo(0, 15));
    await page.waitForFunction(() => window.scrollY === 15);
    // Two frames for the observer to answer, then the bar must still be in the flow.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(bar).not.toHaveAttribute('data-fixed');
    await page.mouse.wheel(0, 200);
    await expect(bar).toHaveAttribute('data-fixed', 'true');
    await expect(bar).toHaveCSS('position', 'fixed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).not.toHaveAttribute('data-fixed');
    await expect(bar).toHaveCSS('position', 'relative');
  });
});
