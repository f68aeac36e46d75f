import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { adminToken, apiCall, apiLogin, loginAsAdminInBrowser, loginAsCustomerInBrowser } from './fixtures/api';
import { dialog, expectToast, pickOption } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import {
  decodeQr,
  expectNoSidewaysScrollSoon,
  GIFT,
  PASSWORD,
  type Person,
  seedReferralStory,
} from './referrals-scenario';

/**
 * Decision 0286 in the browser: Anna refers Bernd (and Clara) by code → Bernd buys → Anna's
 * lounge shows the savings and the next tier, the QR overlay carries her code; the admin
 * sees both sides in the Empfehlungen cards, links and unlinks referrers and sells the
 * referral gift ('Empfehlungskauf').
 */
test.describe
  .serial('referral programme', () => {
    let api: APIRequestContext;
    let token: string;
    let story: Awaited<ReturnType<typeof seedReferralStory>>;

    test.describe.configure({ timeout: 120_000 });
    test.beforeAll(async () => {
      api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
      token = await adminToken(api);
      story = await seedReferralStory(api, token);
    });
    test.afterAll(async () => api.dispose());

    test('Bernd’s purchase gave Anna her first referral discount', () => {
      expect(story.bonus).toEqual({ discount_applied: 3, referrer_name: story.anna.name });
    });

    test('Anna’s lounge: savings, next tier, referral badges and the QR overlay', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await loginAsCustomerInBrowser(page, story.anna.email, PASSWORD);
      const card = page.getByTestId('referral-savings-card');
      await expect(card).toBeVisible();
      await expect(page.getByTestId('referral-teaser-card')).toHaveCount(0);
      // 1 × 3 % of € 500 a month, over the 12 months of the term.
      await expect(card.getByTestId('referral-discount')).toHaveText('3 %');
      await expect(card.getByTestId('referral-monthly')).toHaveText('€ 15,00');
      await expect(card.getByTestId('referral-total')).toHaveText('€ 180,00');
      // Bernd's 5 h / Anna's 10 h = 0,5: exactly threshold 1 → tier 2; tier 3 needs ratio 1.
      const tier = card.getByTestId('referral-tier');
      await expect(tier).toContainText('Aktuelle StufeStufe 2bis 50 % Rabatt');
      await expect(tier).toContainText('Nächste StufeStufe 3bis 80 % Rabatt');
      await expect(tier).toContainText('noch 5,00 h Empfehlungsstunden bis Stufe 3');
      const list = card.getByTestId('referral-list');
      await expect(list.locator('> div')).toHaveCount(2);
      // First names and whether each counts, nothing else of theirs (decision 0503).
      await expect(list.locator('> div').nth(0)).toHaveText('Bernd+3% Rabatt');
      await expect(list.locator('> div').nth(1)).toHaveText('ClaraZählt noch nicht');
      await expect(card).not.toContainText(story.bernd.name);
      await expect(card).not.toContainText(story.bernd.email);
      await screenshotBoth(page, 'referrals-lounge');
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScrollSoon(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      // QR overlay: the image on the page decodes to what the API says it carries (0184, 0760).
      await card.getByRole('button', { name: 'Empfehlungscode teilen' }).click();
      const overlay = dialog(page, 'Dein Empfehlungscode');
      const image = overlay.getByTestId('referral-qr-image');
      await expect(image).toBeVisible();
      await expect(image).toHaveAttribute('width', '200');
      await expect(overlay.getByTestId('referral-qr-code')).toHaveText(story.anna.referral_code);
      const annaToken = (await apiLogin(api, 'customer', story.anna.email, PASSWORD)).token;
      const qr = await apiCall(api, annaToken, 'GET', `/api/customers/${story.anna.id}/qr-code`);
      expect(qr.referral_code).toBe(story.anna.referral_code);
      const shown = decodeQr((await image.getAttribute('src')) ?? '');
      expect(shown).toBe(decodeQr(qr.qr_code));
      const code = story.anna.referral_code;
      // A link to the friend's page, not a text (decision 0760).
      expect(shown).toBe(qr.invite_url);
      expect(shown).toMatch(new RegExp(`^https?://[^/]+/empfehlung/${code}$`));
      await expect(overlay.getByRole('link', { name: 'Per WhatsApp teilen' })).toHaveAttribute(
        'href',
        qr.whatsapp_link,
      );
      await expect(overlay.getByRole('link', { name: 'Per E-Mail empfehlen' })).toHaveAttribute('href', qr.mailto_link);
      expect(decodeURIComponent(qr.mailto_link)).toContain(code);

      await overlay.getByRole('button', { name: 'Empfehlungscode kopieren' }).click();
      await expectToast(page, 'Empfehlungscode kopiert!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await screenshotBoth(page, 'referrals-qr-overlay');
    });

    test('Dora (ButlerPaket, no referrals) sees the teaser; Emil (no ButlerPaket) sees nothing', async ({ page }) => {
      await loginAsCustomerInBrowser(page, story.dora.email, PASSWORD);
      const teaser = page.getByTestId('referral-teaser-card');
      await expect(teaser).toContainText(
        'Für jeden erfolgreich empfohlenen Kunden erhältst du 3 % Rabatt auf dein ButlerPaket – bis zu 100 %.',
      );
      await expect(teaser).toContainText(`Deine Freunde bekommen ${GIFT}.`);
      await expect(page.getByTestId('referral-savings-card')).toHaveCount(0);
      await teaser.getByRole('button', { name: 'Empfehlungscode teilen' }).click();
      await expect(dialog(page, 'Dein Empfehlungscode').getByTestId('referral-qr-code')).toHaveText(
        story.dora.referral_code,
      );
      await page.keyboard.press('Escape');
      await screenshotBoth(page, 'referrals-teaser');

      await page.getByRole('button', { name: 'Abmelden' }).click();
      await loginAsCustomerInBrowser(page, story.emil.email, PASSWORD);
      await expect(page.getByText('Keine Stunden verfügbar')).toBeVisible();
      await expect(page.getByTestId('referral-teaser-card')).toHaveCount(0);
      await expect(page.getByTestId('referral-savings-card')).toHaveCount(0);
    });

    const cardOf = async (page: import('@playwright/test').Page, who: Person) => {
      await page.goto(`/admin/customers/${who.id}/view`);
      const card = page.getByTestId('referrals-card');
      // The customer view loads a dozen panels at once; on a busy machine the card comes last.
      await expect(card.getByTestId('referred-by')).toBeVisible({ timeout: 30_000 });
      return card;
    };

    test('admin Empfehlungen cards: Anna’s given referrals and tier, Bernd’s referrer', async ({ page }) => {
      await loginAsAdminInBrowser(page);
      const anna = await cardOf(page, story.anna);
      await expect(anna.getByTestId('referred-by')).toHaveText('Direkt registriert');
      await expect(anna.getByTestId('referral-discount')).toHaveText('3 %');
      const given = anna.getByTestId('given-referrals');
      await expect(given.getByText(story.bernd.name).locator('xpath=../..')).toContainText('Aktiv');
      await expect(given.getByText(story.clara.name).locator('xpath=../..')).toContainText('Noch kein Abo');
      await expect(anna.getByTestId('referral-tier')).toContainText('noch 5,00 h Empfehlungsstunden bis Stufe 3');
      await expect(anna.getByRole('button', { name: 'Empfehlungsgeber hinzufügen' })).toBeVisible();
      await screenshotBoth(page, 'referrals-admin-card');

      const bernd = await cardOf(page, story.bernd);
      await expect(bernd.getByTestId('referred-by')).toContainText(story.anna.name);
      await expect(bernd.getByTestId('referred-by')).toContainText(story.anna.referral_code);
      // Only one referrer: no add action while one is set.
      await expect(bernd.getByRole('button', { name: 'Empfehlungsgeber hinzufügen' })).toHaveCount(0);
    });

    test('admin removes Clara’s referrer and adds it again through the dialog', async ({ page }) => {
      await loginAsAdminInBrowser(page);
      let clara = await cardOf(page, story.clara);
      await clara.getByRole('button', { name: `Empfehlung von ${story.anna.name} entfernen` }).click();
      const confirm = dialog(page, 'Empfehlung entfernen');
      await expect(confirm).toContainText('Sind Sie sicher, dass Sie die Empfehlung entfernen möchten?');
      await confirm.getByRole('button', { name: 'Entfernen' }).click();
      await expectToast(page, 'Empfehlung entfernt');
      await expect(clara.getByTestId('referred-by')).toHaveText('Direkt registriert');

      await clara.getByRole('button', { name: 'Empfehlungsgeber hinzufügen' }).click();
      const add = dialog(page, 'Empfehlungsgeber hinzufügen');
      await add.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(add.getByText('Bitte wählen Sie einen Empfehlungsgeber aus')).toBeVisible();
      // The current customer is not offered as her own referrer.
      const picker = add.getByPlaceholder('Kunde suchen (ab 3 Zeichen)...');
      await picker.click();
      await picker.fill(story.stamp);
      await expect(page.getByRole('option', { name: new RegExp(story.anna.name) })).toBeVisible();
      await expect(page.getByRole('option', { name: new RegExp(story.clara.name) })).toHaveCount(0);
      // A referrer deleted meanwhile: the server's 'Empfehlungsgeber nicht gefunden'.
      await page.getByRole('option', { name: new RegExp(story.emil.name) }).click();
      await apiCall(api, token, 'DELETE', `/api/customers/${story.emil.id}`);
      await add.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(add.getByText('Empfehlungsgeber nicht gefunden')).toBeVisible();
      await pickOption(page, picker, new RegExp(story.anna.name), story.anna.name.split(' ')[1]);
      await screenshotBoth(page, 'referrals-add-dialog');
      await add.getByRole('button', { name: 'Hinzufügen' }).click();
      await expectToast(page, `Empfehlungsgeber ${story.anna.name} hinzugefügt`);
      clara = page.getByTestId('referrals-card');
      await expect(clara.getByTestId('referred-by')).toContainText(story.anna.name);
    });

    test('Empfehlungskauf: Clara’s gift package, live total, server check, (Empfehlung) marker', async ({ page }) => {
      await loginAsAdminInBrowser(page);
      await page.goto('/admin/customers');
      await page.getByRole('tab', { name: 'Stundenpakete' }).click();
      await page.getByRole('button', { name: 'Empfehlungskauf' }).click();
      const gift = dialog(page, 'Empfehlungskauf');
      await expect(gift.getByLabel('Stunden')).toHaveValue('2');
      await expect(gift.getByLabel('Preis pro Stunde')).toHaveValue('€ 0,00');
      await gift.getByRole('button', { name: 'Speichern' }).click();
      await expect(gift.getByText('Bitte wählen Sie einen Kunden aus')).toBeVisible();
      await expect(gift.getByText('Bitte geben Sie einen Empfehlungscode ein')).toBeVisible();
      await pickOption(
        page,
        gift.getByPlaceholder('Kunde suchen (ab 3 Zeichen)...'),
        new RegExp(story.clara.name),
        story.clara.name,
      );
      await expect(gift.getByText(`Empfohlen von ${story.anna.name} (Code ${story.anna.referral_code})`)).toBeVisible();
      // Default discount 3 %: 2 h × € 50 × 0,97; a custom 10 % → € 90,00.
      await gift.getByLabel('Preis pro Stunde').fill('50');
      await expect(gift.getByTestId('referral-purchase-total')).toHaveText('€ 97,00');
      await gift.getByLabel('Individueller Rabatt (%)').fill('10');
      await expect(gift.getByTestId('referral-purchase-total')).toHaveText('€ 90,00');
      // Someone else's code is refused by the server, shown under the field.
      await gift.getByLabel('Empfehlungscode').fill(story.bernd.referral_code);
      await gift.getByRole('button', { name: 'Speichern' }).click();
      await expect(gift.getByText('Der Empfehlungscode gehört nicht zum Empfehlungsgeber dieses Kunden')).toBeVisible();
      await gift.getByLabel('Empfehlungscode').fill(story.anna.referral_code.toLowerCase());
      await screenshotBoth(page, 'referrals-purchase-dialog');
      await gift.getByRole('button', { name: 'Speichern' }).click();
      await expectToast(page, `Empfehlungskauf gespeichert. ${story.anna.name} erhält jetzt 6 % Rabatt.`);
      const row = page.getByRole('row').filter({ hasText: story.clara.name });
      await expect(row).toContainText('(Empfehlung)');
      await expect(row).toContainText('€ 90,00');

      // Anna's card now counts both referrals as active.
      const anna = await cardOf(page, story.anna);
      await expect(anna.getByTestId('referral-discount')).toHaveText('6 %');
      await expect(anna.getByText('2 von 2 aktiv')).toBeVisible();
    });
  });
