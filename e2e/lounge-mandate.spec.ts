import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { firstOfMonth, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, signOutInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, saveProviderSettings } from './quickbill-helpers';

const PASSWORD = 'Kunden-Passwort-123';

/**
 * The story of decision 0853 on a 390 px phone: a customer whose ButlerPaket is paid by
 * transfer opens Mein Konto, reads the SEPA Core mandate text with the Gläubiger-ID, types a
 * wrong IBAN and a wrong password (both refused in German), signs with the right ones and sees
 * the mandate active. Staff see it as signed online with its proof; the next ButlerPaket
 * invoice carries the pre-notification, in its PDF and in the lounge.
 */
test('Lastschrift einrichten in the lounge → the next ButlerPaket invoice announces the collection', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  await apiCall(request, token, 'PUT', '/api/admin/customer-voice', { customer_voice: 'du' });
  await apiCall(request, token, 'PUT', '/api/direct-debit/settings', {
    creditor_id: 'AT88ZZZ00000000001',
    collection_iban: 'AT61 1904 3002 3457 3201',
    collection_bic: 'BKAUATWW',
    pre_notification_days: 14,
    shorter_period_agreed: false,
    pain_version: '001.08',
  });
  const customer = await createCustomer(request, token, `Mandat${Date.now().toString(36).slice(-5)}`);
  const reference = `K${String(customer.id).padStart(4, '0')}-1`;
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `Online-Mandat ${Date.now().toString(36)}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 1,
  });
  const subscription = await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 4,
    start_date: firstOfMonth(0).iso,
  });

  await test.step('the customer signs the mandate on the phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
    await page.getByRole('link', { name: 'Mein Konto' }).click();
    const section = page.getByTestId('mandate-section');
    await expect(section.getByText(/Bezahle deine ButlerPaket-Rechnungen bequem per SEPA-Lastschrift/)).toBeVisible();
    await section.getByRole('button', { name: 'Lastschrift einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lastschrift einrichten' });
    const text = dialog.getByTestId('mandate-text');
    await expect(text).toContainText('Gläubiger-Identifikationsnummer: AT88ZZZ00000000001');
    await expect(text).toContainText(`Mandatsreferenz: ${reference}`);
    await expect(text).toContainText('Ich ermächtige / Wir ermächtigen Butler Services GmbH');
    await expect(dialog.getByLabel('Kontoinhaber')).toHaveValue(customer.name);

    await dialog.getByLabel('IBAN').fill('AT48 3200 0000 1234 5865');
    await dialog.getByLabel('Dein Passwort zur Bestätigung').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Mandat unterschreiben' }).click();
    await expect(dialog.getByText('Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht)')).toBeVisible();

    await dialog.getByLabel('IBAN').fill('at483200000012345864');
    await expect(dialog.getByLabel('IBAN')).toHaveValue('AT48 3200 0000 1234 5864');
    await dialog.getByLabel('Dein Passwort zur Bestätigung').fill('falsches-Passwort-1');
    await dialog.getByRole('button', { name: 'Mandat unterschreiben' }).click();
    await expect(dialog.getByText('Das Passwort stimmt nicht. Bitte versuche es noch einmal.')).toBeVisible();
    await screenshotBoth(page, 'lounge-mandate-sign');

    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByLabel('Dein Passwort zur Bestätigung').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Mandat unterschreiben' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Dein Mandat ist aktiv. Eine Kopie haben wir dir per E-Mail geschickt.')).toBeVisible();
    await expect(section.getByTestId('mandate-active-badge')).toHaveText('Aktiv');
    await expect(section.getByTestId('mandate-active')).toContainText(
      `Deine ButlerPaket-Rechnungen werden von deinem Konto AT...5864 eingezogen (Mandat ${reference}).`,
    );
    await expect(section.getByRole('button', { name: 'Lastschrift widerrufen' })).toBeVisible();
    // Nothing scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotBoth(page, 'lounge-mandate-active');
  });

  await test.step('staff see the online mandate with its proof', async () => {
    await signOutInBrowser(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdminInBrowser(page);
    await page.goto(`/admin/customers/${customer.id}/rechnungen`);
    const mandates = page.getByTestId('mandates-card');
    await expect(mandates.getByText('aktiv', { exact: true })).toBeVisible();
    await expect(mandates.getByText(/· online$/)).toBeVisible();
    await mandates.getByRole('button', { name: `Nachweis ${reference}` }).click();
    const proof = page.getByRole('dialog', { name: `Nachweis der Online-Unterschrift ${reference}` });
    await expect(proof.getByText(customer.email, { exact: false })).toBeVisible();
    await expect(proof.getByText('Passwort des Kundenkontos')).toBeVisible();
    await expect(proof.getByText(/Gläubiger-Identifikationsnummer: AT88ZZZ00000000001/)).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the next ButlerPaket invoice carries the pre-notification', async () => {
    const { year, month } = viennaToday();
    const run = await apiCall<{ created: Array<{ id: number; subscription_id: number }> }>(
      request,
      token,
      'POST',
      '/api/quickbill/monthly-run',
      { year, month },
    );
    for (const draft of run.created.filter((c) => c.subscription_id !== subscription.id)) {
      await apiCall(request, token, 'POST', `/api/quickbill/invoices/${draft.id}/cancel`);
    }
    const draftId = run.created.find((c) => c.subscription_id === subscription.id)!.id;
    const sent = await apiCall<{ invoice_number: string }>(
      request,
      token,
      'POST',
      `/api/quickbill/invoices/${draftId}/send`,
    );
    const pdf = await request.get(`/api/quickbill/invoices/${draftId}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
    const text = (await parser.getText()).text.replace(/[\s\u00a0]+/g, ' ');
    await parser.destroy();
    expect(text).toMatch(
      new RegExp(
        `wird am \\d\\d\\.\\d\\d\\.\\d{4} mit Mandatsreferenz ${reference} und Gläubiger-ID AT88ZZZ00000000001 von Ihrem Konto AT\\.\\.\\.5864 eingezogen`,
      ),
    );

    await signOutInBrowser(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
    const card = page.getByTestId('customer-invoice').filter({ hasText: sent.invoice_number });
    await expect(card.getByText(/per SEPA-Lastschrift von deinem Konto AT\.\.\.5864 eingezogen\.$/)).toBeVisible();
    await expect(card.getByRole('button', { name: /^Bezahlen:/ })).toHaveCount(0);
  });
});
