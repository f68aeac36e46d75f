import { expect, test } from '@playwright/test';
import {
  adminToken,
  apiCall,
  apiLogin,
  loginAsAdminThroughForm,
  loginAsCustomerThroughForm,
  uniqueEmail,
} from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

const PASSWORD = 'Kunden-Passwort-1';
const NEW_PASSWORD = 'Neues-Lounge-Kennwort-7';

async function createCustomer(request: Parameters<typeof adminToken>[0], lastName = 'Moser') {
  const token = await adminToken(request);
  const email = uniqueEmail('konto');
  const customer = await apiCall(request, token, 'POST', '/api/customers', {
    first_name: 'Johanna',
    last_name: lastName,
    email,
    password: PASSWORD,
  });
  return { token, email, customer };
}

const validates = async (request: Parameters<typeof adminToken>[0], token: string) =>
  (await request.post('/api/auth/validate-token', { headers: { authorization: `Bearer ${token}` } })).status();

test.describe('Mein Konto in the lounge', () => {
  test('a customer changes the password; every other session ends', async ({ page, request }) => {
    const { email } = await createCustomer(request);
    const otherDevice = (await apiLogin(request, 'customer', email, PASSWORD)).token;
    await loginAsCustomerThroughForm(page, email, PASSWORD);
    await page.getByRole('link', { name: 'Mein Konto' }).first().click();
    await page.waitForURL('**/customer/account');
    await expect(page.getByRole('heading', { name: 'Mein Konto' })).toBeVisible();
    await expect(page.getByTestId('email-section')).toContainText(email);

    const form = page.getByRole('heading', { name: 'Passwort ändern' }).locator('xpath=ancestor::form');
    await form.getByRole('textbox', { name: 'Aktuelles Passwort', exact: true }).fill('falsches-passwort');
    await form.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('textbox', { name: 'Neues Passwort wiederholen', exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(form.getByText('Das aktuelle Passwort ist falsch')).toBeVisible();

    await form.getByRole('textbox', { name: 'Aktuelles Passwort', exact: true }).fill(PASSWORD);
    await form.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('passwort123');
    await form.getByRole('textbox', { name: 'Neues Passwort wiederholen', exact: true }).fill('passwort123');
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(form.getByText(/Liste häufig verwendeter oder gestohlener Passwörter/)).toBeVisible();

    await form.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('textbox', { name: 'Neues Passwort wiederholen', exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByText('Passwort geändert. Alle anderen Anmeldungen wurden beendet.')).toBeVisible();
    expect(await validates(request, otherDevice)).toBe(401);
    // This browser stays signed in; the new password works, the old one not.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mein Konto' })).toBeVisible();
    expect(
      (await request.post('/api/auth/login', { data: { email, password: PASSWORD, user_type: 'customer' } })).status(),
    ).toBe(401);
    await apiLogin(request, 'customer', email, NEW_PASSWORD);
  });

  test('a customer sees in "Zugriffe" when a staff member revealed one of their passwords', async ({
    page,
    request,
  }) => {
    const { token, email, customer } = await createCustomer(request);
    const categories = await apiCall(request, token, 'GET', '/api/wiki/categories');
    const category =
      categories.find((c: any) => c.allow_encryption) ??
      (await apiCall(request, token, 'POST', '/api/wiki/categories', {
        name: 'Passwörter',
        icon: 'lock',
        allow_encryption: true,
      }));
    const entry = await apiCall(request, token, 'POST', '/api/wiki/entries', {
      customer_id: customer.id,
      category_id: category.id,
      title: 'Router zu Hause',
      content: 'Sehr-geheim-42',
      username: 'admin',
      is_password_entry: true,
    });
    await loginAsCustomerThroughForm(page, email, PASSWORD);
    await page.goto('/customer/account');
    const section = page.getByTestId('reveals-section');
    await expect(section.getByRole('heading', { name: 'Zugriffe auf deine Zugangsdaten' })).toBeVisible();
    await expect(section).toContainText('Bisher hat niemand eines deiner Passwörter angezeigt.');
    await apiCall(request, token, 'GET', `/api/wiki/entries/${entry.id}?decrypt_passwords=true`);
    await page.reload();
    await expect(section.getByTestId('reveal-row')).toHaveCount(1);
    await expect(section.getByTestId('reveal-row')).toContainText('Lisa Berger hat „Router zu Hause“ angezeigt');
    await expect(section).not.toContainText('Sehr-geheim-42');
    await screenshotBoth(page, 'lounge-mein-konto');
  });
});

test.describe('Konto & Sicherheit, Protokoll', () => {
  test('staff see their signed-in devices and end another one', async ({ page, request }) => {
    const other = (await apiLogin(request, 'admin', 'admin', 'e2e-Admin-Passwort!')).token;
    await loginAsAdminThroughForm(page);
    await page.getByTestId('top-bar-user').click();
    await page.waitForURL('**/admin/account');
    const devices = page.getByTestId('devices-card');
    await expect(devices.getByText('Dieses Gerät')).toBeVisible();
    await expect(devices.getByTestId('device-row').first()).toContainText('127.0.0.1');
    await screenshotBoth(page, 'admin-konto-sicherheit');
    await devices.getByRole('button', { name: 'Alle anderen abmelden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByText('Alle anderen Geräte abgemeldet')).toBeVisible();
    await expect(devices.getByTestId('device-row')).toHaveCount(1);
    expect(await validates(request, other)).toBe(401);
  });

  test('the Protokoll filters by customer and action and downloads CSV', async ({ page, request }) => {
    const { token, customer } = await createCustomer(request, 'Protokollhuber');
    for (const name of ['Erste', 'Zweite']) {
      await apiCall(request, token, 'PUT', `/api/customers/${customer.id}`, { company: `${name} GmbH` });
    }
    await loginAsAdminThroughForm(page);
    await page.goto('/admin/settings');
    await page.getByTestId('staff-card').getByRole('link', { name: 'Protokoll' }).click();
    await page.waitForURL('**/admin/audit');
    await expect(page.getByTestId('audit-list')).toBeVisible();
    await page.getByRole('combobox', { name: 'Kunde' }).fill('Protokollhuber');
    await page.getByRole('option', { name: /Johanna Protokollhuber/ }).click();
    await page.getByRole('combobox', { name: 'Aktion' }).click();
    await page.getByRole('option', { name: 'Geändert', exact: true }).click();
    const list = page.getByTestId('audit-list');
    await expect(list).toContainText('Zweite GmbH');
    // The filters live in the address (decision 0660): a reload shows the same list, Back the previous filter.
    await expect(page).toHaveURL(new RegExp(`/admin/audit\\?kunde=${customer.id}&aktion=update$`));
    await page.reload();
    await expect(list).toContainText('Zweite GmbH');
    await expect(list).not.toContainText('Angelegt');
    await expect(page.getByRole('combobox', { name: 'Aktion' })).toHaveValue('Geändert');
    await expect(page.getByRole('combobox', { name: 'Kunde' })).toHaveValue(/Johanna Protokollhuber/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/admin/audit\\?kunde=${customer.id}$`));
    await expect(page.getByRole('combobox', { name: 'Aktion' })).toHaveValue('');
    await expect(list).toContainText('Angelegt');
    // A link with filters opens the filtered list; values the Protokoll cannot read are no filter, not an error.
    // A page past the end shows the last page.
    await page.goto(`/admin/audit?kunde=${customer.id}&aktion=update&art=Kein%20Typ&von=2026-02-30&seite=99`);
    await expect(list).toContainText('Zweite GmbH');
    await expect.poll(() => new URL(page.url()).searchParams.get('seite')).toBeNull();
    await expect(list).not.toContainText('Angelegt');
    await expect(page.getByRole('textbox', { name: 'Von' })).toHaveValue('');
    // The customer's Datenschutz tab links to the Protokoll filtered by the customer.
    await page.goto(`/admin/customers/${customer.id}/datenschutz`);
    await page.getByRole('link', { name: 'Protokoll des Kunden' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/audit\\?kunde=${customer.id}$`));
    await expect(list).toContainText('Zweite GmbH');
    await expect(list).toContainText('Angelegt');
    await expect(page.getByRole('combobox', { name: 'Kunde' })).toHaveValue(/Johanna Protokollhuber/);
    await expect(list).not.toContainText('argon2');
    await screenshotBoth(page, 'admin-protokoll');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^protokoll-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
