import { expect, test } from '@playwright/test';
import { createCustomer, firstOfMonth, PASSWORD, sellButlerPaket } from './dashboards-scenario';
import { adminToken, apiCall, loginAsCustomerInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

test('the lounge shows a friendly note in the last 30 days of a ButlerPaket without a following one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const customer = await createCustomer(request, token, 'Vera');
  // A one-month ButlerPaket of this month: it ends at the end of the month.
  const { template, subscription: sub } = await sellButlerPaket(request, token, customer.id, {
    label: 'Kurz',
    monthlyHours: 8,
    startDate: firstOfMonth(0).iso,
    durationMonths: 1,
  });
  const ending = sub.end_date.split('-').reverse().join('.');
  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  const note = page.getByTestId('subscription-ending-note');
  await expect(
    note.getByText(new RegExp(`Dein ButlerPaket läuft (am ${ending.replace(/\./g, '\\.')}|heute) aus`)),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(note.getByText(/Wir verlängern gerne/)).toBeVisible();
  await screenshotBoth(page, 'subscription-ending-lounge');

  // A following ButlerPaket: the note goes away.
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 8,
    start_date: firstOfMonth(1).iso,
  });
  await page.reload();
  await expect(page.getByTestId('subscription-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('subscription-ending-note')).toHaveCount(0);
});
