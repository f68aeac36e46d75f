import { MONTH_NAMES } from '@butler/contract/format';
import { expect, type Locator, test } from '@playwright/test';
import { createCustomer, firstOfMonth, PASSWORD, seedScenario, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

const monthName = (delta: number) => {
  const m = firstOfMonth(delta);
  return `${MONTH_NAMES[m.month - 1]} ${m.year}`;
};

/** Red dominates a negative balance, green a positive one, grey has neither. */
async function rgb(locator: Locator) {
  const color = await locator.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = color.match(/\d+/g)!.map(Number);
  return { r, g, b };
}

test.describe('customer lounge and deduction lists', () => {
  test('the scenario shows the right rings, history, deductions and links', async ({ page, request }) => {
    const token = await adminToken(request);
    await apiCall(request, token, 'PUT', '/api/quickbill/settings', {
      contact_email: 'service@mein-butler.at',
      contact_phone: '0664 123 45 67',
    });
    const { customer } = await seedScenario(request, token);
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);

    await expect(page.getByRole('heading', { name: 'Zu Diensten, Helga.' })).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    // The customer's own view does not show the admin-only details.
    await expect(page.getByText('Huber & Co KG')).toHaveCount(0);

    // Current period: 10 h allocated, 3 h used, 2 h overused the month before → 5 h usable (decision 0742).
    const sub = page.getByTestId('subscription-card');
    await expect(sub.getByTestId('subscription-ring-amount')).toHaveText('5,00h');
    await expect(sub.getByText('Jetzt verfügbar').first()).toBeVisible();
    await expect(sub.getByTestId('usable-hours-carried')).toHaveText('−2,00 h');
    await expect(sub.getByText('3,00 h verbraucht von 10,00 h')).toBeVisible();
    await expect(sub.getByText('Brauchst du mehr BUTLER Stunden?')).toHaveCount(0);
    // Six subscription deductions: the newest five and 'Alle anzeigen'.
    await expect(sub.getByTestId('deduction-item')).toHaveCount(5);
    await expect(sub.getByTestId('deduction-item').first()).toContainText('−');

    // Hour packages: 5 h bought, 2 h used → 3 h remaining, no 'Alle anzeigen' for two entries.
    const pkg = page.getByTestId('hour-package-card');
    await expect(pkg.getByTestId('package-ring-amount')).toHaveText('3,00h');
    await expect(pkg.getByText('Verbleibend')).toBeVisible();
    await expect(pkg.getByText('2,00 h verbraucht von 5,00 h')).toBeVisible();
    await expect(pkg.getByTestId('deduction-item')).toHaveCount(2);
    await expect(pkg.getByRole('link', { name: 'Alle anzeigen' })).toHaveCount(0);
    await expect(page.getByText('Gartenpflege Villa Huber')).toBeVisible();
    await screenshotBoth(page, 'dashboards-lounge');

    // History: three started periods, newest first, with their balances, colours and the
    // month's Fahrten against the ButlerPaket's two (no visit was done: decision 0841).
    await sub.getByRole('button', { name: 'Verlauf anzeigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verlauf der BUTLER-Stunden' });
    await expect(dialog.getByTestId('history-total-balance')).toHaveText('+5,00 h');
    await expect(dialog.getByText('12 Monate')).toBeVisible();
    const rows = dialog.getByTestId('history-row');
    await expect(rows).toHaveCount(3);
    const expected = [
      [monthName(0), '10,00 h', '3,00 h', '+7,00 h', 'positive'],
      [monthName(-1), '10,00 h', '12,00 h', '−2,00 h', 'negative'],
      [monthName(-2), '10,00 h', '10,00 h', '0,00 h', 'neutral'],
    ] as const;
    for (const [i, [month, available, used, balance, tone]] of expected.entries()) {
      const cells = rows.nth(i).getByRole('cell');
      await expect(cells).toHaveText([month, available, used, balance, '0 von 2']);
      await expect(cells.nth(3).locator('[data-tone]')).toHaveAttribute('data-tone', tone);
    }
    const green = await rgb(rows.nth(0).locator('[data-tone]'));
    const red = await rgb(rows.nth(1).locator('[data-tone]'));
    const grey = await rgb(rows.nth(2).locator('[data-tone]'));
    expect(green.g).toBeGreaterThan(green.r);
    expect(red.r).toBeGreaterThan(red.g + 80);
    expect(Math.max(grey.r, grey.g, grey.b) - Math.min(grey.r, grey.g, grey.b)).toBeLessThan(30);
    await screenshotBoth(page, 'dashboards-history');
    await page.keyboard.press('Escape');

    // Contact dialog: links from the provider's contact settings.
    await page.getByRole('button', { name: 'Mein BUTLER kontaktieren' }).click();
    const contact = page.getByRole('dialog', { name: 'Mein BUTLER' });
    await expect(contact.getByRole('link', { name: /E-Mail schreiben/ })).toHaveAttribute(
      'href',
      'mailto:service@mein-butler.at',
    );
    await expect(contact.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/436641234567');
    await expect(contact.getByRole('link', { name: /SMS senden/ })).toHaveAttribute('href', 'sms:06641234567');
    await expect(contact.getByRole('link', { name: /Anrufen/ })).toHaveAttribute('href', 'tel:06641234567');
    await screenshotBoth(page, 'dashboards-contact');
    await page.keyboard.press('Escape');

    // 'Alle anzeigen' → the full list with its count and the same gauge; back to the lounge.
    await sub.getByRole('link', { name: 'Alle anzeigen' }).click();
    await expect(page).toHaveURL(/\/customer\/time-entries\/butler-packages$/);
    await expect(page.getByRole('heading', { name: 'ButlerPaket-Abbuchungen' })).toBeVisible();
    await expect(page.getByTestId('deductions-customer')).toHaveText('Helga Testkundin');
    await expect(page.getByTestId('deduction-count')).toHaveText('6 Einträge');
    await expect(page.getByTestId('deduction-item')).toHaveCount(6);
    await expect(page.getByTestId('subscription-ring-amount')).toHaveText('5,00h');
    await expect(page.getByTestId('subscription-ring-carried')).toHaveText(
      'abzüglich 2,00 h Mehrverbrauch aus den Vormonaten',
    );
    await expect(page.getByTestId('deduction-item').first()).toContainText('gebucht von Lisa Berger');
    await screenshotBoth(page, 'dashboards-deductions-butler');
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);

    await page.goto('/customer/time-entries/hour-packages');
    await expect(page.getByTestId('deduction-count')).toHaveText('2 Einträge');
    await expect(page.getByTestId('package-ring-amount')).toHaveText('3,00h');
    await screenshotBoth(page, 'dashboards-deductions-packages');
  });

  test('overuse and Minus states; the admin view adds the contact details', async ({ page, request }) => {
    const token = await adminToken(request);
    const { customer, add } = await seedScenario(request, token, 'Ingrid');
    // Current period 3 h + 8 h = 11 h of 10 h; packages 2 h + 4 h = 6 h of 5 h.
    await add(8, firstOfMonth(0).iso, 'abos', 'Großeinkauf');
    await add(4, viennaToday().iso, 'stundenpakete', 'Keller entrümpelt');
    await loginAsAdminInBrowser(page);
    await page.goto(`/admin/customers/${customer.id}/customer-view`);
    await expect(page.getByRole('heading', { name: 'Zu Diensten, Ingrid.' })).toBeVisible();
    await expect(page.getByLabel('Telefon')).toHaveText('+43 660 1234567');
    await expect(page.getByLabel('Firma')).toHaveText('Huber & Co KG');
    await expect(page.getByLabel('Geburtsdatum')).toHaveText('14.03.1985');

    const sub = page.getByTestId('subscription-card');
    // 11 h of 10 h this month and 2 h overused before: 3 h Mehrverbrauch.
    await expect(sub.getByTestId('subscription-ring-amount')).toHaveText('−3,00h');
    await expect(sub.getByText('Brauchst du mehr BUTLER Stunden?')).toBeVisible();
    await expect(sub.getByText('11,00 h verbraucht von 10,00 h')).toBeVisible();
    const pkg = page.getByTestId('hour-package-card');
    await expect(pkg.getByTestId('package-ring-amount')).toHaveText('−1,00h');
    await expect(pkg.getByText('Minus')).toBeVisible();
    await screenshotBoth(page, 'dashboards-customer-view-overuse');

    // Admin 'Alle anzeigen' leads to the admin route; its back button to the customer view.
    await sub.getByRole('link', { name: 'Alle anzeigen' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}/time-entries/butler-packages$`));
    await expect(page.getByTestId('deduction-count')).toHaveText('7 Einträge');
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}/customer-view$`));

    // Unknown customer; an admin on the customer's own list route goes to the customer list.
    await page.goto('/admin/customers/999999/time-entries/hour-packages');
    await expect(page.getByText('Kunde nicht gefunden')).toBeVisible();
    await page.goto('/customer/time-entries/butler-packages');
    await expect(page).toHaveURL(/\/admin\/customers$/);
  });

  test('a customer without hours sees the empty card', async ({ page, request }) => {
    const token = await adminToken(request);
    const customer = await createCustomer(request, token, 'Otto');
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
    await expect(page.getByTestId('no-hours')).toContainText('Keine Stunden verfügbar');
    await expect(page.getByRole('button', { name: 'Verlauf anzeigen' })).toHaveCount(0);
    await screenshotBoth(page, 'dashboards-lounge-empty');
    await page.goto('/customer/time-entries/hour-packages');
    await expect(page.getByText('Keine Stundenpakete-Daten verfügbar')).toBeVisible();
    await page.goto('/customer/time-entries/butler-packages');
    await expect(page.getByText('Keine ButlerPaket-Daten verfügbar')).toBeVisible();
  });
});
