import { expect, test } from '@playwright/test';

// Decision 0411: the login pages arrive as finished HTML and paint before any script runs.
test.describe('pre-rendered login pages', () => {
  test.use({ javaScriptEnabled: false });

  test('the customer login shows its whole page without a script, and nothing can be sent yet', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Zu Diensten.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Willkommen in Ihrer Lounge' })).toBeVisible();
    await expect(page.getByText('Melden Sie sich mit Ihrer E-Mail-Adresse an.')).toBeVisible();
    // Read-only fields and a disabled button until the app has started: nothing typed is
    // lost when it takes over, and no form is sent with the password in the address.
    await expect(page.getByLabel('E-Mail')).not.toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).not.toBeEditable();
    const submit = page.getByRole('button', { name: 'Anmelden' });
    await expect(submit).toBeDisabled();
    // … but it looks ready (no grey flicker when the app takes over).
    const colour = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).not.toBe('rgb(233, 236, 239)');
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/passwort-vergessen',
    );
  });

  test('the admin login too; every other address shows the loading note', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin-Anmeldung' })).toBeVisible();
    await expect(page.getByLabel('Benutzername')).not.toBeEditable();
    await page.goto('/customer/dashboard');
    await expect(page.getByRole('status')).toHaveText('Lade Daten...');
  });
});

test('with the script, the app takes over the pre-rendered login and it works', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('E-Mail')).toBeEditable();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte füllen Sie alle Felder aus');
});
