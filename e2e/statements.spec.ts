import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addEntry, createCustomer, firstOfMonth, PASSWORD, sellButlerPaket } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, signOutInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { saveProviderSettings } from './quickbill-helpers';

/** A customer with a ButlerPaket for two months, an hour package and bookings last month. */
async function customerWithStatement(request: APIRequestContext, token: string, name: string) {
  const customer = await createCustomer(request, token, name);
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Garten' });
  await sellButlerPaket(request, token, customer.id, {
    label: 'Übersicht',
    monthlyHours: 10,
    startDate: firstOfMonth(-2).iso,
  });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 5,
    price_per_hour: 50,
    purchase_date: firstOfMonth(-1).iso,
  });
  const last = firstOfMonth(-1);
  await addEntry(request, token, customer.id, project.id, 3.5, last.iso, 'abos', 'Rasen gemäht');
  await addEntry(request, token, customer.id, project.id, 1.25, last.iso, 'stundenpakete', 'Pflanzen gekauft');
  const months = await apiCall(request, token, 'GET', `/api/customers/${customer.id}/statements`);
  return { customer, months };
}

test('Monatsübersicht: listed and downloaded in the lounge, opened and sent again by staff', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token, { contact_email: 'office@butler-services.at', bic: 'BKAUATWW' });
  const { customer, months } = await customerWithStatement(request, token, 'Ida');
  const label = months[0].month_display as string;

  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  const card = page.getByTestId('statements-card');
  await expect(card.getByText(label)).toBeVisible({ timeout: 30_000 });
  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'statements-lounge');
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `PDF herunterladen: Monatsübersicht ${label}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Monatsuebersicht-${months[0].month}.pdf`);
  fs.mkdirSync('screenshots', { recursive: true });
  await download.saveAs('screenshots/statement-sample.pdf');
  expect(fs.readFileSync('screenshots/statement-sample.pdf').subarray(0, 5).toString()).toBe('%PDF-');

  await signOutInBrowser(page);
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}/view`);
  const staffCard = page.getByTestId('statements-card');
  await staffCard.getByRole('button', { name: `Erneut senden: Monatsübersicht ${label}` }).click();
  await expect(
    page.getByText(
      'Die Monatsübersicht wird im Ausgangsordner abgelegt (kein Mailserver eingerichtet, nicht versendet)',
    ),
  ).toBeVisible();
  await page.goto('/admin/outbox');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Deine Monatsübersicht ${label}` })
      .filter({ hasText: customer.email })
      .first(),
  ).toBeVisible({ timeout: 15_000 });
});

// Decision 0413: below the first screen the lounge renders its lower half when the browser
// is idle; it fetches that half's data first, so the half renders once, with its data, and
// no loading note flashes up there.
test('on a phone the lower half of the lounge appears with its months, not with a loading note', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const { customer, months } = await customerWithStatement(request, token, 'Vera');

  // A phone: with a ButlerPaket and an hour package the lower half starts more than a
  // screen's height below the first screen, so it is rendered when the browser is idle.
  await page.setViewportSize({ width: 390, height: 600 });
  await page.addInitScript(() => {
    const seen = { loadingNote: false, lowerHalfTop: 0 };
    Object.assign(window, { seen });
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Lade Monatsübersichten...')) seen.loadingNote = true;
      const box = document.querySelector('[data-testid="render-when-idle"]');
      if (box && !seen.lowerHalfTop) seen.lowerHalfTop = box.getBoundingClientRect().top + window.scrollY;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // A slow answer, so a loading note would stay long enough to be seen.
  await page.route('**/api/customers/*/statements', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  const card = page.getByTestId('statements-card');
  await expect(card.getByText(months[0].month_display)).toBeAttached({ timeout: 15_000 });
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { loadingNote: boolean; lowerHalfTop: number } }).seen,
  );
  expect(seen.lowerHalfTop).toBeGreaterThan(2 * 600);
  expect(seen.loadingNote).toBe(false);
  // Scrolled to, it is all there.
  await card.scrollIntoViewIfNeeded();
  await expect(
    card.getByRole('button', { name: `PDF herunterladen: Monatsübersicht ${months[0].month_display}` }),
  ).toBeVisible();
});
