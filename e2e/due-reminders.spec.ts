import { expect, test } from '@playwright/test';
import { adminToken, apiCall } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { createCustomer, createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

// Decision 0770: Buchhaltung sends the due reminders at once, with their fees named; a level
// before its configured days is offered with the gap and only sent on purpose.
test('Buchhaltung: Fällige Mahnungen senden, then the 1. Mahnung is offered with its 14 days and € 5', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, 'Mahnlauf');
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(-30),
    dueDate: isoDay(-16),
    price: 120,
    text: 'Umzug organisiert',
  });
  const books = await createStaff(request, 'accounting', 'Bea Buchhaltung');
  await staffLoginInBrowser(page, books.username, '/admin');

  await page.goto('/admin/quickbill/offene-posten');
  await page.getByRole('button', { name: 'Fällige Mahnungen senden' }).click();
  const dialog = page.getByRole('dialog');
  const summary = dialog.getByTestId('due-reminders-summary');
  await expect(summary.getByRole('row').filter({ hasText: invoice.number })).toContainText('Zahlungserinnerung');
  await expect(summary).toContainText('Zahlungserinnerung ohne Mahnspesen');
  await expect(summary).toContainText(/Neue Zahlungsfrist bis \d{2}\.\d{2}\.\d{4}/);
  await screenshotBoth(page, 'due-reminders-preview');
  await dialog.getByRole('button', { name: /Mahnschreiben senden$/ }).click();
  const result = dialog.getByTestId('due-reminders-result');
  await expect(result).toContainText(`${invoice.number}`);
  // No mail server in the browser portals: the result says where the letters are (decision 0755).
  await expect(result).toContainText(/\d+ Mahnschreiben im Ausgangsordner abgelegt/);
  await expect(result.getByTestId('mail-setup-alert')).toContainText('Kein Mailserver eingerichtet');
  await screenshotBoth(page, 'due-reminders-result');
  await dialog.locator('button', { hasText: 'Schließen' }).click();

  // The next level waits its configured 14 days: offered early, with the gap and the fee.
  await page.goto(`/admin/quickbill/invoices/${invoice.id}`);
  const early = page.getByRole('button', { name: /^1\. Mahnung vorzeitig senden \(fällig ab \d{2}\.\d{2}\.\d{4}\)$/ });
  await early.click();
  const confirm = page.getByRole('dialog', { name: '1. Mahnung senden?' });
  await expect(confirm.getByTestId('reminder-early')).toContainText(
    'eingestellt sind 14 Tage nach der Zahlungserinnerung vom',
  );
  await expect(confirm.getByTestId('reminder-terms')).toContainText('Mahnspesen €\u00a05,00');
  await screenshotBoth(page, 'reminder-early-confirm');
  await confirm.getByRole('button', { name: 'Trotzdem jetzt senden' }).click();
  // No mail server in the browser portals: the toast says the letter lies in the outbox (decision 0755).
  await expect(
    page.getByText('1. Mahnung: E-Mail im Ausgangsordner abgelegt – nicht versendet (kein Mailserver eingerichtet)'),
  ).toBeVisible();
  const detail = await apiCall(request, token, 'GET', `/api/quickbill/invoices/${invoice.id}`);
  expect(detail.reminder_level).toBe(2);
});
