import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken } from './fixtures/api';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { createCustomer } from './quickbill-helpers';

/**
 * The timer in the top bar (decision 0741): choosing a customer in its popover starts the
 * timer for that customer, on a desk and on a phone; no tooltip lies over the open popover
 * and a phone is offered no keyboard shortcut.
 */

async function startFromHeader(page: Page, customerName: string, search: string) {
  await page.getByTestId('timer-idle').click();
  const popover = page.getByTestId('timer-popover');
  await expect(popover).toBeVisible();
  const picker = popover.getByRole('combobox', { name: 'Timer starten für' });
  await picker.click();
  await picker.fill(search);
  await page.getByRole('option', { name: new RegExp(customerName) }).click();
  return popover;
}

async function setUp(page: Page, request: APIRequestContext, who: string) {
  const owner = await adminToken(request);
  const suffix = `${who}${Date.now().toString(36)}`;
  const staff = await createStaff(request, 'office', `Tina Takt ${suffix}`);
  const customer = await createCustomer(request, owner, `Uhrwerk${suffix}`);
  await staffLoginInBrowser(page, staff.username, '/admin/dashboard');
  return { customer, suffix };
}

test('desktop: picking a customer starts the timer for that customer', async ({ page, request }) => {
  const { customer, suffix } = await setUp(page, request, 'd');
  await page.getByTestId('timer-idle').hover();
  await expect(page.getByRole('tooltip', { name: 'Timer und Zeiterfassung' })).toBeVisible();
  const popover = await startFromHeader(page, customer.name, `Uhrwerk${suffix}`);
  await expect(popover).toBeHidden();
  await expect(page.getByTestId('timer-running')).toContainText(customer.name);
  const timer = (await page.evaluate(async () => {
    const res = await fetch('/api/timer', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return res.json();
  })) as { timer: { customer_id: number; customer_name: string } };
  expect(timer.timer).toMatchObject({ customer_id: customer.id, customer_name: customer.name });

  // The popover of the running timer: its customer, no tooltip over it.
  await page.getByTestId('timer-running').click();
  await expect(page.getByTestId('timer-popover')).toContainText(`für ${customer.name}`);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByTestId('timer-popover').getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page.getByTestId('timer-idle')).toBeVisible();

  // Idle again: the open popover has no tooltip over it and names the key of "Neuer Zeiteintrag".
  await page.getByTestId('timer-idle').click();
  await expect(page.getByTestId('timer-popover')).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Neuer Zeiteintrag' })).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('picking a customer starts the timer; no keyboard shortcut on a touch screen', async ({ page, request }) => {
    const { customer, suffix } = await setUp(page, request, 'p');
    await page.getByTestId('timer-idle').tap();
    const popover = page.getByTestId('timer-popover');
    await expect(popover.getByRole('button', { name: 'Neuer Zeiteintrag' })).toHaveText('Neuer Zeiteintrag');
    await expect(popover.getByRole('button', { name: 'Neuer Zeiteintrag' })).not.toHaveAttribute(
      'aria-keyshortcuts',
      /.+/,
    );
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const picker = popover.getByRole('combobox', { name: 'Timer starten für' });
    await picker.tap();
    await picker.fill(`Uhrwerk${suffix}`);
    await page.getByRole('option', { name: new RegExp(customer.name) }).tap();
    await expect(popover).toBeHidden();
    await expect(page.getByTestId('timer-running')).toHaveAttribute(
      'aria-label',
      new RegExp(`^Timer läuft: .+ für ${customer.name}$`),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('timer-running').tap();
    await expect(page.getByTestId('timer-popover')).toContainText(`für ${customer.name}`);
    await page.getByTestId('timer-popover').getByRole('button', { name: 'Verwerfen' }).tap();
    await expect(page.getByTestId('timer-idle')).toBeVisible();
  });
});
