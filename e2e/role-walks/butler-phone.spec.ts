import type { Page } from '@playwright/test';
import { apiCall, loginAsStaffInBrowser } from '../fixtures/api';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { expectNoSidewaysScroll, expectToast } from '../fixtures/backoffice';
import { DEMO_PASSWORD, DEMO_STAFF, demoToken, expect, PHONE, SHOWN, test } from '../fixtures/walk';

/**
 * The Butler's visit on a 390 px phone (UX walk 2026-12-01, task 4; decision 0785): his
 * dashboard, a customer with several projects and her address, the header timer started
 * for her, stopped, and the time booked on the second project, then his Aufträge (only his
 * customers', decision 0810), never scrolling sideways.
 */
test.use(PHONE);

/** The Butler's demo customer with the most projects (the walk needs one with two or more). */
async function customerWithProjects(page: Page) {
  const token = await demoToken(page, DEMO_STAFF.butler);
  const customers = await apiCall<Array<{ id: number; name: string }>>(page.request, token, 'GET', '/api/customers');
  let best = { customer: customers[0], projects: [] as Array<{ name: string }> };
  for (const customer of customers) {
    const projects = await apiCall(page.request, token, 'GET', `/api/projects?customer_id=${customer.id}`);
    if (projects.length > best.projects.length) best = { customer, projects };
  }
  const details = await apiCall(page.request, token, 'GET', `/api/customers/${best.customer.id}`);
  return { ...best, street: details.street as string };
}

test('Butler on a phone: own hours, the customer, the header timer, booking on the second project', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { customer, projects, street } = await customerWithProjects(page);
  expect(projects.length, 'the Butler needs a customer with two or more projects').toBeGreaterThanOrEqual(2);
  await loginAsStaffInBrowser(page, DEMO_STAFF.butler, DEMO_PASSWORD);

  await test.step('dashboard: own hours, no company sales target', async () => {
    const main = page.getByRole('main');
    await expect(main.getByText(/\d,\d\d\s?h/).first()).toBeVisible();
    await expect
      .soft(main.getByText(/(Meine|Eigene)\s+Stunden/i).first(), 'own hours on the dashboard')
      .toBeVisible(SHOWN);
    await expect.soft(main.getByText(/\bZiel\b/i), 'no company sales target for a Butler').toHaveCount(0, SHOWN);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'Butler dashboard (390 px)', { soft: true });
  });

  await test.step('the customer: opened from the list, with the address of the visit', async () => {
    await page.goto('/admin/customers');
    await page.getByText(customer.name, { exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    await expect.soft(page.getByText(street).first(), 'the address on the customer page').toBeVisible(SHOWN);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'customer page (390 px)', { soft: true });
  });

  const running = page.getByTestId('timer-running');
  await test.step('header timer: choosing the customer starts it, for her by name', async () => {
    await page.getByTestId('timer-idle').click();
    const popover = page.getByTestId('timer-popover');
    const picker = popover.getByRole('combobox', { name: 'Timer starten für' });
    await picker.click();
    await picker.fill(customer.name.split(' ')[1]);
    await page
      .getByRole('option', { name: new RegExp(customer.name) })
      .first()
      .click();
    await expectNoSidewaysScroll(page);
    // Choosing may start the timer at once; where the popover asks to confirm, that is one more tap.
    const startButton = popover.getByRole('button', { name: /Timer starten/ });
    if (await startButton.isEnabled({ timeout: 1_000 }).catch(() => false))
      await startButton.click({ timeout: 3_000 }).catch(() => undefined);
    await expect.soft(running, 'the timer runs after choosing the customer in the header').toBeVisible(SHOWN);
    if (!(await running.isVisible())) {
      // The header did not start it: the customer page's button does, so the day goes on.
      await page.getByRole('button', { name: 'Timer starten' }).first().click();
    }
    await expect(running).toBeVisible();
    await expect(running).toHaveAccessibleName(new RegExp(customer.name));
    await running.click();
    await expect(popover).toContainText(customer.name);
    await expect(popover).not.toContainText(/Kunde #\d+/);
    // On a phone no tooltip is left standing over the popover after a tap.
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  const entry = page.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
  const activity = `Hausbesuch Projektwahl ${Date.now().toString(36)}`;
  await test.step('stop: the booking opens prefilled, the second project is chosen on the phone', async () => {
    await page
      .getByTestId('timer-popover')
      .getByRole('button', { name: /^Stopp/ })
      .click();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(customer.name);
    await expect(entry.getByRole('textbox', { name: 'Stunden' })).toHaveValue(/\d,\d\d/);
    await expectNoSidewaysScroll(page);
    const project = entry.getByRole('combobox', { name: /^Projekt/ });
    await project.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(projects.length);
    await expectNoSidewaysScroll(page);
    const second = options.nth(1);
    await expect(second).toBeVisible();
    const box = await second.boundingBox();
    expect(box, 'the second project is on the screen').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.viewport.width);
    const name = (await second.innerText()).trim();
    await second.click();
    await expect(project).toHaveValue(name);
    await expectNoSidewaysScroll(page);
    await entry.getByRole('textbox', { name: 'Aktivität' }).fill(activity);
    await expectNoSeriousViolations(page, 'Neuer Zeiteintrag (390 px)', { soft: true });
    await entry.getByRole('button', { name: 'Speichern' }).click();
    await expectToast(page, /Zeiteintrag.*erstellt/);
    await expect(page.getByTestId('timer-idle')).toBeVisible();
  });

  await test.step("the entry is in the customer's entries", async () => {
    await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
    await expect(page.getByText(activity).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step('his Aufträge: only his customers, and the planned visit with its photo', async () => {
    await page.goto('/admin/auftraege');
    await expect(page.getByRole('heading', { name: 'Aufträge', level: 1 })).toBeVisible();
    const lamp = page.getByRole('link', { name: /Lampe im Flur tauschen/ }).first();
    await expect(lamp).toBeVisible();
    // Aufträge of customers he does not look after are not his to see.
    await expect(page.getByText('Umzugskartons packen')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await lamp.click();
    await page.waitForURL(/\/admin\/auftraege\/\d+$/);
    await expect(page.getByTestId('order-state')).toHaveText('Eingeplant');
    await expect(page.getByTestId('order-attachment').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'Auftrag (Butler, 390 px)', { soft: true });
  });
});
