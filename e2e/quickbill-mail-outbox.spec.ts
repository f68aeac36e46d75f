import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, createSentInvoice, DATA_DIR, saveProviderSettings } from './quickbill-helpers';

const today = new Date().toISOString().slice(0, 10);

test('Postausgang: sent and retrying mails with the reason, "erneut senden", the mail itself', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000); // waits for a scheduled retry and a resend through the real queue
  const token = await adminToken(request);
  await saveProviderSettings(request, token, { contact_email: 'office@butler-services.at', bic: 'BKAUATWW' });
  const customer = await createCustomer(request, token, 'Postausgang');
  const first = await createSentInvoice(request, token, customer.id, {
    invoiceDate: today,
    dueDate: today,
    price: 80,
    text: 'Gartenbetreuung',
  });

  // The first mail is delivered before the transport breaks (the queue works in the background).
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ mail: { status: string } | null }>(
            request,
            token,
            'GET',
            `/api/quickbill/invoices/${first.id}`,
          )
        ).mail?.status,
      { timeout: 30_000 },
    )
    .toBe('sent');

  // The transport breaks: DATA_DIR/outbox becomes a file, so writing a mail fails.
  const outbox = path.join(DATA_DIR, 'outbox');
  const parked = `${outbox}-parked`;
  fs.renameSync(outbox, parked);
  fs.writeFileSync(outbox, 'kein Ordner');
  let second: { id: number; number: string };
  try {
    second = await createSentInvoice(request, token, customer.id, {
      invoiceDate: today,
      dueDate: today,
      price: 95,
      text: 'Einkaufsservice',
    });
    await loginAsAdminInBrowser(page);
    await page.goto('/admin/settings');
    await page.getByRole('button', { name: 'Postausgang öffnen' }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole('heading', { name: 'Postausgang', level: 1 })).toBeVisible();
    const failing = page.getByRole('row').filter({ hasText: `Deine Rechnung ${second.number}` });
    await expect(failing.getByText('Neuer Versuch geplant')).toBeVisible({ timeout: 15_000 });
    await expect(failing.getByText(/EEXIST|ENOTDIR/)).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Deine Rechnung ${first.number}` })
        // The e2e portals have no mail server: a delivered mail is one filed in the folder (decision 0755).
        .getByText('Abgelegt', { exact: true }),
    ).toBeVisible();
    await screenshotBoth(page, 'mail-outbox-retrying');

    // The invoice says what happened to its mail.
    await page.goto(`/admin/quickbill/invoices/${second.id}`);
    await expect(page.getByText('E-Mail wartet auf Versand')).toBeVisible();
  } finally {
    fs.rmSync(outbox, { force: true });
    fs.renameSync(parked, outbox);
  }

  await page.goto('/admin/outbox');
  await page.getByRole('button', { name: `Erneut senden: Deine Rechnung ${second.number}` }).click();
  // (If the automatic retry delivered it a moment earlier, the click sends a copy: both are fine.)
  await expect(page.getByText(/^Die E-Mail wird erneut im Ausgangsordner abgelegt/)).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ hasText: `Deine Rechnung ${second.number}` })
    .first();
  await expect(row.getByText('Abgelegt', { exact: true })).toBeVisible({ timeout: 20_000 });

  await page
    .locator('label')
    .filter({ hasText: /^Abgelegt \(\d+\)$/ })
    .click();
  await expect(page.getByRole('row').filter({ hasText: 'Neuer Versuch geplant' })).toHaveCount(0);
  // Filter and search live in the address (decision 0660): a reload keeps both, Back the previous filter.
  await expect(page).toHaveURL(/\/admin\/outbox\?status=sent$/);
  await page.getByRole('textbox', { name: 'E-Mails suchen' }).fill(second.number);
  await expect.poll(() => new URL(page.url()).searchParams.get('suche')).toBe(second.number);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'E-Mails suchen' })).toHaveValue(second.number);
  await expect(page.getByRole('radio', { name: /^Abgelegt/ })).toBeChecked();
  await expect(row.getByText('Abgelegt', { exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('radio', { name: 'Alle' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'E-Mails suchen' })).toHaveValue('');
  await page.goForward();
  await expect(page.getByRole('textbox', { name: 'E-Mails suchen' })).toHaveValue(second.number);

  await row.getByRole('button', { name: 'Ansehen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(customer.email)).toBeVisible();
  await expect(dialog.getByText(`Rechnung-${second.number}.pdf`)).toBeVisible();
  const frame = page.frameLocator(`iframe[title^="Inhalt der E-Mail"]`);
  await expect(frame.getByText('Butler Services GmbH').first()).toBeVisible();
  await expect(frame.getByText(second.number, { exact: true })).toBeVisible();
  await screenshotBoth(page, 'mail-outbox-detail');
  await page.keyboard.press('Escape');

  await page.goto(`/admin/quickbill/invoices/${second.id}`);
  await expect(page.getByTestId('mail-filed-only')).toContainText(
    'E-Mail im Ausgangsordner abgelegt – nicht versendet',
  );
});
