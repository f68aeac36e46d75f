import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { expectNoSidewaysScroll } from './fixtures/backoffice';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { createCustomer } from './quickbill-helpers';

/**
 * A Butler's own day on a phone (decision 0743): greeted by name, "Meine Stunden" of the week
 * and month, "Meine Kunden" with the address as a map link and the one hours figure; no
 * company targets. The customer's card and page show the address; entries are typed in words.
 */
test.describe('Butler on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('sees their own hours and customers, not the company’s targets', async ({ page, request }) => {
    const owner = await adminToken(request);
    const suffix = Date.now().toString(36);
    const butler = await createStaff(request, 'butler', `Stefan Wimmer ${suffix}`);
    const customer = await createCustomer(request, owner, `Tagwerk${suffix}`);
    const project = await apiCall(request, owner, 'POST', `/api/customers/${customer.id}/projects`, {
      name: 'Haushalt',
    });
    await apiCall(request, owner, 'POST', `/api/customers/${customer.id}/hour-packages`, {
      hours: 10,
      price_per_hour: 60,
    });
    await apiCall(request, owner, 'PUT', `/api/customers/${customer.id}/staff`, { staff_ids: [butler.id] });

    await staffLoginInBrowser(page, butler.username, '/admin/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await apiCall(request, token as string, 'POST', `/api/customers/${customer.id}/time-entries`, {
      project_id: project.id,
      hours: 1.5,
      activity_description: 'Einkauf erledigt',
      work_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date()),
      billing_type: 'stundenpakete',
    });
    await page.reload();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen zurück, Stefan Wimmer ${suffix}`);
    await expect(page.getByTestId('my-hours-week-total')).toHaveText('1,50 h');
    await expect(page.getByTestId('my-hours-month-total')).toHaveText('1,50 h');
    await expect(page.getByTestId('my-hours-month')).toContainText(customer.name);
    const mine = page.getByTestId(`my-customer-${customer.id}`);
    await expect(mine.getByTestId('my-customer-usable')).toHaveText('8,50 h');
    await expect(mine.getByRole('link', { name: 'Mariahilfer Straße 12, 1070 Wien' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Mariahilfer/,
    );
    // No company figures: no sales target, no "unter Ziel".
    await expect(page.getByText(/Ziel/)).toHaveCount(0);
    await expect(page.getByText('Butler-Stunden im Jahr', { exact: false })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The customer card on the phone and the customer page: the address for the visit.
    await page.goto('/admin/customers');
    await expect(page.getByRole('link', { name: 'Mariahilfer Straße 12, 1070 Wien' }).first()).toBeVisible();
    await page.goto(`/admin/customers/${customer.id}`);
    await expect(page.getByTestId('customer-address')).toHaveText('Mariahilfer Straße 12, 1070 Wien');
    await page.getByRole('tab', { name: 'Zeiterfassung' }).tap();
    await expect(page.getByText('Stundenpaket', { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test('the customer list opens a customer from the keyboard: the name is a link', async ({ page, request }) => {
  const owner = await adminToken(request);
  const customer = await createCustomer(request, owner, `Tastatur${Date.now().toString(36)}`);
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers?suche=${encodeURIComponent(customer.name.split(' ')[1])}`);
  const name = page.getByRole('link', { name: customer.name });
  await expect(name).toBeVisible();
  await name.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
});
