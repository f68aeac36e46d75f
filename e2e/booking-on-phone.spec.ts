import { expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall } from './fixtures/api';
import { expectToast } from './fixtures/backoffice';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { createCustomer } from './quickbill-helpers';

/**
 * A Butler on a phone books a customer with three projects (decision 0740): the project
 * list opens inside the screen and the page keeps its 390 px, from "Zeit erfassen" and from
 * the stopped timer. A real phone browser widens its page to what overflows it, so the
 * phone is emulated as one (isMobile, touch), not only as a narrow window.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PROJECTS = ['Haushalt', 'Garten', 'Behördenwege'];

/** The page is as wide as the phone, and the phone's page did not grow (a mobile browser widens it to its content). */
async function expectPhoneWidth(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths).toEqual({ scroll: 390, inner: 390 });
}

/** Opens "Projekt", checks the list lies on the screen, and picks the second project. */
async function pickSecondProject(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
  await dialog.getByRole('combobox', { name: 'Projekt' }).tap();
  const option = page.getByRole('option', { name: PROJECTS[1] });
  await expect(option).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(PROJECTS.length);
  await expectPhoneWidth(page);
  const box = await option.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
  await option.tap();
  await expect(dialog.getByRole('combobox', { name: 'Projekt' })).toHaveValue(PROJECTS[1]);
  await expectPhoneWidth(page);
  return dialog;
}

test('a Butler books the second of three projects on a phone, from "Zeit erfassen" and from the timer', async ({
  page,
  request,
}) => {
  const owner = await adminToken(request);
  const suffix = Date.now().toString(36);
  const butler = await createStaff(request, 'butler', `Petra Pendler ${suffix}`);
  const customer = await createCustomer(request, owner, `Dreiprojekt${suffix}`);
  for (const name of PROJECTS)
    await apiCall(request, owner, 'POST', `/api/customers/${customer.id}/projects`, { name });
  await apiCall(request, owner, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 10,
    price_per_hour: 60,
  });
  await apiCall(request, owner, 'PUT', `/api/customers/${customer.id}/staff`, { staff_ids: [butler.id] });

  await staffLoginInBrowser(page, butler.username, '/admin/dashboard');
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();

  await test.step('"Zeit erfassen"', async () => {
    await page.getByRole('button', { name: 'Zeit erfassen' }).tap();
    const dialog = await pickSecondProject(page);
    await dialog.getByRole('textbox', { name: 'Stunden' }).fill('1,5');
    await dialog.getByRole('textbox', { name: 'Aktivität' }).fill('Beete umgestochen');
    await dialog.getByRole('button', { name: 'Speichern' }).tap();
    await expectToast(page, 'Zeiteintrag erfolgreich erstellt');
  });

  await test.step('the stopped timer', async () => {
    await page.getByRole('button', { name: 'Timer starten' }).tap();
    await expect(page.getByRole('button', { name: /^Timer stoppen/ })).toBeVisible();
    await page.getByRole('button', { name: /^Timer stoppen/ }).tap();
    const dialog = await pickSecondProject(page);
    await expect(dialog.getByTestId('timer-summary')).toContainText(customer.name);
    await dialog.getByRole('textbox', { name: 'Aktivität' }).fill('Rasen gemäht');
    await dialog.getByRole('button', { name: 'Speichern' }).tap();
    await expectToast(page, 'Zeiteintrag erfolgreich erstellt');
    await expect(page.getByTestId('timer-idle')).toBeVisible();
  });

  const entries = await apiCall(request, owner, 'GET', `/api/time-entries?customer_id=${customer.id}`);
  expect(
    entries.map((e: any) => [e.project_name, e.hours, e.activity_description]).sort((a: any, b: any) => b[1] - a[1]),
  ).toEqual([
    [PROJECTS[1], 1.5, 'Beete umgestochen'],
    [PROJECTS[1], 0.25, 'Rasen gemäht'],
  ]);
});
