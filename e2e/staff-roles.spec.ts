import { expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { createCustomer, saveProviderSettings } from './quickbill-helpers';

/**
 * Decision 0540: a Butler sees and works only with the customers they look after, reveals
 * passwords only where the category allows it; Buchhaltung invoices but has no wiki; a
 * role the Inhaber changes holds at once, without signing in again.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** The answer of an API call made with the page's own session (what a curious user could try). */
async function fetchAsPage(page: Page, url: string) {
  return page.evaluate(async (target) => {
    const res = await fetch(target, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: res.status, body: await res.json() };
  }, url);
}

test('a Butler sees their two customers, books time, reveals where allowed and is refused elsewhere', async ({
  page,
  request,
}) => {
  const owner = await adminToken(request);
  const suffix = Date.now().toString(36);
  const butler = await createStaff(request, 'butler', `Bruno Betreuer ${suffix}`);
  const mine = [
    await createCustomer(request, owner, `Amsel${suffix}`),
    await createCustomer(request, owner, `Buchfink${suffix}`),
  ];
  const other = await createCustomer(request, owner, `Zeisig${suffix}`);
  for (const c of [...mine, other]) {
    await apiCall(request, owner, 'POST', `/api/customers/${c.id}/projects`, { name: 'Haus und Garten' });
    await apiCall(request, owner, 'POST', `/api/customers/${c.id}/hour-packages`, { hours: 10, price_per_hour: 60 });
  }
  for (const c of mine)
    await apiCall(request, owner, 'PUT', `/api/customers/${c.id}/staff`, { staff_ids: [butler.id] });
  const category = (name: string, butlerMayReveal: boolean) =>
    apiCall(request, owner, 'POST', '/api/wiki/categories', {
      name: `${name} ${suffix}`,
      icon: '🔑',
      allows_encryption: true,
      butler_may_reveal: butlerMayReveal,
    });
  const house = await category('Haus-Zugänge', true);
  const bank = await category('Bankzugänge', false);
  const secret = (categoryId: number, title: string, content: string) =>
    apiCall(request, owner, 'POST', '/api/wiki/entries', {
      customer_id: mine[0].id,
      category_id: categoryId,
      title,
      username: 'familie',
      content,
      is_password_entry: true,
    });
  await secret(house.id, 'Alarmanlage', '4711-Sonne');
  const banking = await secret(bank.id, 'Online-Banking', 'Geheim-Bank-99');

  await staffLoginInBrowser(page, butler.username, '/admin/dashboard');
  await expect(nav(page).getByRole('link', { name: 'KUNDEN' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'WIKI' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'QUICKBILL' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Einstellungen' })).toHaveCount(0);

  await test.step('the customer list holds their two customers only', async () => {
    await page.goto(`/admin/customers`);
    await page.getByRole('textbox', { name: 'Suche' }).fill(suffix);
    await expect(page.getByText(mine[0].name).first()).toBeVisible();
    await expect(page.getByText(mine[1].name).first()).toBeVisible();
    await expect(page.getByText(other.name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Neuer Kunde' })).toHaveCount(0);
    expect((await fetchAsPage(page, `/api/customers/${other.id}`)).status).toBe(403);
  });

  await test.step('books time for one of them', async () => {
    await page.goto(`/admin/customers/${mine[0].id}/view`);
    await expect(page.getByTestId('customer-staff')).toContainText(butler.name);
    await page.getByRole('button', { name: 'Zeit erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
    await dialog.getByRole('combobox', { name: 'Projekt' }).click();
    await page.getByRole('option', { name: 'Haus und Garten' }).click();
    await dialog.getByRole('textbox', { name: 'Stunden' }).fill('1,5');
    await dialog.getByRole('textbox', { name: 'Aktivität' }).fill('Hecke geschnitten');
    await dialog.getByRole('radio', { name: 'Stundenpaket' }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
    await expect(page.getByText('Hecke geschnitten').first()).toBeVisible();
  });

  await test.step('reveals a password where the category allows it, is refused elsewhere', async () => {
    await page.goto(`/admin/wiki?customer=${mine[0].id}&category=${house.id}`);
    const alarm = page.getByRole('article', { name: 'Alarmanlage' });
    await alarm.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(alarm.getByTestId('secret-password')).toHaveText('4711-Sonne');
    await page.goto(`/admin/wiki?customer=${mine[0].id}&category=${bank.id}`);
    const banking_ = page.getByRole('article', { name: 'Online-Banking' });
    // The refusal names who can open the category, as it really works (decision 0762).
    await expect(banking_.getByTestId('secret-not-allowed')).toHaveText(
      'Die gespeicherten Passwörter dieser Kategorie sind für Butler gesperrt. Freigeben kann sie, wer die Wiki-Kategorien verwaltet (Inhaber oder Büro): Wiki → Kategorien → „Butler dürfen Passwörter anzeigen“.',
    );
    await expect(banking_.getByRole('button', { name: 'Anzeigen' })).toHaveCount(0);
    const refused = await fetchAsPage(page, `/api/wiki/entries/${banking.id}?decrypt_passwords=true`);
    expect(refused).toEqual({
      status: 403,
      body: {
        error:
          'Die gespeicherten Passwörter dieser Kategorie sind für Butler gesperrt. Freigeben kann sie, wer die Wiki-Kategorien verwaltet (Inhaber oder Büro): Wiki → Kategorien → „Butler dürfen Passwörter anzeigen“.',
      },
    });
  });
});

test('Buchhaltung issues an invoice but cannot open the wiki', async ({ page, request }) => {
  const owner = await adminToken(request);
  await saveProviderSettings(request, owner);
  const accountant = await createStaff(request, 'accounting', `Berta Buchhaltung ${Date.now().toString(36)}`);
  const customer = await createCustomer(request, owner, `Rechnungsfink${Date.now().toString(36)}`);
  await apiCall(request, owner, 'POST', '/api/hour-packages', {
    customer_id: customer.id,
    hours: 5,
    price_per_hour: 70,
  });

  await staffLoginInBrowser(page, accountant.username, '/admin/quickbill');
  await expect(nav(page).getByRole('link', { name: 'QUICKBILL' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'WIKI' })).toHaveCount(0);

  await page.goto('/admin/quickbill/invoices/new');
  const picker = page.getByRole('combobox', { name: 'Kunde' });
  await picker.fill(customer.name.split(' ')[1].slice(0, 8));
  await page.getByRole('option', { name: new RegExp(customer.name) }).click();
  await page.getByRole('button', { name: 'Stundenpaket' }).click();
  await page.getByRole('button', { name: /^Stundenpaket vom .* verrechnen$/ }).click();
  await expect(page).toHaveURL(/\/admin\/quickbill\/invoices\/\d+$/);
  await page.goto(`${new URL(page.url()).pathname}/send`);
  await page.getByRole('button', { name: 'Jetzt senden' }).click();
  await expect(page.getByText('Versendet', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Rechnung \d{4}-\d{4}$/);

  await page.goto('/admin/wiki');
  await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  expect((await fetchAsPage(page, '/api/wiki/categories')).status).toBe(403);
});

test('an Inhaber changes a role and it holds at once', async ({ page, browser, request }) => {
  const office = await createStaff(request, 'office', `Olga Office ${Date.now().toString(36)}`);
  const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await theirs.newPage();
  await staffLoginInBrowser(other, office.username, '/admin/dashboard');
  await expect(nav(other).getByRole('link', { name: 'QUICKBILL' })).toBeVisible();

  await loginAsAdminInBrowser(page);
  await page.goto('/admin/settings');
  const card = page.getByTestId('staff-card');
  await card
    .getByRole('button', { name: `Aktionen für ${office.name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Rolle ändern' }).click();
  const dialog = page.getByRole('dialog', { name: `Rolle von ${office.name}` });
  await dialog.getByRole('combobox', { name: 'Rolle' }).click();
  await page.getByRole('option', { name: 'Butler' }).click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(`Rolle von ${office.name} gespeichert`)).toBeVisible();
  await expect(card.getByText('Butler · 0 Kunden').first()).toBeVisible();
  await screenshotBoth(page, 'staff-roles-list');

  // The same session, no new sign-in: the next click meets the new role.
  await nav(other).getByRole('link', { name: 'QUICKBILL' }).click();
  await expect(other.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  await expect(nav(other).getByRole('link', { name: 'QUICKBILL' })).toHaveCount(0);
  await theirs.close();
});

test('screens: the customer’s Betreuer and the category setting', async ({ page, request }) => {
  const owner = await adminToken(request);
  const butler = await createStaff(request, 'butler', `Bea Berger ${Date.now().toString(36)}`);
  const customer = await createCustomer(request, owner, `Betreuerin${Date.now().toString(36)}`);
  await loginAsAdminInBrowser(page);
  await page.goto('/admin/customers');
  await page.getByRole('textbox', { name: 'Suche' }).fill(customer.name.split(' ')[1]);
  await page
    .getByRole('button', { name: `${customer.name} bearbeiten` })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: 'Kunde bearbeiten' });
  await form.getByRole('combobox', { name: 'Betreuer' }).click();
  await page.getByRole('option', { name: new RegExp(butler.name) }).click();
  await form.getByRole('heading').first().click();
  await screenshotBoth(page, 'customer-betreuer-field');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form).toBeHidden();
  await page.goto(`/admin/customers/${customer.id}/view`);
  await expect(page.getByTestId('customer-staff')).toHaveText(`${butler.name} (Butler)`);

  await page.goto('/admin/wiki/categories');
  await page.getByRole('button', { name: 'Neue Kategorie' }).click();
  const category = page.getByRole('dialog', { name: 'Neue Kategorie' });
  await category.getByRole('textbox', { name: 'Name' }).fill(`Haustechnik ${Date.now().toString(36)}`);
  await category.getByRole('textbox', { name: 'Icon' }).fill('🔧');
  await category.getByRole('switch', { name: 'Verschlüsselung' }).check();
  await category.getByRole('switch', { name: 'Butler dürfen Passwörter anzeigen' }).check();
  await screenshotBoth(page, 'wiki-category-butler-reveal');
  await category.getByRole('button', { name: 'Kategorie erstellen' }).click();
  await expect(page.getByText('Butler: Passwörter sichtbar').first()).toBeVisible();
});
