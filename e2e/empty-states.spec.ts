import { expect, type Page, test } from '@playwright/test';
import { loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { dialog, expectToast, pickOption } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';

// The "empty-states" project runs before every other spec (playwright.config.ts), on the
// portal as a new installation sees it: no invoices, no customers, no company data yet.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function stepDone(page: Page, key: string) {
  await expect(page.getByTestId('first-steps').locator(`[data-step="${key}"]`)).toHaveAttribute('data-done', 'true');
}

test('first day: from an empty installation through "Erste Schritte" to a sent invoice', async ({ page }) => {
  test.setTimeout(240_000);
  await loginAsAdminInBrowser(page);

  await test.step('the first greeting, the checklist, no verdict on targets nobody set', async () => {
    // By display name, not username (decision 0622; the e2e portals' ADMIN_NAME).
    await expect(page.getByRole('heading', { name: 'Willkommen, Lisa Berger' })).toBeVisible();
    const card = page.getByTestId('first-steps');
    await expect(card).toContainText('0 von 7 erledigt');
    await expect(card.locator('[data-done="true"]')).toHaveCount(0);
    await expect(page.getByTestId('yearly-bar')).not.toContainText('Unter Ziel');
    await expect(page.getByTestId('set-targets')).toBeVisible();
    await screenshotBoth(page, 'first-day-dashboard-empty');
  });

  await test.step('Quickbill is empty and shows every way in', async () => {
    await page.goto('/admin/quickbill');
    await expect(page.getByText('Noch keine Rechnungen erstellt.')).toBeVisible();
    for (const name of ['Neue Rechnung', 'Rechnungseinstellungen', 'Alle Rechnungen', 'Produkte verwalten']) {
      await expect(page.getByRole('link', { name }).first()).toBeVisible();
    }
    await screenshotBoth(page, 'quickbill-dashboard-empty');
  });

  await test.step('company data: nothing prefilled, saving half of it names what is missing', async () => {
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: /Firmen- und Steuerdaten eintragen/ }).click();
    await expect(page).toHaveURL(/\/admin\/quickbill\/settings$/);
    await expect(page.getByRole('textbox', { name: 'Firmenname', exact: true })).toHaveValue('');
    await expect(page.getByTestId('issuer-missing')).toContainText('Firmenname, Straße, PLZ, Ort, UID-Nummer');
    await page.getByRole('textbox', { name: 'Firmenname', exact: true }).fill('Hausmeisterei Lindner e.U.');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expectToast(page, 'Einstellungen gespeichert. Für Rechnungen fehlen noch: Straße, PLZ, Ort, UID-Nummer');
    await expect(page.getByText('Pflichtangabe: bitte Ort ergänzen')).toBeVisible();
    await screenshotBoth(page, 'first-day-settings-missing');
    await page.getByRole('textbox', { name: 'Straße und Hausnummer', exact: true }).fill('Kärntner Straße 1');
    await page.getByRole('textbox', { name: 'PLZ', exact: true }).fill('1010');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Wien');
    await page.getByRole('textbox', { name: 'UID-Nummer', exact: true }).fill('ATU12345678');
    await page.getByRole('textbox', { name: 'IBAN', exact: true }).fill('AT61 1904 3002 3457 3201');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expectToast(page, 'Einstellungen gespeichert');
    await expect(page.getByTestId('issuer-missing')).toHaveCount(0);
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Aktuelles Logo' })).toBeVisible();
  });

  await test.step('the brand: an accent without contrast is refused in German, a good one shows at once', async () => {
    const accent = page.getByRole('textbox', { name: 'Akzentfarbe' });
    await accent.fill('#8b0000');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(
      page.getByText(/^Zu wenig Kontrast: #8b0000 hat auf dem dunkelblauen Kopfbereich nur/).first(),
    ).toBeVisible();
    await accent.fill('#f4a261');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expectToast(page, 'Einstellungen gespeichert');
    await expect(page.getByTestId('top-bar')).toContainText('Hausmeisterei Lindner e.U.');
    await screenshotBoth(page, 'first-day-settings-brand');
    // The pre-rendered login follows without a rebuild: a visitor's first HTML already says it.
    const visitor = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const login = await visitor.newPage();
    await login.goto('/');
    await expect(login.getByText('Hausmeisterei Lindner e.U.').first()).toBeVisible();
    const html = await (await login.request.get('/')).text();
    expect(html).toContain('data-brand-name="true">Hausmeisterei Lindner e.U.<');
    expect(html).toContain('--brand-accent:#f4a261');
    await screenshotBoth(login, 'first-day-login-brand');
    await visitor.close();
  });

  await test.step('the checklist ticked company, bank and logo off by itself', async () => {
    await page.goto('/admin/dashboard');
    for (const key of ['company', 'bank', 'logo']) await stepDone(page, key);
    await expect(page.getByTestId('first-steps')).toContainText('3 von 7 erledigt');
  });

  const last = `Erstkundin${Date.now().toString(36)}`;
  await test.step('"Neues ButlerPaket" without templates leads to creating one', async () => {
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: 'Neuer Kunde' }).click();
    const form = dialog(page, 'Neuer Kunde');
    await expect(form.getByLabel('Geburtsdatum')).toHaveValue('');
    await form.getByLabel('Vorname').fill('Erna');
    await form.getByLabel('Nachname').fill(last);
    await form.getByLabel('E-Mail').fill(uniqueEmail('erna'));
    await form.getByLabel(/^Passwort/).fill('Sicher-Passwort-1');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expectToast(page, 'Kunde erfolgreich angelegt');
    await page.getByRole('tab', { name: 'ButlerPakete' }).click();
    await page
      .getByRole('button', { name: /Neues ButlerPaket/ })
      .first()
      .click();
    const sell = dialog(page, 'Neues ButlerPaket');
    await expect(sell.getByTestId('no-templates')).toBeVisible();
    await screenshotBoth(page, 'first-day-no-templates');
    await sell.getByRole('link', { name: 'Jetzt eine Vorlage anlegen' }).click();
    const tpl = dialog(page, 'Neue ButlerPaket-Vorlage');
    await tpl.getByLabel('Name').fill('Klassik');
    await tpl.getByLabel('Laufzeit (Monate)').fill('12');
    await tpl.getByLabel('Preis pro Stunde').fill('60');
    await tpl.getByRole('button', { name: 'Speichern' }).click();
    await expectToast(page, 'ButlerPaket-Vorlage erfolgreich erstellt');
  });

  await test.step('the first customer gets a ButlerPaket, where the guide leads (decision 0757)', async () => {
    await page.goto('/admin/dashboard');
    for (const key of ['template', 'customer']) await stepDone(page, key);
    await page.getByRole('link', { name: /Dem Kunden ein ButlerPaket geben/ }).click();
    await expect(page).toHaveURL(/\/admin\/customers\/\d+\/butlerpakete$/);
    await page.getByRole('button', { name: 'Neues ButlerPaket' }).first().click();
    const sell = dialog(page, 'Neues ButlerPaket');
    await pickOption(page, sell.getByRole('combobox', { name: 'ButlerPaket-Vorlage' }), /Klassik/);
    await sell.getByLabel('Monatliche Stunden').fill('5');
    await sell.getByRole('button', { name: 'Speichern' }).click();
    await expectToast(page, 'ButlerPaket erfolgreich erstellt');
  });

  await test.step('its first invoice: "Jetzt abrechnen", check, send; the mail is said to be only filed', async () => {
    await page.goto('/admin/dashboard');
    await stepDone(page, 'subscription');
    await page.getByRole('link', { name: /Erste ButlerPaket-Rechnung senden/ }).click();
    await expect(page).toHaveURL(/\/admin\/quickbill\/abrechnungen$/);
    const row = page.getByRole('row').filter({ hasText: last });
    await expect(row).toContainText('Fällig');
    await screenshotBoth(page, 'first-day-upcoming-due');
    await row.getByRole('button', { name: /jetzt abrechnen/ }).click();
    await expect(page).toHaveURL(/\/admin\/quickbill\/invoices\/\d+$/);
    const invoice = new URL(page.url()).pathname;
    await expect(page.getByRole('cell', { name: /^ButlerPaket Klassik · .+ · 5 h$/ })).toBeVisible();
    await page.goto(`${invoice}/send`);
    await expect(page.getByTestId('mail-setup-alert')).toContainText('Kein Mailserver eingerichtet');
    await page.getByRole('button', { name: 'Jetzt senden' }).click();
    await expect(page.getByText('Versendet', { exact: true }).first()).toBeVisible();
    await expect(async () => {
      await page.goto(invoice);
      await expect(page.getByTestId('mail-filed-only')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByText('E-Mail zugestellt')).toHaveCount(0);
    await screenshotBoth(page, 'first-day-invoice-filed');
  });

  await test.step('all done: the checklist says so and can be hidden', async () => {
    await page.goto('/admin/dashboard');
    const card = page.getByTestId('first-steps');
    await expect(card).toContainText('Alles eingerichtet');
    await expect(card.locator('[data-done="false"]')).toHaveCount(0);
    await screenshotBoth(page, 'first-day-dashboard-done');
    await card.getByRole('button', { name: 'Ausblenden' }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();
    await expect(page.getByTestId('first-steps')).toHaveCount(0);
  });
});
