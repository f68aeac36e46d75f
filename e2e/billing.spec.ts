import fs from 'node:fs';
import { MONTH_NAMES } from '@butler/contract/format';
import { expect, test } from '@playwright/test';
import { firstOfMonth, PASSWORD } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { dialog, expectNoSidewaysScroll, expectToast, pickOption } from './fixtures/backoffice';
import { runScheduledJob } from './fixtures/jobs';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

/** Decisions 0580, 0581 and 0587 in the browser: ButlerPakete bill themselves, partial payments, "Meine Rechnungen". */

const german = (iso: string) => iso.split('-').reverse().join('.');

test('a ButlerPaket "monatlich im Voraus" gets its draft from the daily run of the 1st, once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, 'Abrechnung');
  const templateName = `Premium ${Date.now().toString(36)}`;
  await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: templateName,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 1,
  });
  const start = firstOfMonth(1);

  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customer/${customer.id}/details`);
  await page.getByRole('tab', { name: 'ButlerPakete' }).click();
  await page.getByRole('button', { name: 'Neues ButlerPaket' }).click();
  const form = dialog(page, 'Neues ButlerPaket');
  await pickOption(page, form.getByRole('combobox', { name: 'ButlerPaket-Vorlage' }), new RegExp(templateName));
  await form.getByLabel('Monatliche Stunden').fill('10');
  const startField = form.getByRole('textbox', { name: 'Startdatum' });
  await startField.fill(german(start.iso));
  await startField.press('Tab');
  await pickOption(page, form.getByRole('combobox', { name: 'Abrechnung' }), 'monatlich im Voraus');
  await expect(form.getByRole('combobox', { name: 'Zahlungsart' })).toHaveValue('Überweisung');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'ButlerPaket erfolgreich erstellt');
  const row = page.getByRole('row').filter({ hasText: templateName });
  await expect(row).toContainText('monatlich im Voraus');

  // Before the 1st: the month is open.
  await row.getByRole('button', { name: `Abrechnung von ${templateName} anzeigen` }).click();
  let months = dialog(page, 'Abrechnung des ButlerPakets');
  const monthName = `${MONTH_NAMES[start.month - 1]} ${start.year}`;
  const firstMonth = months.getByRole('row').filter({ hasText: monthName });
  await expect(firstMonth).toContainText('noch nicht abgerechnet');
  await months.locator('button', { hasText: 'Schließen' }).click();

  // The daily run of the 1st (twice, as two portal processes would): one draft.
  await runScheduledJob('subscriptions.billing', start.iso);
  await runScheduledJob('subscriptions.billing', start.iso);

  await page.reload();
  await page.getByRole('tab', { name: 'ButlerPakete' }).click();
  await row.getByRole('button', { name: `Abrechnung von ${templateName} anzeigen` }).click();
  months = dialog(page, 'Abrechnung des ButlerPakets');
  const chip = months
    .getByRole('row')
    .filter({ hasText: monthName })
    .getByRole('link', { name: /^verrechnet: / });
  await expect(chip).toHaveText(/^verrechnet: Entwurf #\d+$/);
  await screenshotBoth(page, 'billing-subscription-months');
  await chip.click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Rechnungsentwurf #\d+$/);
  await expect(page.getByText(`ButlerPaket ${templateName} · ${monthName} · 10 h`)).toBeVisible();
  const dates = page.getByText('Rechnungsdatum').locator('..');
  await expect(dates).toContainText(german(start.iso));
  const drafts = await apiCall<Array<{ id: number }>>(
    request,
    token,
    'GET',
    `/api/quickbill/invoices?customer_id=${customer.id}&status=draft`,
  );
  expect(drafts).toHaveLength(1);
});

test('a partial payment shows "Teilweise bezahlt" with what is still open; removing it reopens the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, 'Teilzahlung');
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(-3),
    dueDate: isoDay(11),
    price: 100,
    text: 'Wohnung für die Übergabe vorbereitet',
  });

  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/quickbill/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Zahlung erfassen' }).click();
  const pay = dialog(page, 'Zahlung erfassen');
  await expect(pay.getByLabel('Betrag (€)')).toHaveValue('120,00');
  await pay.getByLabel('Betrag (€)').fill('0');
  await pay.getByRole('button', { name: 'Zahlung erfassen' }).click();
  await expect(pay.getByText('Der Betrag muss größer als 0 sein')).toBeVisible();
  await pay.getByLabel('Betrag (€)').fill('50');
  await pickOption(page, pay.getByRole('combobox', { name: 'Zahlungsart' }), 'bar');
  await pay.getByLabel('Referenz').fill('Quittung 4711');
  await pay.getByRole('button', { name: 'Zahlung erfassen' }).click();
  await expectToast(page, /Zahlung erfasst, offen: €\s70,00/);
  await expect(page.getByText('Teilweise bezahlt', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('payments-open')).toHaveText('€ 70,00');
  await expect(page.getByTestId('payments-received')).toHaveText('€ 50,00');
  await screenshotBoth(page, 'billing-invoice-partly-paid');

  await page.goto('/admin/quickbill/invoices');
  await pickOption(page, page.getByRole('combobox', { name: 'Status' }), 'Teilweise bezahlt');
  const listRow = page.getByRole('row').filter({ hasText: invoice.number });
  await expect(listRow).toContainText('Teilweise bezahlt');
  await expect(page.getByTestId(`invoice-open-${invoice.id}`)).toHaveText('€ 70,00');
  await screenshotBoth(page, 'billing-invoice-list-partly-paid');

  await page.goto(`/admin/quickbill/invoices/${invoice.id}`);
  await page.getByRole('button', { name: /^Zahlung vom .* entfernen$/ }).click();
  const remove = dialog(page, 'Zahlung entfernen');
  await remove.getByRole('button', { name: 'Entfernen' }).click();
  await expect(remove.getByText('Bitte geben Sie einen Grund an')).toBeVisible();
  await remove.getByLabel('Grund').fill('Doppelt erfasst');
  await remove.getByRole('button', { name: 'Entfernen' }).click();
  await expectToast(page, 'Zahlung entfernt');
  await expect(page.getByTestId('payments-open')).toHaveText('€ 120,00');
  await expect(page.getByText('entfernt', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Teilweise bezahlt', { exact: true })).toHaveCount(0);
});

test('the customer opens "Meine Rechnungen" on a phone, downloads a PDF and sees how to pay', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token, { bic: 'BKAUATWW' });
  const email = uniqueEmail('meine.rechnungen');
  const customer = await apiCall<{ id: number }>(request, token, 'POST', '/api/customers', {
    first_name: 'Rosa',
    last_name: 'Rechnung',
    email,
    password: PASSWORD,
    street: 'Herrengasse 3',
    postal_code: '8010',
    city: 'Graz',
  });
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(-20),
    dueDate: isoDay(-6),
    price: 200,
    text: 'Steuerunterlagen sortiert',
  });
  await apiCall(request, token, 'POST', `/api/quickbill/invoices/${invoice.id}/payments`, {
    payment_date: isoDay(0),
    amount: 40,
    method: 'ueberweisung',
  });
  // A draft of the same customer is never shown.
  await apiCall(request, token, 'POST', '/api/quickbill/invoices', {
    customer_id: customer.id,
    invoice_date: isoDay(0),
    items: [{ description: 'Noch nicht fertig', quantity: 1, unit: 'Stk.', unit_price: 10, tax_rate: 20 }],
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsCustomerInBrowser(page, email, PASSWORD);
  const card = page.getByTestId('invoices-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { name: 'Meine Rechnungen' })).toBeVisible({ timeout: 30_000 });
  const rows = card.getByTestId('customer-invoice');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Rechnung ${invoice.number}`);
  await expect(rows.first()).toContainText('Teilweise bezahlt');
  await expect(rows.first()).toContainText('Noch offen: € 200,00');
  await expectNoSidewaysScroll(page);

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `PDF herunterladen: Rechnung ${invoice.number}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Rechnung-${invoice.number}.pdf`);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await card.getByRole('button', { name: `Bezahlen: Rechnung ${invoice.number}` }).click();
  const pay = dialog(page, `Rechnung ${invoice.number} bezahlen`);
  // On the phone the payment data come first; the QR code is for another device (decision 0772).
  await expect(pay.getByTestId('payment-qr')).toHaveCount(0);
  await pay.getByRole('button', { name: 'Auf einem anderen Gerät? Code scannen' }).click();
  await expect(pay.getByTestId('payment-qr')).toBeVisible();
  await expect(pay.getByText(/^RF\d{2} /)).toBeVisible();
  await expect(pay.getByText('€ 200,00')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshotBoth(page, 'billing-lounge-pay');
  await pay.locator('button', { hasText: 'Schließen' }).click();
  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'billing-lounge-invoices');
});
