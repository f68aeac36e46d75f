import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminToken, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { dialog, expectToast, pickOption } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { attachment, newestMail, saveProviderSettings } from './quickbill-helpers';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

/**
 * The billing address in the customer dialog, the Steuernummer in the settings, 13 % and
 * a reverse-charge line in the editor, the ebInterface download and the send option.
 */
test('Quickbill VAT: billing address, Steuernummer, 13 %, reverse charge, ebInterface', async ({ page, request }) => {
  test.setTimeout(180_000);
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  const token = await adminToken(request);
  await saveProviderSettings(request, token, { bic: 'BKAUATWW', small_business: false });
  await loginAsAdminInBrowser(page);
  const last = `Schäfer${Date.now().toString(36)}`;
  const email = uniqueEmail('rc');

  await test.step('customer dialog: structured billing address, country, UID and B2B', async () => {
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: 'Neuer Kunde' }).click();
    const form = dialog(page, 'Neuer Kunde');
    await expect(form.getByRole('combobox', { name: 'Land' })).toHaveValue('Österreich');
    await form.getByLabel('Vorname').fill('Jörg');
    await form.getByLabel('Nachname').fill(last);
    await form.getByLabel('E-Mail').fill(email);
    await form.getByLabel('Unternehmen').fill('Bäckerei Schäfer GmbH');
    await form.getByLabel('Straße und Hausnummer').fill('Königstraße 7');
    await form.getByLabel('PLZ', { exact: true }).fill('80331');
    await form.getByLabel('Ort', { exact: true }).fill('München');
    await pickOption(page, form.getByRole('combobox', { name: 'Land' }), 'Deutschland', 'Deutsch');
    await form.getByLabel('UID-Nummer').fill('de 123456789');
    await form.getByLabel('Unternehmer (B2B)').check();
    await form.getByLabel(/^Passwort/).fill('Sicher-Passwort-1');
    await screenshotBoth(page, 'customer-dialog-billing');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expectToast(page, 'Kunde erfolgreich angelegt');

    // Edit from the list: the dialog loads the full customer, so the address is there.
    await page.getByRole('textbox', { name: 'Suche' }).fill(last);
    await page.getByRole('button', { name: new RegExp(`${last} bearbeiten`) }).click();
    const edit = dialog(page, 'Kunde bearbeiten');
    await expect(edit.getByLabel('Straße und Hausnummer')).toHaveValue('Königstraße 7');
    await expect(edit.getByRole('combobox', { name: 'Land' })).toHaveValue('Deutschland');
    await expect(edit.getByLabel('UID-Nummer')).toHaveValue('DE123456789');
    await expect(edit.getByLabel('Unternehmer (B2B)')).toBeChecked();
    await edit.getByRole('button', { name: 'Abbrechen' }).click();
  });

  await test.step('settings: the Steuernummer is validated and kept', async () => {
    await page.goto('/admin/quickbill/settings');
    await page.getByLabel('Steuernummer').fill('12 345');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Die Steuernummer hat 9 Ziffern, z. B. 12 345/6789').first()).toBeVisible();
    await page.getByLabel('Steuernummer').fill('12 345/6789');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Einstellungen gespeichert')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Steuernummer')).toHaveValue('12 345/6789');
  });

  let invoiceUrl = '';
  await test.step('editor: the billing address, 13 % and a 0 % line that needs its reason', async () => {
    await page.goto('/admin/quickbill/invoices/new');
    const picker = page.getByRole('combobox', { name: 'Kunde' });
    await picker.fill(last.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(last) }).click();
    const billing = page.getByTestId('billing-address');
    await expect(billing).toContainText('Königstraße 7');
    await expect(billing).toContainText('80331 München');
    await expect(billing).toContainText('Deutschland');
    await expect(billing).toContainText('Unternehmer (B2B)');
    await expect(billing).toContainText('UID DE123456789');

    await page.getByLabel('Beschreibung Position 1').fill('Betreuung Messestand');
    await page.getByLabel('Menge Position 1').fill('8');
    await page.getByLabel('Einzelpreis Position 1').fill('55');
    await page.getByRole('combobox', { name: 'Steuersatz Position 1' }).click();
    await page.getByRole('option', { name: '0 %', exact: true }).click();
    await page.getByRole('button', { name: 'Position hinzufügen' }).click();
    await page.getByLabel('Beschreibung Position 2').fill('Übernachtung Hüttenwirt');
    await page.getByLabel('Einzelpreis Position 2').fill('80');
    await page.getByRole('combobox', { name: 'Steuersatz Position 2' }).click();
    await page.getByRole('option', { name: '13 %' }).click();
    await page.getByRole('button', { name: 'Entwurf speichern' }).click();
    await expect(page.getByText('Bitte wählen Sie für 0 % den Grund der Steuerbefreiung').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Grund für 0 % Position 1' }).click();
    await page.getByRole('option', { name: /^Reverse Charge/ }).click();
    await expect(page.getByTestId('totals')).toContainText('Netto 0 % (Reverse Charge)');
    await expect(page.getByTestId('totals')).toContainText('USt 13 %');
    // 440 net reverse charge + 80 net at 13 % (VAT 10,40).
    await expect(page.getByTestId('total-gross')).toHaveText('€ 530,40');
    await screenshotBoth(page, 'quickbill-invoice-reverse-charge');
    await page.getByRole('button', { name: 'Entwurf speichern' }).click();
    await expect(page).toHaveURL(/\/admin\/quickbill\/invoices\/\d+$/);
    invoiceUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('total-gross')).toHaveText('€ 530,40');
  });

  let number = '';
  await test.step('send with the ebInterface XML attached', async () => {
    await page.goto(`${invoiceUrl}/send`);
    const option = page.getByLabel('ebInterface-Rechnung (XML) anhängen');
    await expect(option).not.toBeChecked();
    await option.check();
    await expect(page.getByText(/und ebInterface-Rechnung-Nummer\.xml/)).toBeVisible();
    await screenshotBoth(page, 'quickbill-send-ebinterface');
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Jetzt senden' }).click();
    await expect(page).toHaveURL(new RegExp(`${invoiceUrl}$`));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Rechnung \d{4}-\d{4}$/);
    number = /Rechnung (\S+)/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
    expect(number).toMatch(/^\d{4}-\d{4}$/);
    const mail = await newestMail(since);
    expect(
      attachment(mail, new RegExp(`Rechnung-${number}\\.pdf`))
        ?.subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const xml = attachment(mail, new RegExp(`ebInterface-Rechnung-${number}\\.xml`))?.toString('utf8') ?? '';
    expect(xml).toContain('<Invoice xmlns="http://www.ebinterface.at/schema/6p1/"');
    expect(xml).toContain('<TaxPercent TaxCategoryCode="AE">0</TaxPercent>');
    expect(xml).toContain('<VATIdentificationNumber>DE123456789</VATIdentificationNumber>');
  });

  await test.step('detail page: download the ebInterface XML', async () => {
    // The detail page's PDF preview is a download of its own in a headless shell without a
    // PDF viewer (the npm Chromium): wait for the XML.
    const downloadPromise = page.waitForEvent('download', (d) => d.suggestedFilename().endsWith('.xml'));
    await page.getByRole('button', { name: 'ebInterface (XML)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`ebInterface-Rechnung-${number}.xml`);
    const xml = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(xml).toContain(`<InvoiceNumber>${number}</InvoiceNumber>`);
    expect(xml).toContain('<Country CountryCode="DE">Deutschland</Country>');
    await expect(page.getByText('Unternehmer (B2B)')).toBeVisible();
    await screenshotBoth(page, 'quickbill-invoice-detail-reverse-charge');
  });
});
