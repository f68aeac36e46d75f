import { MONTH_NAMES } from '@butler/contract/format';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { turnToPageOf } from './fixtures/paging';
import { isoDay } from './quickbill-helpers';

test.describe.configure({ timeout: 180_000 });

const dayWithWeekday = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  const weekday = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'][new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday}, ${iso.slice(8)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
};

test("a weekly visit: the office finishes today's into a time entry, the customer confirms the next on a phone", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const stamp = Date.now().toString(36);
  const email = uniqueEmail('termin');
  const customer = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/api/customers', {
    first_name: 'Theresa',
    last_name: `Termin${stamp}`,
    email,
    password: 'Kunden-Passwort-123',
  });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  // A ButlerPaket with 2 Fahrten a month from this month's first day.
  const template = await apiCall<{ id: number }>(request, token, 'POST', '/api/subscription-templates', {
    name: `Fahrten ${stamp}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 2,
  });
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 8,
    start_date: `${isoDay(0).slice(0, 8)}01`,
  });
  const people = await apiCall<Array<{ id: number; name: string }>>(request, token, 'GET', '/api/visits/people');
  const today = isoDay(0);
  await apiCall(request, token, 'POST', '/api/visits', {
    customer_id: customer.id,
    date: today,
    start_time: '07:00',
    end_time: '08:30',
    butler_ids: [people[0].id],
    kind: 'trip',
    purpose: 'Wocheneinkauf und Post',
    repeat: 'weekly',
    repeat_until: isoDay(21),
    allow_conflicts: true,
  });

  await test.step("the office finishes today's visit and books its time from it", async () => {
    await loginAsAdminInBrowser(page);
    await page.goto('/admin/termine');
    await page
      .getByRole('button', { name: `07:00–08:30 ${customer.name}: Termin öffnen` })
      .first()
      .click();
    const visit = page.getByRole('dialog', { name: 'Termin' });
    await expect(visit).toContainText('Wocheneinkauf und Post');
    await visit.getByRole('button', { name: 'Erledigt' }).click();
    const entry = page.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
    await expect(entry).toBeVisible();
    await expect(entry.getByRole('textbox', { name: /Aktivität/ })).toHaveValue('Wocheneinkauf und Post');
    await page.keyboard.press('Escape');
    const done = await apiCall<Array<{ state: string; date: string }>>(
      request,
      token,
      'GET',
      `/api/visits?from=${today}&to=${isoDay(21)}&customer_id=${customer.id}`,
    );
    expect(done.map((v) => v.state)).toEqual(['done', 'planned', 'planned', 'planned']);
  });

  await test.step('the monthly view counts the Fahrt on the customer’s card', async () => {
    const [year, month] = today.split('-').map(Number);
    await page.goto(`/admin/dashboard/monthly/${year}/${month}`);
    const monthly = `/api/admin/customers-monthly/${year}/${month}`;
    await turnToPageOf(page.locator('main'), request, token, monthly, (c: { id: number }) => c.id === customer.id, 48);
    const card = page.getByTestId('monthly-customer').filter({ hasText: customer.name });
    await expect(card.getByTestId('monthly-trips')).toHaveText('Fahrten: 1 von 2');
  });

  await test.step("the customer sees the next one on a phone with this month's Fahrt, and confirms it", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomerInBrowser(page, email, 'Kunden-Passwort-123');
    const card = page.getByTestId('lounge-visits-card');
    await expect(card).toContainText(dayWithWeekday(isoDay(7)));
    await expect(card.getByTestId('lounge-trips')).toHaveText(
      `Fahrten im ${MONTH_NAMES[Number(today.slice(5, 7)) - 1]}: 1 von 2`,
    );
    const next = card.getByTestId('lounge-visit').first();
    await next.getByRole('button', { name: /bestätigen/ }).click();
    await expect(next.getByTestId('lounge-visit-state')).toContainText('bestätigt');
  });
});
