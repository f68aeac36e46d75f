import { expect, test } from '@playwright/test';
import { addEntry, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, saveProviderSettings } from './quickbill-helpers';
import { decodeQr } from './referrals-scenario';

/**
 * Decision 0850, the story: a customer low on hours buys a 5 h package on a 390 px
 * phone → the invoice is there and the QR code carries its payment (the test reads it) →
 * the office records the payment at 1280 px → the hours count in the lounge.
 */
test('Stunden nachkaufen: low on hours, buy 5 h, pay by QR code, hours usable once paid', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  await apiCall(request, token, 'PUT', '/api/admin/customer-voice', { customer_voice: 'du' });
  // A price nobody else offers names this test's package on the shared portal.
  const priceCents = 5000 + (Date.now() % 900);
  const offer = await apiCall<{ id: number }>(request, token, 'POST', '/api/settings/hour-shop/offers', {
    hours: 5,
    price_per_hour: priceCents / 100,
  });
  await apiCall(request, token, 'PUT', '/api/settings/hour-shop', {
    release: 'payment',
    requires_confirmation: false,
    daily_limit: 3,
  });
  const customer = await createCustomer(request, token, `Nachkauf${Date.now().toString(36)}`);
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 2,
    price_per_hour: 50,
  });
  await addEntry(
    request,
    token,
    customer.id,
    project.id,
    1.75,
    viennaToday().iso,
    'stundenpakete',
    'Drucker eingerichtet',
  );
  // 5 × the price, plus 20 % VAT rounded half-up to the cent (DOMAIN-RULES §7).
  const netCents = 5 * priceCents;
  const gross = (netCents + Math.round(netCents / 5)) / 100;
  const euro = `€ ${gross.toFixed(2).replace('.', ',')}`;

  await test.step('the banner leads to the counter on the phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomerInBrowser(page, customer.email, 'Kunden-Passwort-123');
    const banner = page.getByTestId('low-balance-banner');
    await expect(banner).toContainText('Du hast jetzt noch 0,25 h verfügbar.');
    await banner.getByRole('link', { name: 'Stunden nachkaufen' }).click();
    await expect(page).toHaveURL(/\/customer\/stunden-nachkaufen$/);
    await expect(page.getByRole('heading', { name: 'Stunden nachkaufen', level: 1 })).toBeVisible();
    await expect(page.getByText('Die Stunden kannst du nutzen, sobald deine Zahlung eingegangen ist.')).toBeVisible();
    await expect(page.getByTestId(`offer-gross-${offer.id}`)).toHaveText(euro);
    await screenshotBoth(page, 'lounge-hour-shop');
  });

  await test.step('choose 5 hours, check the order, buy once', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page
      .getByRole('radio', { name: '5 Stunden' })
      .filter({ has: page.getByTestId(`offer-gross-${offer.id}`) });
    await card.click();
    await page.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bestellung prüfen' });
    await expect(dialog.getByText(`Du bestellst 5 Stunden für ${euro}.`)).toBeVisible();
    await expect(dialog.getByText('inkl. 20 % USt.')).toBeVisible();
    await screenshotBoth(page, 'lounge-hour-shop-confirm');
    await dialog.getByRole('button', { name: 'Kostenpflichtig bestellen' }).dblclick();
    const result = page.getByTestId('hour-order-result');
    await expect(result).toContainText('Danke für deine Bestellung');
    await expect(result).toContainText('5 Stunden werden dir gutgeschrieben, sobald deine Zahlung eingegangen ist.');
    await expect(result).toContainText(
      new RegExp(`Rechnung \\S+ über ${euro.replace('€ ', '€\\s')}, zahlbar bis \\d{2}\\.\\d{2}\\.\\d{4}\\.`),
    );
    await screenshotBoth(page, 'lounge-hour-shop-ordered');
  });

  const orders = await apiCall<Array<{ customer_id: number; invoice: { id: number; invoice_number: string } }>>(
    request,
    token,
    'GET',
    '/api/hour-orders?state=awaiting_payment',
  );
  const mine = orders.filter((o) => o.customer_id === customer.id);
  // The double tap bought once.
  expect(mine).toHaveLength(1);
  const invoice = mine[0].invoice;

  await test.step('pay with the QR code: it carries the invoice’s amount and reference', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('hour-order-result').getByRole('button', { name: 'Bezahlen' }).click();
    const dialog = page.getByRole('dialog', { name: `Rechnung ${invoice.invoice_number} bezahlen` });
    await dialog.getByRole('button', { name: 'Auf einem anderen Gerät? Code scannen' }).click();
    const qr = dialog.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    const payload = decodeQr((await qr.getAttribute('src')) as string).split('\n');
    // EPC069-12: service tag, version, charset, SCT, BIC, name, IBAN, amount, purpose, reference.
    expect(payload[0]).toBe('BCD');
    expect(payload[6]).toBe('AT611904300234573201');
    expect(payload[7]).toBe(`EUR${gross.toFixed(2)}`);
    expect(payload[9]).toMatch(/^RF\d{2}/);
    await dialog
      .getByRole('button', { name: /Schließen|Fertig/ })
      .first()
      .click();
  });

  await test.step('the office records the payment; the hours count in the lounge', async () => {
    const staff = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 1280, height: 900 } });
    const office = await (staff ?? page.context()).newPage();
    await loginAsAdminInBrowser(office);
    await office.goto(`/admin/quickbill/invoices/${invoice.id}`);
    await office.getByRole('button', { name: 'Zahlung erfassen' }).click();
    const pay = office.getByRole('dialog', { name: 'Zahlung erfassen' });
    await expect(pay.getByLabel('Betrag (€)')).toHaveValue(gross.toFixed(2).replace('.', ','));
    await pay.getByRole('button', { name: 'Zahlung erfassen' }).click();
    await expect(office.getByText('Bezahlt', { exact: true }).first()).toBeVisible();
    await staff?.close();

    await page.goto('/customer/stunden-nachkaufen');
    await expect(page.getByText('Stunden gutgeschrieben').first()).toBeVisible();
    await page.goto('/customer/dashboard');
    await expect(page.getByTestId('hour-package-card')).toContainText('5,25');
    await expect(page.getByTestId('low-balance-banner')).toHaveCount(0);
  });
});

