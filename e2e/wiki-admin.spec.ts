import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

const SECRET = 'Geheim!Passwort-42';
const LOGIN = 'router-admin';
// Category names are unique; a suffix per run lets a Playwright retry create them again.
const RUN = Date.now().toString(36).slice(-4);
const ACCESS_CATEGORY = `Zugänge ${RUN}`;
const FILES_CATEGORY = `Unterlagen ${RUN}`;

async function seedCustomer(request: APIRequestContext, token: string, lastName: string) {
  return apiCall<{ id: number; name: string }>(request, token, 'POST', '/api/customers', {
    first_name: 'Helene',
    last_name: lastName,
    email: uniqueEmail('wiki'),
    company: 'Wallner KG',
    password: 'Kunden-Passwort-1',
  });
}

async function downloadBytes(page: Page, linkName: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: linkName }).first().click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

test.describe('wiki back office', () => {
  // Many steps and screenshots at two widths on a shared, slow machine.
  test.describe.configure({ timeout: 180_000 });

  test('encrypted category → password entry masked, revealed, copied, hidden; ?edit opens the dialog', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await adminToken(request);
    const customer = await seedCustomer(request, token, 'Passwortprobe');
    await loginAsAdminInBrowser(page);

    // Category with encryption, through the screen.
    await page.goto('/admin/wiki/categories');
    await page.getByRole('button', { name: 'Neue Kategorie' }).click();
    const catDialog = page.getByRole('dialog', { name: 'Neue Kategorie' });
    await catDialog.getByRole('button', { name: 'Kategorie erstellen' }).click();
    await expect(catDialog.getByRole('alert')).toHaveText('Bitte füllen Sie Name und Icon aus');
    await catDialog.getByRole('button', { name: 'Icon 🔑 wählen' }).click();
    await catDialog.getByRole('textbox', { name: 'Name' }).fill(ACCESS_CATEGORY);
    await catDialog.getByLabel('Beschreibung').fill('Zugangsdaten für Geräte und Konten.');
    await catDialog.getByRole('switch', { name: 'Verschlüsselung' }).check();
    await screenshotBoth(page, 'wiki-category-dialog');
    await catDialog.getByRole('button', { name: 'Kategorie erstellen' }).click();
    await expect(page.getByText('Kategorie erfolgreich erstellt')).toBeVisible();
    const card = page.getByRole('article', { name: ACCESS_CATEGORY });
    await expect(card.getByText('Verschlüsselung')).toBeVisible();
    await screenshotBoth(page, 'wiki-categories');

    // A password entry in it.
    await page.goto(`/admin/wiki?customer=${customer.id}`);
    await expect(page.getByTestId('wiki-customer-name')).toHaveText(customer.name);
    await page
      .getByRole('navigation', { name: 'Kategorien' })
      .getByRole('button', { name: new RegExp(ACCESS_CATEGORY) })
      .click();
    await expect(page).toHaveURL(/category=\d+/);
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Wiki-Eintrag' });
    await dialog.getByRole('button', { name: 'Eintrag erstellen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Bitte füllen Sie alle Pflichtfelder aus');
    await dialog.getByLabel('Titel').fill('Router Wohnzimmer');
    await dialog.getByLabel('Benutzername').fill(LOGIN);
    await dialog.getByRole('textbox', { name: 'Passwort', exact: true }).fill(SECRET);
    await screenshotBoth(page, 'wiki-password-dialog');
    await dialog.getByRole('button', { name: 'Eintrag erstellen' }).click();
    await expect(page.getByText('Wiki-Eintrag erfolgreich erstellt')).toBeVisible();
    // The dialog (and its form with the typed password) is gone once its close animation ends.
    await expect(dialog).toBeHidden();

    // Masked in the list; the secret is nowhere on the page.
    const entry = page.getByRole('article', { name: 'Router Wohnzimmer' });
    await expect(entry.getByTestId('secret-password')).toHaveText('••••••••');
    await expect(entry.getByTestId('secret-username')).toHaveText('••••••••');
    expect(await page.content()).not.toContain(SECRET);
    await screenshotBoth(page, 'wiki-customer');

    // Reveal, copy, hide.
    await entry.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(entry.getByTestId('secret-password')).toHaveText(SECRET);
    await expect(entry.getByTestId('secret-username')).toHaveText(LOGIN);
    await entry.getByRole('button', { name: 'Passwort kopieren' }).click();
    await expect(page.getByText('Passwort für "Router Wohnzimmer" kopiert')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SECRET);
    await entry.getByRole('button', { name: 'Benutzername kopieren' }).click();
    await expect(page.getByText('Benutzername für "Router Wohnzimmer" kopiert')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LOGIN);
    await entry.getByRole('button', { name: 'Verbergen' }).click();
    await expect(entry.getByTestId('secret-password')).toHaveText('••••••••');
    expect(await page.content()).not.toContain(SECRET);

    // Search from 2 characters finds it with customer and category.
    await page.getByRole('searchbox', { name: 'Wiki durchsuchen' }).fill('R');
    await expect(page.getByText('Bitte geben Sie mindestens 2 Zeichen ein.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Wiki durchsuchen' }).fill('Router');
    const hit = page.getByTestId('wiki-search-hit').filter({ hasText: 'Router Wohnzimmer' });
    await expect(hit).toContainText(`${customer.name} · ${ACCESS_CATEGORY}`);
    await screenshotBoth(page, 'wiki-search');

    // ?edit={id} opens the edit dialog (prefilled with the decrypted values) and leaves the address.
    const entries = await apiCall<{ id: number; title: string }[]>(
      request,
      token,
      'GET',
      `/api/wiki/entries?customer_id=${customer.id}`,
    );
    const id = entries.find((e) => e.title === 'Router Wohnzimmer')!.id;
    await page.goto(`/admin/wiki?customer=${customer.id}&edit=${id}`);
    const edit = page.getByRole('dialog', { name: 'Eintrag bearbeiten' });
    await expect(edit.getByLabel('Titel')).toHaveValue('Router Wohnzimmer');
    await expect(edit.getByLabel('Benutzername')).toHaveValue(LOGIN);
    await expect(page).not.toHaveURL(/edit=/);
    await expect(page).toHaveURL(new RegExp(`customer=${customer.id}`));
    await edit.getByLabel('Titel').fill('Router Wohnzimmer (neu)');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Wiki-Eintrag erfolgreich aktualisiert')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Router Wohnzimmer (neu)' })).toBeVisible();

    // Delete with confirmation.
    await page.getByRole('button', { name: 'Router Wohnzimmer (neu) löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eintrag löschen' });
    await expect(confirm).toContainText('Router Wohnzimmer (neu)');
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Wiki-Eintrag erfolgreich gelöscht')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Router Wohnzimmer (neu)' })).toHaveCount(0);
  });

  test('an entry with rich text and two files; both download byte-identical', async ({ page, request }) => {
    const token = await adminToken(request);
    const customer = await seedCustomer(request, token, 'Dateiprobe');
    const category = await apiCall<{ id: number }>(request, token, 'POST', '/api/wiki/categories', {
      name: FILES_CATEGORY,
      icon: '📁',
      description: 'Verträge und Polizzen',
      allows_files: true,
    });
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251)),
    ]);
    const text = Buffer.from('Übergabeprotokoll für die Wohnung in der Währinger Straße\n', 'utf8');

    await loginAsAdminInBrowser(page);
    await page.goto(`/admin/wiki?customer=${customer.id}&category=${category.id}`);
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Wiki-Eintrag' });
    await dialog.getByLabel('Titel').fill('Mietvertrag Wohnung');
    const editor = dialog.getByRole('textbox', { name: 'Inhalt' });
    await editor.click();
    await dialog.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type('Befristet');
    await dialog.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type(' bis Ende 2027.');
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'Mietvertrag Währinger Straße 2026.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'Übergabe.txt', mimeType: 'text/plain', buffer: text },
    ]);
    await expect(dialog.getByText('2 Datei(en) ausgewählt')).toBeVisible();
    await screenshotBoth(page, 'wiki-entry-dialog');
    await dialog.getByRole('button', { name: 'Eintrag erstellen' }).click();
    await expect(page.getByText('Wiki-Eintrag mit 2 Datei(en) erfolgreich erstellt')).toBeVisible();

    const entry = page.getByRole('article', { name: 'Mietvertrag Wohnung' });
    await expect(entry.locator('strong')).toHaveText('Befristet');
    const first = await downloadBytes(page, 'Mietvertrag Währinger Straße 2026.pdf herunterladen');
    expect(first.name).toBe('Mietvertrag Währinger Straße 2026.pdf');
    expect(first.bytes.equals(pdf)).toBe(true);
    const second = await downloadBytes(page, 'Übergabe.txt herunterladen');
    expect(second.name).toBe('Übergabe.txt');
    expect(second.bytes.equals(text)).toBe(true);
    await screenshotBoth(page, 'wiki-files');

    // The customer now leads the recent customers of the wiki dashboard.
    await page.goto('/admin/wiki');
    const recent = page.getByTestId('recent-customer').first();
    await expect(recent).toContainText(customer.name);
    await expect(recent).toContainText('1 Eintrag');
    await screenshotBoth(page, 'wiki-dashboard');
    await recent.click();
    await expect(page).toHaveURL(new RegExp(`customer=${customer.id}`));
    await page
      .getByRole('navigation', { name: 'Kategorien' })
      .getByRole('button', { name: /Unterlagen/ })
      .click();

    // Deleting a file from the edit dialog.
    await entry.getByRole('button', { name: 'Mietvertrag Wohnung bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Eintrag bearbeiten' });
    await expect(edit.getByRole('textbox', { name: 'Inhalt' })).toContainText('Befristet bis Ende 2027.');
    await screenshotBoth(page, 'wiki-edit-dialog');
    await edit.getByRole('button', { name: 'Übergabe.txt löschen' }).click();
    await page.getByRole('dialog', { name: 'Datei löschen' }).getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Datei erfolgreich gelöscht')).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Übergabe.txt löschen' })).toHaveCount(0);
  });
});
