import { expect, test } from '@playwright/test';
import { loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { dialog, expectToast, pickOption } from './fixtures/backoffice';
import { settled } from './fixtures/layout';
import { screenshotBoth } from './fixtures/screenshots';

/**
 * The back-office walk: template → customer → hour package → ButlerPaket →
 * project → time entries of both kinds → every table → edit → delete with confirmation.
 */
test('sell, book, see, edit and delete through the back office', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stamp = Date.now().toString(36).slice(-5);
  const last = `Gruber${stamp}`;
  const name = `Anna ${last}`;
  const email = uniqueEmail('anna');
  const templateName = `Premium ${stamp}`;

  await loginAsAdminInBrowser(page);

  // Settings: a template first (ButlerPakete are sold from templates).
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Einstellungen', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Neue Vorlage' }).click();
  const tpl = dialog(page, 'Neue ButlerPaket-Vorlage');
  await tpl.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Bitte füllen Sie alle Pflichtfelder aus');
  await tpl.getByLabel('Name').fill(templateName);
  await tpl.getByLabel('Laufzeit (Monate)').fill('12');
  await tpl.getByLabel('Preis pro Stunde').fill('60');
  await tpl.getByLabel('Fahrten pro Monat').fill('2');
  await tpl.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'ButlerPaket-Vorlage erfolgreich erstellt');
  await expect(page.getByRole('cell', { name: templateName, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '€ 60,00' }).first()).toBeVisible();
  await screenshotBoth(page, 'backoffice-settings');

  // Customer: create through the form.
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: 'Neuer Kunde' }).click();
  const form = dialog(page, 'Neuer Kunde');
  // Unknown until entered: never a made-up 01.01.1970 (decision 0636).
  await expect(form.getByLabel('Geburtsdatum')).toHaveValue('');
  await form.getByLabel('Vorname').fill('Anna');
  await form.getByLabel('Nachname').fill(last);
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Unternehmen').fill('Gruber Immobilien GmbH');
  await form.getByLabel('Telefon').fill('+43 664 1234567');
  await form.getByLabel(/^Passwort/).fill('Sicher-Passwort-1');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Kunde erfolgreich angelegt');
  await page.getByRole('textbox', { name: 'Suche' }).fill(last);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Aktiv')).toBeVisible();
  await row.getByRole('button', { name: /Empfehlungscode .* kopieren/ }).click();
  await expectToast(page, 'Code in Zwischenablage gespeichert');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

  // Stundenpakete tab: sell 10 h at € 50 with 10 % → € 450,00 live and in the table.
  await page.getByRole('tab', { name: 'Stundenpakete' }).click();
  await page.getByRole('button', { name: 'Verkaufen' }).click();
  const sell = dialog(page, 'Stundenpaket verkaufen');
  await expect(sell.getByLabel('Preis pro Stunde')).toHaveValue('€ 50,00');
  await sell.getByRole('button', { name: 'Verkaufen', exact: true }).click();
  await expect(sell.getByRole('alert')).toHaveText('Bitte füllen Sie alle Felder aus');
  await pickOption(page, sell.getByRole('combobox', { name: 'Kunde' }), new RegExp(last), last);
  await sell.getByRole('textbox', { name: 'Stunden' }).fill('10');
  await sell.getByLabel('Rabatt (%)').fill('10');
  await expect(sell.getByTestId('package-total')).toHaveText('€ 450,00');
  // The price is net, as on the invoice; the gross follows at the invoice's 20 % USt.
  await expect(sell.getByText('netto, wie auf der Rechnung')).toBeVisible();
  await expect(sell.getByTestId('package-total-gross')).toHaveText('€ 540,00 brutto');
  await sell.getByRole('button', { name: 'Verkaufen', exact: true }).click();
  await expectToast(page, 'Stundenpaket erfolgreich verkauft');
  const pkgRow = page.getByRole('row').filter({ hasText: name });
  await expect(pkgRow).toContainText('10,00 h');
  await expect(pkgRow).toContainText('€ 450,00');

  // ButlerPakete tab: 5 h/month from the template → € 300,00 per month.
  await page.getByRole('tab', { name: 'ButlerPakete' }).click();
  await page.getByRole('button', { name: 'Neues ButlerPaket' }).click();
  const sub = dialog(page, 'Neues ButlerPaket');
  await pickOption(page, sub.getByRole('combobox', { name: 'Kunde' }), new RegExp(last), last);
  await sub.getByLabel('Monatliche Stunden').fill('5');
  await sub.getByRole('button', { name: 'Speichern' }).click();
  await expect(sub.getByRole('alert')).toHaveText('Bitte wählen Sie ein Butler-Paket aus');
  await pickOption(page, sub.getByRole('combobox', { name: 'ButlerPaket-Vorlage' }), new RegExp(templateName));
  await expect(sub.getByTestId('subscription-price')).toHaveText('€ 300,00');
  await expect(sub.getByTestId('subscription-end')).toHaveText(/\d\d\.\d\d\.\d{4}/);
  await expect(sub.getByLabel('Fahrten pro Monat')).toHaveValue('2');
  await sub.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'ButlerPaket erfolgreich erstellt');
  const subRow = page.getByRole('row').filter({ hasText: name });
  await expect(subRow).toContainText(templateName);
  await expect(subRow).toContainText('€ 300,00');
  await expect(subRow).toContainText('Aktiv');
  await screenshotBoth(page, 'backoffice-customers-subscriptions');

  // The customer page (decision 0644): project, then two time entries (ButlerPaket and Stundenpaket).
  await page.getByRole('tab', { name: 'Kunden' }).click();
  await page.getByRole('button', { name: `Details von ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
  const proj = dialog(page, 'Neues Projekt');
  // Once in a full suite run (2026-12-02) the click right after the tab switch opened nothing
  // for two minutes; the cause is not found yet (see the stop's note). Click again until it opens.
  await expect(async () => {
    if (!(await proj.isVisible())) await page.getByRole('button', { name: 'Neues Projekt' }).click();
    await expect(proj).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await proj.getByRole('button', { name: 'Speichern' }).click();
  await expect(proj.getByRole('alert')).toHaveText('Bitte geben Sie einen Projektnamen ein');
  await proj.getByLabel('Projektname').fill('Gartenpflege');
  await proj.getByLabel('Beschreibung').fill('Rasen mähen, Hecke schneiden und Laub entsorgen');
  await proj.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Projekt erfolgreich erstellt');
  await expect(page.getByRole('cell', { name: 'Gartenpflege', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
  for (const [hours, activity, from] of [
    ['2', 'Rasen gemäht', 'ButlerPaket'],
    ['1,5', 'Hecke geschnitten', 'Stundenpaket'],
  ] as const) {
    await page.getByRole('button', { name: 'Neuer Zeiteintrag' }).click();
    const entry = dialog(page, 'Neuer Zeiteintrag');
    if (from === 'ButlerPaket') {
      // Once the dialog has finished opening: a click during its transition missed the
      // button on a busy machine (CI, 2026-11-26).
      await settled(page);
      await entry.getByRole('button', { name: 'Speichern' }).click();
      await expect(entry.getByRole('alert')).toHaveText('Bitte füllen Sie alle Pflichtfelder aus');
    }
    await pickOption(page, entry.getByRole('combobox', { name: 'Projekt' }), 'Gartenpflege');
    await entry.getByRole('textbox', { name: 'Stunden' }).fill(hours);
    await entry.getByLabel('Aktivität').fill(activity);
    await entry.getByRole('radio', { name: from }).check();
    await entry.getByRole('button', { name: 'Speichern' }).click();
    await expectToast(page, 'Zeiteintrag erfolgreich erstellt');
    await expect(page.getByRole('row').filter({ hasText: activity })).toBeVisible();
  }
  await expect(page.getByRole('row').filter({ hasText: 'Rasen gemäht' })).toContainText('ButlerPaket');
  await expect(page.getByRole('row').filter({ hasText: 'Hecke geschnitten' })).toContainText('Stundenpaket');
  await screenshotBoth(page, 'backoffice-customer-details');

  // History of the ButlerPaket: this month 5 h available, 2 h used, +3 h.
  await page.getByRole('tab', { name: 'ButlerPakete' }).click();
  await page.getByRole('button', { name: `Verlauf von ${templateName} anzeigen` }).click();
  const history = dialog(page, 'Verlauf des ButlerPakets');
  await expect(history.getByText('12 Monate')).toBeVisible();
  const month = history.getByRole('row').nth(1);
  await expect(month).toContainText('5,00 h');
  await expect(month).toContainText('2,00 h');
  await expect(month).toContainText('+3,00 h');
  await history
    .getByRole('button', { name: /schließen/i })
    .or(page.locator('.mantine-Modal-close'))
    .first()
    .click();

  // Notes card: own edit/save.
  await page.getByRole('tab', { name: 'Notizen & Familie' }).click();
  await page.getByRole('button', { name: 'Privates bearbeiten' }).click();
  await page.getByRole('textbox', { name: 'Privates' }).fill('Hund heißt Bello');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Hund heißt Bello')).toBeVisible();

  // Übersicht and the tabs of the customer page: every table shows what was booked and sold.
  await page.getByRole('tab', { name: 'Übersicht' }).click();
  await expect(page.getByRole('heading', { name: 'Kundeninformation' })).toBeVisible();
  await expect(page.getByTestId('subscription-ring-amount')).toHaveText('3,00h'); // ring: 5 − 2 remaining
  await expect(page.getByTestId('usable-hours')).toContainText('noch 3,00 h');
  await expect(page.getByText('Gartenpflege').first()).toBeVisible();
  await screenshotBoth(page, 'backoffice-customer-view');
  await page.getByRole('tab', { name: 'ButlerPakete' }).click();
  await expect(page.getByRole('table', { name: 'ButlerPakete' })).toContainText('€ 300,00');
  await page.getByRole('tab', { name: 'Stundenpakete' }).click();
  await expect(page.getByRole('table', { name: 'Stundenpakete' })).toContainText('€ 450,00');
  await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
  const entries = page.getByRole('table', { name: 'Zeiteinträge' });
  await expect(entries.getByRole('row').filter({ hasText: 'Rasen gemäht' })).toContainText('ButlerPaket');
  await expect(entries.getByRole('row').filter({ hasText: 'Hecke geschnitten' })).toContainText('1,50 h');

  // Edit an entry (0.5 steps here) and see the ring follow.
  await page
    .getByRole('button', { name: /Zeiteintrag vom .* bearbeiten/ })
    .first()
    .click();
  const edit = dialog(page, 'Zeiteintrag bearbeiten');
  const hoursField = edit.getByRole('textbox', { name: 'Stunden' });
  const isButler = (await edit.getByRole('radio', { name: 'ButlerPaket' }).isChecked()) === true;
  await hoursField.fill(isButler ? '2,5' : '1');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Zeiteintrag erfolgreich aktualisiert');
  await expect(entries).toContainText(isButler ? '2,50 h' : '1,00 h');

  // Family card.
  await page.getByRole('tab', { name: 'Notizen & Familie' }).click();
  await page.getByRole('button', { name: 'Familie bearbeiten' }).click();
  await pickOption(page, page.getByRole('combobox', { name: 'Familienstand' }), 'Verheiratet');
  await page.getByLabel('Name Partner/in').fill('Thomas');
  await page.getByRole('button', { name: 'Kind hinzufügen' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lena');
  await pickOption(page, page.getByRole('combobox', { name: 'Geschlecht', exact: true }), 'Mädchen');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectToast(page, 'Familiendaten gespeichert');
  await expect(page.getByText('Lena · Mädchen')).toBeVisible();

  // Delete a time entry with confirmation.
  await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
  await page
    .getByRole('button', { name: /Zeiteintrag vom .* löschen/ })
    .first()
    .click();
  const confirmEntry = dialog(page, 'Zeiteintrag löschen');
  await expect(confirmEntry).toContainText('Sind Sie sicher, dass Sie den Zeiteintrag vom');
  await confirmEntry.getByRole('button', { name: 'Löschen' }).click();
  await expectToast(page, 'Zeiteintrag erfolgreich gelöscht');
  await expect(entries.getByRole('row')).toHaveCount(2); // header + the remaining entry

  // Delete the customer: the dialog names what goes with them.
  await page.goto('/admin/customers');
  await page.getByRole('textbox', { name: 'Suche' }).fill(last);
  await page.getByRole('button', { name: `${name} löschen` }).click();
  const confirm = dialog(page, 'Kunde löschen');
  await expect(confirm).toContainText(`Sind Sie sicher, dass Sie den Kunden „${name}“ löschen möchten?`);
  await expect(confirm).toContainText(
    'ebenso Zahlungen, SEPA-Mandate (ein aktives wird widerrufen) und Bankbuchungen: gesetzliche Aufbewahrungspflicht von 7 Jahren (§ 132 BAO)',
  );
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expectToast(page, 'Kunde erfolgreich gelöscht');
  await expect(page.getByText(`Keine Kunden gefunden für "${last}"`)).toBeVisible();
});