/**
 * The owner's side: the catalogue and "Bestellungen erst nach Bestätigung" in Einstellungen
 * at 1280 px; the office declines one order with a reason and confirms another; the customer
 * reads both outcomes on the phone.
 */
test('Stunden nachkaufen with confirmation: the owner sets it up, the office declines and confirms', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  await apiCall(request, token, 'PUT', '/api/admin/customer-voice', { customer_voice: 'du' });
  const hours = 3 + (Date.now() % 40) / 2;
  const label = `${String(hours).replace('.', ',')} Stunden`;

  await test.step('Einstellungen: a package for the lounge and the confirmation switch', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdminInBrowser(page);
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Stunden nachkaufen' });
    await card.getByRole('button', { name: 'Stundenpaket hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stundenpaket hinzufügen' });
    await dialog.getByLabel('Stunden').fill('5,3');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Die Stunden müssen ein Vielfaches von 0,5 sein')).toBeVisible();
    await dialog.getByLabel('Stunden').fill(String(hours).replace('.', ','));
    await dialog.getByLabel('Preis pro Stunde (netto)').fill('60');
    await screenshotBoth(page, 'settings-hour-offer-dialog');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('hour-offers')).toContainText(`${label} · € 60,00 pro Stunde`);
    await card.getByRole('radio', { name: 'Sofort nach der Bestellung' }).check();
    await card.getByRole('switch', { name: 'Bestellungen erst nach Bestätigung durch das Büro ausführen' }).check();
    await card.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Einstellungen für „Stunden nachkaufen“ gespeichert')).toBeVisible();
    await screenshotBoth(page, 'settings-hour-shop');
  });

  const customer = await createCustomer(request, token, `Bestaetigt${Date.now().toString(36)}`);
  await test.step('the customer orders twice on the phone; both wait for the office', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomerInBrowser(page, customer.email, 'Kunden-Passwort-123');
    // Not low on hours, no Freigabe: the lounge still has a way to the counter.
    await page.getByTestId('hour-shop-link').getByRole('link', { name: 'Stunden nachkaufen' }).click();
    await expect(page).toHaveURL(/\/customer\/stunden-nachkaufen$/);
    await expect(
      page.getByText('Sobald wir deine Bestellung bestätigt haben, bekommst du die Rechnung', { exact: false }),
    ).toBeVisible();
    // "Sofort" with the office's confirmation: nothing is usable or payable before it.
    await expect(
      page.getByText('Die Stunden kannst du nutzen, sobald wir deine Bestellung bestätigt haben.'),
    ).toBeVisible();
    await expect(page.getByText('gleich nach der Bestellung', { exact: false })).toHaveCount(0);
    await expect(page.getByText('zeigen wir dir gleich', { exact: false })).toHaveCount(0);
    for (let i = 0; i < 2; i++) {
      if (i > 0) await page.goto('/customer/stunden-nachkaufen');
      await page.getByRole('radio', { name: label }).click();
      await page.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
      await page
        .getByRole('dialog', { name: 'Bestellung prüfen' })
        .getByRole('button', { name: 'Kostenpflichtig bestellen' })
        .click();
      await expect(page.getByTestId('hour-order-result')).toContainText(`Wir prüfen deine Bestellung über ${label}`);
    }
    await expect(page.getByText('Wird von uns geprüft')).toHaveCount(2);
  });

  await test.step('the office declines one with a reason and confirms the other', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdminInBrowser(page);
    await page.goto('/admin/dashboard');
    await page.getByTestId('hour-orders-waiting').getByRole('link', { name: 'Jetzt ansehen' }).click();
    await expect(page).toHaveURL(/\/admin\/stundenbestellungen$/);
    const rows = page.getByRole('row').filter({ hasText: customer.name });
    await expect(rows).toHaveCount(2);
    await rows.first().getByRole('button', { name: 'Ablehnen' }).click();
    const decline = page.getByRole('dialog', { name: 'Bestellung ablehnen' });
    await decline.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(decline.getByText('Bitte geben Sie einen Grund an')).toBeVisible();
    await decline.getByLabel('Begründung für den Kunden').fill('Bitte zuerst die offene Rechnung begleichen.');
    await decline.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(decline).toBeHidden();
    await expect(rows).toHaveCount(1);
    await screenshotBoth(page, 'hour-orders-waiting');
    // A double click confirms once: the success, and no red "nicht mehr offen" after it.
    await rows.first().getByRole('button', { name: 'Bestätigen' }).dblclick();
    await expect(page.getByText(`Bestellung von ${customer.name} bestätigt: Rechnung versendet`)).toBeVisible();
    await expect(page.getByText('Diese Bestellung wurde schon bearbeitet')).toHaveCount(0);
    await expect(rows).toHaveCount(0);
  });

  await test.step('the customer reads both outcomes', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomerInBrowser(page, customer.email, 'Kunden-Passwort-123');
    await page.goto('/customer/stunden-nachkaufen');
    await expect(page.getByText('Abgelehnt', { exact: true })).toBeVisible();
    await expect(page.getByText('Bitte zuerst die offene Rechnung begleichen.')).toBeVisible();
    await expect(page.getByText('Stunden gutgeschrieben', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Bezahlen: Rechnung / })).toBeVisible();
    await screenshotBoth(page, 'lounge-hour-orders');
  });
});
