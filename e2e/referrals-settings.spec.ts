import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { dialog, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { expectNoSidewaysScrollSoon } from './referrals-scenario';

/** The referral programme card of the settings page (SPEC §2, §5, §8, §9). */
test('referral settings: clamping, validation texts, switch, save and reset', async ({ page, request }) => {
  test.setTimeout(120_000); // three saves, a reset and six screenshots
  await loginAsAdminInBrowser(page);
  await page.goto('/admin/settings');
  const card = page.getByTestId('referral-settings-card');
  const discount = card.getByLabel('Rabatt pro erfolgreicher Empfehlung');
  await expect(discount).toHaveValue('3\u00a0%', { timeout: 30_000 });
  await expect(card.getByLabel('R-Schwellenwert 1')).toHaveValue('0,5');
  await expect(card.getByLabel('Rabatt-Cap 5')).toHaveValue('100\u00a0%');
  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'referrals-settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScrollSoon(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The discount input is clamped to 0–100.
  await discount.fill('150');
  await discount.blur();
  await expect(discount).toHaveValue('100\u00a0%');
  await discount.fill('');

  // Validation with SPEC §5's words under the fields; nothing is sent.
  await card.getByLabel('R-Schwellenwert 2').fill('-1');
  await card.getByLabel('Rabatt-Cap 3').fill('120');
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(card.getByText('Rabatt muss zwischen 0 und 100 Prozent liegen')).toBeVisible();
  await expect(card.getByText('R-Schwellenwert 2 muss positiv sein')).toBeVisible();
  await expect(card.getByText('Rabatt-Cap 3 muss zwischen 0 und 100 Prozent liegen')).toBeVisible();
  const token = await adminToken(request);
  expect((await apiCall(request, token, 'GET', '/api/referral-settings')).default_discount_percentage).toBe(3);
  await screenshotBoth(page, 'referrals-settings-errors');

  // A valid change is saved.
  await discount.fill('5');
  await card.getByLabel('R-Schwellenwert 2').fill('1,5');
  await card.getByLabel('Rabatt-Cap 3').fill('80');
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Einstellungen erfolgreich gespeichert');
  const saved = await apiCall(request, token, 'GET', '/api/referral-settings');
  expect(saved).toMatchObject({ default_discount_percentage: 5, r_threshold_2: 1.5, cap_percentage_3: 80 });

  // Switched off: every input is disabled; the state is saved.
  await card.getByLabel('Empfehlungsprogramm aktiv').click();
  for (const label of [
    'Rabatt pro erfolgreicher Empfehlung',
    'R-Schwellenwert 1',
    'R-Schwellenwert 4',
    'Rabatt-Cap 1',
  ]) {
    await expect(card.getByLabel(label)).toBeDisabled();
  }
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Einstellungen erfolgreich gespeichert');
  expect((await apiCall(request, token, 'GET', '/api/referral-settings')).is_active).toBe(false);
  await screenshotBoth(page, 'referrals-settings-off');

  // Reset asks first, then restores SPEC §9's defaults.
  await card.getByRole('button', { name: 'Auf Standard zurücksetzen' }).click();
  const confirm = dialog(page, 'Einstellungen zurücksetzen');
  await expect(confirm).toContainText('auf die Standardwerte zurücksetzen');
  await confirm.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expectToast(page, 'Einstellungen auf Standard zurückgesetzt');
  await expect(discount).toHaveValue('3\u00a0%');
  await expect(discount).toBeEnabled();
  await expect(card.getByLabel('R-Schwellenwert 2')).toHaveValue('1');
  expect((await apiCall(request, token, 'GET', '/api/referral-settings')).is_active).toBe(true);
});
