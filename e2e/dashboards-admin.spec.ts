import { MONTH_NAMES } from '@butler/contract/format';
import { expect, type Page, test } from '@playwright/test';
import { createCustomer, firstOfMonth, hoursOf, PASSWORD, seedScenario, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { turnToPageOf } from './fixtures/paging';
import { screenshotBoth } from './fixtures/screenshots';

async function figures(page: Page) {
  await expect(page.getByTestId('open-hours-month')).toBeVisible();
  return {
    month: await hoursOf(page.getByTestId('open-hours-month')),
    year: await hoursOf(page.getByTestId('open-hours-year')),
    packages: await hoursOf(page.getByTestId('sold-package-hours')),
    subscriptions: Number(await page.getByTestId('count-subscriptions').textContent()),
  };
}

test.describe('admin dashboards', () => {
  test('overview figures move by the booked and sold hours', async ({ page, request }) => {
    const token = await adminToken(request);
    const { customer, add } = await seedScenario(request, token, 'Berta');
    await loginAsAdminInBrowser(page);
    // adminToken() signed in before, so the browser's sign-in is the second one.
    // The display name, not the username (decision 0743).
    await expect(page.getByRole('heading', { name: 'Willkommen zurück, Lisa Berger' })).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Stundenpaket-Stunden einrechnen' });
    await expect(toggle).toBeChecked();
    const withPackages = await figures(page);
    await toggle.click();
    const butlerOnly = await figures(page);
    // The scenario's customer has 3 package hours open this month: off leaves them out.
    expect(withPackages.month - butlerOnly.month).toBeGreaterThanOrEqual(3);
    await toggle.click();
    await screenshotBoth(page, 'dashboards-admin');

    // Book 2 h on the subscription this month and sell a 3 h package.
    await add(2, firstOfMonth(0).iso, 'abos', 'Zusatzauftrag');
    await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
      hours: 3,
      price_per_hour: 45,
    });
    await page.reload();
    const after = await figures(page);
    expect(after.month).toBeCloseTo(withPackages.month - 2 + 3, 2);
    expect(after.year).toBeCloseTo(withPackages.year - 2 + 3, 2);
    expect(after.packages).toBeCloseTo(withPackages.packages + 3, 2);
    expect(after.subscriptions).toBe(withPackages.subscriptions);
    await toggle.click();
    const butlerAfter = await figures(page);
    expect(butlerAfter.month).toBeCloseTo(butlerOnly.month - 2, 2);
    expect(butlerAfter.year).toBeCloseTo(butlerOnly.year - 2, 2);
  });

  test('expiring subscriptions list and its link', async ({ page, request }) => {
    const token = await adminToken(request);
    // A one-month subscription from the first of this month ends this month.
    const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
      name: `Kurz ${Date.now().toString(36)}`,
      duration_months: 1,
      price_per_hour: 40,
    });
    const customer = await createCustomer(request, token, 'Doris');
    await apiCall(request, token, 'POST', '/api/subscriptions', {
      customer_id: customer.id,
      template_id: template.id,
      monthly_hours: 5,
      start_date: firstOfMonth(0).iso,
    });
    await loginAsAdminInBrowser(page);
    const list = page.getByRole('region', { name: 'Ablaufende BUTLER-Pakete' });
    // Ten rows per page, soonest first (decision 0405): turn to the page the API puts Doris on.
    const { total } = await turnToPageOf(
      list,
      request,
      token,
      '/api/admin/expiring-subscriptions',
      (r) => r.customer_id === customer.id,
      10,
    );
    if (total > 10) await expect(list.getByRole('button', { name: 'Nächste Seite' })).toBeVisible();
    const row = list.getByRole('row', { name: /Doris Testkundin/ });
    await expect(row).toContainText(template.name);
    await row.getByRole('button', { name: 'Kunde anzeigen' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/customers/${customer.id}$`) /* SPEC's /view leads to the one customer page (decision 0644) */,
    );
  });

  test('monthly view: year boundary, URL replaced, customer cards', async ({ page, request }) => {
    const token = await adminToken(request);
    const { customer } = await seedScenario(request, token, 'Emma');
    await loginAsAdminInBrowser(page);
    await page.getByRole('tab', { name: 'Monate' }).click();
    const { year, month } = viennaToday();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard/monthly/${year}/${month}$`));
    await expect(page.getByTestId('month-heading')).toHaveText(`${MONTH_NAMES[month - 1]} ${year}`);

    // The suite's other customers share the month: turn to Emma's page of 48 cards (decision 0404).
    const monthly = `/api/admin/customers-monthly/${year}/${month}`;
    const isEmma = (c: { id: number }) => c.id === customer.id;
    await turnToPageOf(page.locator('main'), request, token, monthly, isEmma, 48);
    const card = page.getByTestId('monthly-customer').filter({ hasText: 'Emma Testkundin' });
    await expect(card.getByTestId('monthly-butler')).toContainText('Gesamt 10,00 h');
    await expect(card.getByTestId('monthly-butler')).toContainText('Verbraucht 3,00 h');
    await expect(card.getByTestId('monthly-butler')).toContainText('Offen 7,00 h');
    await expect(card.getByTestId('monthly-butler')).toContainText('70 %');
    await expect(card.getByTestId('monthly-packages')).toContainText('Gesamt 5,00 h');
    await screenshotBoth(page, 'dashboards-monthly');

    // Select January of this year, then cross the year boundary both ways.
    await page.getByRole('combobox', { name: 'Monat wählen' }).click();
    await page.getByRole('option', { name: `Jänner ${year}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard/monthly/${year}/1$`));
    await expect(page.getByTestId('month-heading')).toHaveText(`Jänner ${year}`);
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard/monthly/${year - 1}/12$`));
    await expect(page.getByTestId('month-heading')).toHaveText(`Dezember ${year - 1}`);
    await page.getByRole('button', { name: 'Vor', exact: true }).click();
    await expect(page.getByTestId('month-heading')).toHaveText(`Jänner ${year}`);
    await page.getByRole('combobox', { name: 'Monat wählen' }).click();
    await page.getByRole('option', { name: `Jänner ${year - 2}`, exact: true }).click();
    await expect(page.getByText(`Keine Kundendaten für Jänner ${year - 2} verfügbar.`)).toBeVisible();
    // Every change replaced the address: one step back leaves the monthly view.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(`/admin/dashboard/monthly/${year}/${month}`);
    await turnToPageOf(page.locator('main'), request, token, monthly, isEmma, 48);
    await card.getByRole('button', { name: 'Kunde Emma Testkundin anzeigen' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/customers/${customer.id}$`) /* SPEC's /view leads to the one customer page (decision 0644) */,
    );
  });

  test('monthly view: 48 cards per page in name order, the next page, a new month starts on page 1', async ({
    page,
    request,
  }) => {
    // 49 customers and ButlerPakete are created first: on a busy machine that alone can take a minute.
    test.setTimeout(150_000);
    const token = await adminToken(request);
    // April 2090: 49 customers with a one-month ButlerPaket (others of the suite may add package hours).
    const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
      name: `Monat ${Date.now().toString(36)}`,
      duration_months: 1,
      price_per_hour: 40,
    });
    const run = Date.now().toString(36);
    for (let batch = 0; batch < 7; batch++) {
      await Promise.all(
        Array.from({ length: 7 }, async (_, i) => {
          const n = batch * 7 + i + 1;
          const customer = await apiCall(request, token, 'POST', '/api/customers', {
            first_name: `Seite${String(n).padStart(2, '0')}`,
            last_name: `Monatskunde ${run}`,
            email: uniqueEmail(`monat${n}`),
            password: PASSWORD,
          });
          await apiCall(request, token, 'POST', '/api/subscriptions', {
            customer_id: customer.id,
            template_id: template.id,
            monthly_hours: 2,
            start_date: '2090-04-01',
          });
        }),
      );
    }
    const answer = async (pageNo: number) => {
      const res = await request.get(`/api/admin/customers-monthly/2090/4?page=${pageNo}&page_size=48`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { total: Number(res.headers()['x-total-count']), names: ((await res.json()) as any[]).map((c) => c.name) };
    };
    const first = await answer(1);
    const second = await answer(2);
    expect(first.total).toBeGreaterThanOrEqual(49);

    await loginAsAdminInBrowser(page);
    await page.goto('/admin/dashboard/monthly/2090/4');
    const cards = page.getByTestId('monthly-customer');
    await expect(cards).toHaveCount(48);
    await expect(page.getByText(`1–48 von ${first.total}`)).toBeVisible();
    await expect(cards.first()).toContainText(first.names[0]);
    await screenshotBoth(page, 'dashboards-monthly-pages');

    await page.getByRole('button', { name: 'Nächste Seite' }).click();
    await expect(page.getByText(`49–${Math.min(96, first.total)} von ${first.total}`)).toBeVisible();
    await expect(cards).toHaveCount(second.names.length);
    await expect(cards.first()).toContainText(second.names[0]);
    // Another month starts on its first page again.
    await page.getByRole('button', { name: 'Vor', exact: true }).click();
    await expect(page.getByTestId('month-heading')).toHaveText('Mai 2090');
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await expect(page.getByTestId('month-heading')).toHaveText('April 2090');
    await expect(page.getByText(`1–48 von ${first.total}`)).toBeVisible();
  });

  test('dashboard settings: validation, save and effect on the overview', async ({ page }) => {
    await loginAsAdminInBrowser(page);
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Dashboard-Einstellungen' });
    const target = card.getByRole('textbox', { name: 'Monatsziel' });
    await expect(target).toHaveValue('100 h');
    await expect(card.getByRole('textbox', { name: 'Auslastung Gelb bis' })).toHaveValue('100\u00a0%');

    // Empty input counts as 0 and fails the minimum; workload yellow is limited to 200 %.
    await target.fill('');
    await card.getByRole('textbox', { name: 'Auslastung Gelb bis' }).fill('250');
    await card.getByRole('button', { name: 'Speichern' }).click();
    await expect(card.getByText('Das Monatsziel muss mindestens 1 Stunde betragen')).toBeVisible();
    await expect(card.getByText('Die Auslastungsgrenze Gelb muss zwischen 0 und 200 % liegen')).toBeVisible();

    await target.fill('50');
    await card.getByRole('textbox', { name: 'Auslastung Gelb bis' }).fill('120');
    await card.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Dashboard-Einstellungen erfolgreich gespeichert!')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'dashboards-settings');

    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('yearly-bar')).toContainText('pro Monat von 50,00 h Ziel');
  });
});
