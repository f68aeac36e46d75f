import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { dialog, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { createSentInvoice, saveProviderSettings } from './quickbill-helpers';

// The owner's settings that reach the lounge (decisions 0760, 0761), how pages print (0764),
// and the figures and numbers of Quickbill (0759, 0763).

const PASSWORD = 'Kunden-Passwort-123';
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vienna' }).format(new Date());

/** A customer with a ButlerPaket since today and no referrals: the lounge shows the referral teaser. */
async function customerWithButlerPaket(request: APIRequestContext, token: string, lastName: string) {
  const customer = await apiCall<{ id: number; email: string; referral_code: string }>(
    request,
    token,
    'POST',
    '/api/customers',
    {
      first_name: 'Greta',
      last_name: lastName,
      email: uniqueEmail('greta'),
      password: PASSWORD,
      street: 'Herrengasse 3',
      postal_code: '1010',
      city: 'Wien',
    },
  );
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `Komfort ${Date.now().toString(36)}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 1,
  });
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 10,
    start_date: today(),
  });
  return customer;
}

test('the referral gift is the owner’s setting, and the QR code leads a friend to a page with it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const before = await apiCall(request, token, 'GET', '/api/referral-settings');
  const customer = await customerWithButlerPaket(request, token, `Empfehlerin${Date.now().toString(36)}`);
  try {
    await test.step('Einstellungen: the gift is a field of the referral programme', async () => {
      await loginAsAdminInBrowser(page);
      await page.goto('/admin/settings');
      const card = page.getByTestId('referral-settings-card');
      const gift = card.getByRole('textbox', { name: 'Geschenk für empfohlene Neukunden' });
      await expect(gift).toHaveValue(before.gift_text);
      await gift.fill('eine Stunde gratis zum Kennenlernen');
      await card.getByRole('button', { name: 'Speichern' }).click();
      await expectToast(page, 'Einstellungen erfolgreich gespeichert');
      await screenshotBoth(page, 'referral-settings-gift');
    });

    let inviteUrl = '';
    await test.step('the lounge names it; the overlay shares a link by mail, WhatsApp or copy', async () => {
      await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
      const teaser = page.getByTestId('referral-teaser-card');
      await expect(teaser).toContainText('Deine Freunde bekommen eine Stunde gratis zum Kennenlernen.');
      await teaser.getByRole('button', { name: 'Empfehlungscode teilen' }).click();
      const overlay = dialog(page, 'Dein Empfehlungscode');
      const whatsapp = overlay.getByRole('link', { name: 'Per WhatsApp teilen' });
      const href = (await whatsapp.getAttribute('href')) ?? '';
      expect(href.startsWith('https://wa.me/?text=')).toBe(true);
      const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
      inviteUrl = /(https?:\/\/\S+\/empfehlung\/[A-Z0-9]+)$/.exec(text)?.[1] ?? '';
      expect(text).toContain(
        `Empfehlungscode ${customer.referral_code} bekommst du eine Stunde gratis zum Kennenlernen`,
      );
      expect(inviteUrl).toMatch(new RegExp(`/empfehlung/${customer.referral_code}$`));
      await expect(overlay.getByRole('button', { name: 'Link kopieren' })).toBeVisible();
      await screenshotBoth(page, 'referral-overlay-share');
    });

    await test.step('the friend’s page: code, gift, how to get in touch; nothing about the customer', async () => {
      const friend = await browser.newPage({ baseURL: test.info().project.use.baseURL });
      await friend.goto(new URL(inviteUrl).pathname);
      const invitation = friend.getByTestId('referral-invitation');
      await expect(invitation.getByTestId('invitation-code')).toHaveText(customer.referral_code);
      await expect(invitation).toContainText('Mit diesem Code gibt es zum Start eine Stunde gratis zum Kennenlernen.');
      await expect(invitation).not.toContainText('Greta');
      await expect(invitation.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/');
      await screenshotBoth(friend, 'referral-friend-page');
      await friend.goto('/empfehlung/kaputt!');
      await expect(friend.getByTestId('referral-invitation')).toContainText('keinen gültigen Empfehlungscode');
      await friend.close();
    });
  } finally {
    await apiCall(request, token, 'PUT', '/api/referral-settings', before);
  }
});

test('the owner sets the WhatsApp number the lounge’s contact dialog offers', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  // The settings form saves only with the issuer's required data (decision 0632).
  await saveProviderSettings(request, token);
  const before = await apiCall<{ whatsapp_number: string }>(request, token, 'GET', '/api/quickbill/settings');
  const customer = await customerWithButlerPaket(request, token, `Kontakt${Date.now().toString(36)}`);
  try {
    await loginAsAdminInBrowser(page);
    await page.goto('/admin/quickbill/settings');
    const field = page.getByRole('textbox', { name: 'WhatsApp-Nummer' });
    await field.fill('ruf mich an');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Bitte geben Sie eine Mobilnummer an, z. B. +43 664 1234567').first()).toBeVisible();
    await field.fill('+43 660 555 12 34');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expectToast(page, /^Einstellungen gespeichert/);
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
    await page.getByRole('button', { name: 'Mein BUTLER kontaktieren' }).click();
    await expect(dialog(page, 'Mein BUTLER').getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/436605551234',
    );
  } finally {
    await apiCall(request, token, 'PUT', '/api/quickbill/settings', { whatsapp_number: before.whatsapp_number });
  }
});

test('printing: the lounge and the customer page without navigation and buttons, the dark parts readable', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const customer = await customerWithButlerPaket(request, token, `Druck${Date.now().toString(36)}`);
  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  await expect(page.getByRole('button', { name: 'Mein BUTLER kontaktieren' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Mein BUTLER kontaktieren' })).toBeHidden();
  await expect(page.getByRole('button', { name: /Abmelden/ })).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Zu Diensten, Greta\./ })).toBeVisible();
  const kept = await page
    .locator('[data-print="keep-colours"]')
    .first()
    .evaluate((el) => getComputedStyle(el).printColorAdjust);
  expect(kept).toBe('exact');
  expect(
    await page
      .getByTestId('top-bar')
      .evaluate((el) => [getComputedStyle(el).position, getComputedStyle(el).printColorAdjust]),
  ).toEqual(['static', 'exact']);
  await screenshotBoth(page, 'print-lounge');

  await page.emulateMedia({ media: 'screen' });
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByRole('tab', { name: 'ButlerPakete' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('tab', { name: 'ButlerPakete' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
  await expect(page.locator('.mantine-Button-root:visible')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshotBoth(page, 'print-customer-page');
  await page.emulateMedia({ media: 'screen' });
});

test('Quickbill: "Zahlungseingang" is named so, and invoice numbers stay on one line at 1280 px', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await customerWithButlerPaket(request, token, `Nummer${Date.now().toString(36)}`);
  const sent = await createSentInvoice(request, token, customer.id, {
    invoiceDate: today(),
    dueDate: today(),
    price: 120,
    text: 'Einkaufsbegleitung',
  });
  await loginAsAdminInBrowser(page);
  await page.goto('/admin/quickbill');
  await expect(page.getByTestId('tile-revenue')).toContainText('Zahlungseingang ');
  await expect(page.getByTestId('tile-revenue')).toContainText('Eingegangene Zahlungen');
  await expect(page.getByRole('button', { name: 'Monat abrechnen' })).toBeVisible();
  await page.goto(`/admin/quickbill/invoices?suche=${encodeURIComponent(sent.number)}`);
  const number = page.getByRole('link', { name: sent.number, exact: true }).first();
  await expect(number).toBeVisible();
  const box = await number.boundingBox();
  const lineHeight = await number.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
  expect(box!.height).toBeLessThan(lineHeight * 1.5);
});
