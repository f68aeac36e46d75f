import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsCustomerInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

// Decision 0772: on the phone itself the customer copies the transfer data (all at once or
// line by line), in the lounge's voice; the code is for another device. An overdue invoice
// says that it was reminded.
test('paying on the phone: copy all payment data, the code folded away, the reminder named', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await adminToken(request);
  await saveProviderSettings(request, token, { bic: 'BKAUATWW' });
  // The default and what the walk saw: a "du" lounge.
  await apiCall(request, token, 'PUT', '/api/admin/customer-voice', { customer_voice: 'du' });
  const customer = await createCustomer(request, token, 'Zahlerin');
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(-30),
    dueDate: isoDay(-16),
    price: 100,
    text: 'Garten winterfest gemacht',
  });
  await apiCall(request, token, 'POST', `/api/quickbill/invoices/${invoice.id}/reminders`, {});

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsCustomerInBrowser(page, customer.email, 'Kunden-Passwort-123');
  const card = page.getByTestId('customer-invoice').filter({ hasText: invoice.number });
  await expect(card.getByTestId('customer-invoice-reminder')).toHaveText(
    /^Wir haben dir am \d{2}\.\d{2}\.\d{4} eine Zahlungserinnerung geschickt; bitte zahle bis \d{2}\.\d{2}\.\d{4}\.$/,
  );
  await card.getByRole('button', { name: `Bezahlen: Rechnung ${invoice.number}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Kopiere die Zahlungsdaten/)).toBeVisible();
  await expect(dialog.getByText(/Scannen Sie/)).toHaveCount(0);
  await expect(dialog.getByTestId('payment-qr')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Alle Zahlungsdaten kopieren' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('IBAN: AT611904300234573201');
  expect(copied).toContain('Betrag: 120,00');
  expect(copied).toMatch(/Zahlungsreferenz: RF\d{2}/);
  await screenshotBoth(page, 'lounge-pay-same-device');

  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Auf einem anderen Gerät? Code scannen' }).click();
  await expect(dialog.getByTestId('payment-qr')).toBeVisible();
  await expect(dialog.getByText(/^Scanne den Code mit der Banking-App auf deinem Handy/)).toBeVisible();
});
