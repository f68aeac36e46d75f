import { CUSTOMER_VOICES, type CustomerVoice, foreignVoiceWords } from '@butler/contract/voice';
import { expect, type Page, test } from '@playwright/test';
import { addEntry, createCustomer, firstOfMonth, PASSWORD, sellButlerPaket, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsCustomerInBrowser, signOutInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

/** Everything the page shows (dialogs included), checked for words of the other form (decision 0620). */
async function expectOnlyVoice(page: Page, voice: CustomerVoice, screen: string) {
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  const text = await page.locator('body').innerText();
  expect(foreignVoiceWords(voice, text), `${screen} (${voice}): ${text}`).toEqual([]);
}

/**
 * The customer screens in both settings of "Anrede der Kunden", and the hour case of decision 0623:
 * 1,50 h carried over from last month, one booking today leaving 0,25 h in the ring
 * (decision 0623). Screenshots at 1280 and 390 px of every screen in both settings.
 */
test('every customer screen speaks one form, and the hours tell one story', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const firstName = `Maria-${Date.now().toString(36).slice(-4)}`;
  const customer = await createCustomer(request, token, firstName);
  await apiCall(request, token, 'PUT', `/api/customers/${customer.id}`, { salutation: 'frau' });
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  await sellButlerPaket(request, token, customer.id, {
    label: 'Klar',
    monthlyHours: 10,
    startDate: firstOfMonth(-1).iso,
  });
  const lastMonth = firstOfMonth(-1).iso;
  await addEntry(request, token, customer.id, project.id, 4, lastMonth, 'abos', 'Ablage sortiert');
  await addEntry(request, token, customer.id, project.id, 4.5, lastMonth, 'abos', 'Termine koordiniert');
  await addEntry(request, token, customer.id, project.id, 9.75, viennaToday().iso, 'abos', 'Umzug geplant');

  try {
    for (const voice of CUSTOMER_VOICES) {
      await apiCall(request, token, 'PUT', '/api/admin/customer-voice', { customer_voice: voice });
      await signOutInBrowser(page);

      await test.step(`${voice}: login and "Passwort vergessen" speak to nobody in particular`, async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { name: 'Willkommen in der Lounge' })).toBeVisible();
        await expectOnlyVoice(page, voice, 'Anmeldung');
        await page.goto('/passwort-vergessen');
        await expect(page.getByRole('heading', { name: 'Neues Passwort anfordern' })).toBeVisible();
        await expectOnlyVoice(page, voice, 'Passwort vergessen');
      });

      await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
      await test.step(`${voice}: the lounge, its hours and its dialogs`, async () => {
        const sub = page.getByTestId('subscription-card');
        // The ring: usable now, this month's rest plus the carry-over (decision 0742), and the sum under it.
        await expect(sub.getByTestId('subscription-ring-amount')).toHaveText('1,75h');
        await expect(sub.getByTestId('usable-hours-butler')).toHaveText('1,75 h');
        await expect(sub.getByTestId('usable-hours-used')).toHaveText('−9,75 h');
        await expect(sub.getByTestId('usable-hours-carried')).toHaveText('+1,50 h');
        // The banner names the same figure.
        const banner = page.getByTestId('low-balance-banner');
        await expect(banner).toContainText('jetzt noch 1,75 h verfügbar');
        await expect(banner).toContainText(voice === 'du' ? 'Dein Guthaben wird knapp' : 'Ihr Guthaben wird knapp');
        await expectOnlyVoice(page, voice, 'Lounge');
        await screenshotBoth(page, `voice-${voice}-lounge`);

        await sub.getByRole('button', { name: 'Verlauf anzeigen' }).click();
        const history = page.getByRole('dialog', { name: 'Verlauf der BUTLER-Stunden' });
        await expect(history.getByTestId('history-total-balance')).toHaveText('+1,75 h');
        await page.keyboard.press('Escape');
        await expect(history).toBeHidden();

        await page.getByRole('button', { name: 'Mein BUTLER kontaktieren' }).first().click();
        const contact = page.getByRole('dialog', { name: 'Mein BUTLER' });
        await expect(contact).toContainText(voice === 'du' ? 'für dich da' : 'für Sie da');
        await expectOnlyVoice(page, voice, 'Kontakt');
        await screenshotBoth(page, `voice-${voice}-contact`);
        await page.keyboard.press('Escape');
        await expect(contact).toBeHidden();
      });

      await test.step(`${voice}: deductions and Mein Konto`, async () => {
        await page.goto('/customer/time-entries/butler-packages');
        await expect(page.getByTestId('deduction-count')).toBeVisible();
        await expectOnlyVoice(page, voice, 'Abbuchungen');
        await page.goto('/customer/account');
        await expect(page.getByTestId('reveals-section')).toContainText(
          voice === 'du' ? 'Zugriffe auf deine Zugangsdaten' : 'Zugriffe auf Ihre Zugangsdaten',
        );
        await expectOnlyVoice(page, voice, 'Mein Konto');
        await screenshotBoth(page, `voice-${voice}-account`);
      });
    }
  } finally {
    await apiCall(request, token, 'PUT', '/api/admin/customer-voice', { customer_voice: 'du' });
  }
});
