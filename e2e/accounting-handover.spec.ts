import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { adminToken, apiCall, loginAsAdminInBrowser, signOutInBrowser } from './fixtures/api';
import { dialog, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { createCustomer, createSentInvoice, saveProviderSettings } from './quickbill-helpers';

/**
 * The month-end handover to the tax adviser (decisions 0820–0822), as the Buchhaltung does
 * it at the start of a month: the chart, last month exported for BMD and DATEV and closed with
 * it, then a payment dated in last month refused in German and one dated today accepted; the
 * Inhaber reopens it at the end. A worker runs one spec file at a time on its portal (decision
 * 0530), so no other spec books into the month while it is closed.
 */
const now = new Date();
const todayIso = now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Vienna' });
const [thisYear, thisMonth] = todayIso.split('-').map(Number);
const year = thisMonth === 1 ? thisYear - 1 : thisYear;
const month = String(thisMonth === 1 ? 12 : thisMonth - 1).padStart(2, '0');
const monthKey = `${year}-${month}`;
const monthName = new Intl.DateTimeFormat('de-AT', { month: 'long', timeZone: 'UTC' }).format(
  new Date(`${monthKey}-15T12:00:00Z`),
);
const monthLabel = `${monthName} ${year}`;
const today = todayIso.split('-').reverse().join('.');

test('Buchhaltung: chart, last month handed over for BMD and DATEV and closed; a payment dated in it is refused, one dated today booked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, 'Übergabe');
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: `${monthKey}-10`,
    dueDate: `${monthKey}-24`,
    price: 120,
    text: 'Haushaltsbetreuung',
  });
  const books = await createStaff(request, 'accounting', 'Brigitte Buchner');
  await staffLoginInBrowser(page, books.username, '/admin/quickbill');

  await test.step('from Quickbill to "Buchhaltung"; the chart with DATEV numbers', async () => {
    await page.getByRole('link', { name: 'Buchhaltung' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Buchhaltung' })).toBeVisible();
    const chart = page.getByRole('region', { name: 'Kontenplan für die Steuerberatung' });
    await expect(chart.getByLabel('Erlöse 20\u00a0%')).toHaveValue('4000');
    await chart.getByLabel('DATEV-Beraternummer').fill('1234567');
    await chart.getByLabel('DATEV-Mandantennummer').fill('99');
    await chart.getByRole('button', { name: 'Speichern' }).click();
    await expectToast(page, 'Kontenplan gespeichert');
    await screenshotBoth(page, 'accounting-page');
  });

  await test.step(`${monthLabel} as BMD and DATEV, closed with the handover`, async () => {
    const handover = page.getByRole('region', { name: 'Übergabe an die Steuerberatung' });
    await handover.getByRole('combobox', { name: 'Zeitraum' }).click();
    await page.getByRole('option', { name: monthLabel, exact: true }).click();
    await handover.getByRole('checkbox', { name: 'DATEV (EXTF Buchungsstapel)' }).check();
    await handover.getByRole('checkbox', { name: 'Zeitraum danach abschließen (Festschreibung)' }).check();
    await handover.getByRole('button', { name: 'Übergabe erstellen' }).click();
    // Closing is confirmed first, naming the month and who may reopen it.
    const confirm = dialog(page, `${monthLabel} übergeben und abschließen`);
    await expect(confirm).toContainText(`${monthLabel} abgeschlossen`);
    await expect(confirm).toContainText('Wieder öffnen kann nur die Inhaberin oder der Inhaber');
    const download = page.waitForEvent('download');
    await confirm.getByRole('button', { name: 'Übergabe erstellen und abschließen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^Uebergabe_${monthKey}_\\d+\\.zip$`));
    await expect(handover.getByRole('status')).toContainText(`Übergabe ${monthLabel} erstellt und abgeschlossen`);

    const zip = await JSZip.loadAsync(await (await file.createReadStream()).toArray().then(Buffer.concat));
    const names = Object.keys(zip.files);
    expect(names).toContain(`Buchungen/BMD_Buchungen_${monthKey}.csv`);
    expect(names).toContain(`Buchungen/EXTF_Buchungsstapel_${monthKey}.csv`);
    expect(
      names.some((n) => n.startsWith('Belege/Rechnungen/') && n.includes(invoice.number.replace(/[^\w.-]+/g, '_'))),
    ).toBe(true);
    // DATEV's header record carries the numbers just saved.
    const datev = (await zip.file(`Buchungen/EXTF_Buchungsstapel_${monthKey}.csv`)!.async('nodebuffer')).toString(
      'latin1',
    );
    expect(datev.startsWith('"EXTF";')).toBe(true);
    expect(datev.split('\r\n')[0]).toContain(';1234567;99;');

    const row = handover.getByRole('row').filter({ hasText: monthLabel });
    await expect(row).toContainText('abgeschlossen');
    await expect(row).toContainText('BMD NTCS, DATEV (EXTF Buchungsstapel)');
    const closed = page.getByRole('region', { name: 'Abgeschlossene Zeiträume' });
    await expect(closed.getByRole('row').filter({ hasText: monthLabel })).toContainText('abgeschlossen');
    // The Buchhaltung does not reopen: that is the Inhaber's.
    await expect(closed.getByRole('button', { name: 'Wieder öffnen' })).toHaveCount(0);
    await screenshotBoth(page, 'accounting-page-closed');
  });

  await test.step('a payment dated in the closed month is refused in German; dated today it is booked', async () => {
    await page.goto(`/admin/quickbill/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Zahlung erfassen' }).click();
    const pay = dialog(page, 'Zahlung erfassen');
    const date = pay.getByRole('textbox', { name: 'Zahlungsdatum' });
    await date.fill(`20.${month}.${year}`);
    await date.press('Tab');
    await pay.getByRole('button', { name: 'Zahlung erfassen' }).click();
    await expect(pay.getByRole('alert')).toContainText(`${monthLabel} ist abgeschlossen`);
    await screenshotBoth(page, 'accounting-payment-refused');
    await date.fill(today);
    await date.press('Tab');
    await pay.getByRole('button', { name: 'Zahlung erfassen' }).click();
    await expectToast(page, /Zahlung erfasst/);
    const payments = await apiCall<{ entries: { payment_date: string }[] }>(
      request,
      token,
      'GET',
      `/api/quickbill/invoices/${invoice.id}/payments`,
    );
    // Only the payment dated today was booked; the refused one left nothing behind.
    expect(payments.entries.map((p) => p.payment_date)).toEqual([todayIso]);
  });

  await test.step('the Inhaber reopens the month with a reason; its next handover will be a correction', async () => {
    await signOutInBrowser(page);
    await loginAsAdminInBrowser(page);
    await page.goto('/admin/quickbill/buchhaltung');
    const closed = page.getByRole('region', { name: 'Abgeschlossene Zeiträume' });
    const row = closed.getByRole('row').filter({ hasText: monthLabel });
    await row.getByRole('button', { name: 'Wieder öffnen' }).click();
    const reopen = dialog(page, `${monthLabel} wieder öffnen`);
    await reopen.getByLabel('Grund').fill('zu kurz');
    await reopen.getByRole('button', { name: 'Wieder öffnen' }).click();
    await expect(reopen.getByText('Bitte geben Sie einen Grund an (mindestens 10 Zeichen)')).toBeVisible();
    await reopen.getByLabel('Grund').fill('Zahlung der Kundin falsch zugeordnet');
    await screenshotBoth(page, 'accounting-reopen-dialog');
    await reopen.getByRole('button', { name: 'Wieder öffnen' }).click();
    await expectToast(page, `${monthLabel} ist wieder offen`);
    await expect(row).toContainText('wieder offen');
    await expect(row).toContainText('Korrektur ausstehend');
    await expect(row).toContainText('Zahlung der Kundin falsch zugeordnet');
    // The kept handover of the month shows it as it stands now.
    const kept = page
      .getByRole('region', { name: 'Übergabe an die Steuerberatung' })
      .getByRole('row')
      .filter({ hasText: monthLabel });
    await expect(kept).toContainText('wieder offen');
    await expect(kept).not.toContainText('abgeschlossen');
  });
});
