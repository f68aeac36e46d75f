import type { Page } from '@playwright/test';
import { apiCall, loginAsCustomerInBrowser, loginAsStaffInBrowser, signOutInBrowser } from '../fixtures/api';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { expectNoSidewaysScroll } from '../fixtures/backoffice';
import { DEMO_PASSWORD, DEMO_STAFF, demoToken, expect, hoursIn, PHONE, test } from '../fixtures/walk';

/**
 * The overdrawn customer (UX walk 2026-12-01, finding 3; decision 0785): Julia Schwarz used
 * more than her ButlerPaket in earlier months. Whatever screen shows her ButlerPaket hours,
 * she and the office read one figure: what she can use now, never a larger "remaining" one.
 */
const JULIA = { name: 'Julia Schwarz', email: 'julia.schwarz@example.at' };

/** A ring's figure ("17,75h": number and unit in two styles) as hours. */
async function ringHours(page: Page) {
  const ring = page.getByTestId('subscription-ring-amount').first();
  await expect(ring).toBeVisible();
  return hoursIn((await ring.innerText()).replace(/\s*h$/, ' h'))[0];
}

/** What the ButlerPaket holds for her now, as the portal computes it (its one usable figure). */
async function usableNow(page: Page, customerId: number) {
  const token = await demoToken(page, DEMO_STAFF.office);
  const dashboard = await apiCall(page.request, token, 'GET', `/api/customers/${customerId}/dashboard`);
  return { usable: dashboard.subscription.total_balance as number, month: dashboard.subscription as any };
}

async function juliaId(page: Page) {
  const token = await demoToken(page, DEMO_STAFF.office);
  const found = await apiCall(page.request, token, 'GET', `/api/customers?search=${encodeURIComponent('Schwarz')}`);
  return (found as Array<{ id: number; name: string }>).find((c) => c.name === JULIA.name)!.id;
}

test('overdrawn customer: the lounge and the office show one hours figure for her', async ({ page }) => {
  test.setTimeout(150_000);
  const id = await juliaId(page);
  const { usable, month } = await usableNow(page, id);
  // The demo makes her overdrawn: this month's rest is more than she can use.
  expect(month.current_month_hours_remaining, 'the demo overdraws Julia Schwarz').toBeGreaterThan(usable);

  await test.step('her lounge on the phone', async () => {
    await page.setViewportSize(PHONE.viewport);
    await loginAsCustomerInBrowser(page, JULIA.email, DEMO_PASSWORD);
    // The ButlerPaket's "Jetzt verfügbar" under the ring (she holds no Stundenpakete to add).
    const shown = hoursIn(await page.getByTestId('usable-hours-butler').innerText());
    expect(shown, '"Jetzt verfügbar" is the usable figure').toEqual([usable]);
    expect.soft(await ringHours(page), 'the lounge ring shows no more than she can use').toBeLessThanOrEqual(usable);
    // Any "noch … h" in the low-balance banner is the usable figure, not this month's rest.
    const banner = page.getByTestId('low-balance-banner');
    if (await banner.isVisible()) {
      for (const figure of hoursIn(await banner.innerText()))
        expect.soft(figure, 'the banner names no more than she can use').toBeLessThanOrEqual(usable);
    }
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'lounge of an overdrawn customer (390 px)', { soft: true });
  });

  await test.step('her deduction list', async () => {
    await page.getByText('Alle anzeigen').first().click();
    await expect(page).toHaveURL(/\/customer\/time-entries\//);
    expect.soft(await ringHours(page), 'the deduction list shows no more than she can use').toBeLessThanOrEqual(usable);
    await expectNoSidewaysScroll(page);
  });

  await test.step('the office: Knappes Guthaben and her page', async () => {
    await signOutInBrowser(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAsStaffInBrowser(page, DEMO_STAFF.office, DEMO_PASSWORD);
    const list = page.getByRole('region', { name: 'Knappes Guthaben' });
    const row = list
      .getByRole('row')
      .filter({ hasText: JULIA.name })
      .filter({ hasText: /ButlerPaket/i });
    // Listed only while her usable hours are at most the reserve ("knapp" only when it is).
    if ((await row.count()) > 0) {
      const remaining = hoursIn((await row.getByTestId('low-balance-usable').innerText()).replace(/Minus\s+/g, '−'))[0];
      expect.soft(remaining, 'Knappes Guthaben lists what she can use').toBe(usable);
    }
    await page.goto(`/admin/customer/${id}/details`);
    await expect(page.getByRole('heading', { level: 1, name: JULIA.name })).toBeVisible();
    const header = page.getByTestId('usable-hours');
    const line = (await header.innerText()).split('\n').find((l) => /ButlerPaket/i.test(l)) ?? '';
    const figures = hoursIn(line);
    expect(figures.length, 'the header names her ButlerPaket hours').toBeGreaterThan(0);
    expect.soft(figures[0], 'the header leads with what she can use').toBe(usable);
    // Overuse said in words ("abzüglich 17,25 h Mehrverbrauch", "Minus 2,00 h") is not a remaining figure.
    const overuse = /abzüglich\s+\d[\d.,]*\s?h\s+Mehrverbrauch|(Mehrverbrauch|überzogen|Minus)[^()]*?\d[\d.,]*\s?h/gi;
    for (const figure of hoursIn(line.replace(overuse, '')))
      expect.soft(figure, `no larger remaining figure in "${line}"`).toBeLessThanOrEqual(usable);
    // The ring of the Übersicht: the figure right above its word.
    const word = page.getByText(/^(Verbleibend|Überzogen|Mehrverbrauch)$/).filter({ visible: true });
    const ring = await word.evaluateAll((els) => els.map((el) => el.previousElementSibling?.textContent ?? ''));
    for (const figure of ring.flatMap((t) => hoursIn(`${t.replace(/\s*h$/, '')} h`)))
      expect.soft(figure, 'the staff ring shows no more than she can use').toBeLessThanOrEqual(usable);
    await expectNoSeriousViolations(page, 'customer page of an overdrawn customer', { soft: true });
  });
});
