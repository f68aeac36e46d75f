import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD, seedScenario } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser } from './fixtures/api';
import { LAYOUT_WIDTHS, layoutFindings } from './fixtures/layout';
import { createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

/** UI.md: every screen passes axe-core with no serious or critical finding. */
async function expectNoSeriousViolations(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, `${screen}\n${serious.join('\n')}`).toEqual([]);
}

/**
 * Issue 16: every screen at 390, 768 and 1280 px without squeezed text, elements wider
 * than the window or cut-off labels. Soft, so one run names every defect of the walk.
 */
async function expectCleanLayout(page: Page, screen: string) {
  const findings: string[] = [];
  for (const width of LAYOUT_WIDTHS) findings.push(...(await layoutFindings(page, screen, width)));
  await page.setViewportSize({ width: 1280, height: 800 });
  expect.soft(findings, `Layout-Fehler:\n${findings.join('\n')}`).toEqual([]);
}

/** Both checks of the walk over every screen. */
async function checkScreen(page: Page, screen: string) {
  await expectNoSeriousViolations(page, screen);
  await expectCleanLayout(page, screen);
}

test.describe('accessibility (axe-core)', () => {
  test('login pages and 404', async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of ['/', '/admin/login', '/gibt-es-nicht', '/passwort-vergessen', '/passwort-festlegen']) {
      await page.goto(path);
      await checkScreen(page, path);
    }
  });

  test('customer lounge and deduction lists', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await adminToken(request);
    const { customer } = await seedScenario(request, token, 'Axel');
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
    await expect(page.getByText('Zu Diensten, Axel.')).toBeVisible();
    // The teaser was the card squeezed to one word per line at 390 px (issue 16).
    await expect(page.getByTestId('referral-teaser-card')).toBeVisible();
    await checkScreen(page, '/customer/dashboard');
    for (const path of [
      '/customer/time-entries/butler-packages',
      '/customer/time-entries/hour-packages',
      '/customer/account',
    ]) {
      await page.goto(path);
      await checkScreen(page, path);
    }
  });

  // The back office in groups: each group is a test of its own, so a slow machine meets
  // the timeout per group rather than for 25 screens × (axe + three widths) at once.
  const backOffice = test.extend<{ ids: { customer: number; invoice: number } }>({
    ids: async ({ request }, use) => {
      seeded ??= seedBackOffice(request);
      await use(await seeded);
    },
  });
  let seeded: Promise<{ customer: number; invoice: number }> | undefined;
  const groups: Array<[string, (ids: { customer: number; invoice: number }) => string[]]> = [
    [
      'overview and customers',
      () => ['/admin/dashboard', '/admin/dashboard/monthly', '/admin/customers', '/admin/settings'],
    ],
    [
      'one customer',
      ({ customer }) => [
        `/admin/customer/${customer}/details`,
        `/admin/customers/${customer}/view`,
        `/admin/customers/${customer}/customer-view`,
        `/admin/customers/${customer}/time-entries/butler-packages`,
        `/admin/customers/${customer}/time-entries/hour-packages`,
        `/customer/${customer}`,
      ],
    ],
    [
      'wiki, account, audit, outbox',
      ({ customer }) => [
        '/admin/wiki',
        `/admin/wiki?customer=${customer}`,
        '/admin/wiki/categories',
        '/admin/projects',
        '/admin/account',
        '/admin/audit',
        '/admin/outbox',
      ],
    ],
    [
      'Quickbill',
      ({ invoice }) => [
        '/admin/quickbill',
        '/admin/quickbill/invoices',
        '/admin/quickbill/invoices/new',
        `/admin/quickbill/invoices/${invoice}`,
        `/admin/quickbill/invoices/${invoice}/send`,
        '/admin/quickbill/settings',
        '/admin/quickbill/products',
        '/admin/quickbill/timetracking',
      ],
    ],
  ];
  for (const [name, screensOf] of groups) {
    backOffice(`back-office screens: ${name}`, async ({ page, ids }) => {
      test.setTimeout(300_000);
      await loginAsAdminInBrowser(page);
      for (const path of screensOf(ids)) {
        await page.goto(path);
        await checkScreen(page, path);
      }
    });
  }
});

/** A customer with ButlerPaket, hour package, entries, an address and a sent invoice. */
async function seedBackOffice(request: APIRequestContext) {
  const token = await adminToken(request);
  const { customer } = await seedScenario(request, token, 'Berta');
  await saveProviderSettings(request, token);
  await apiCall(request, token, 'PUT', `/api/customers/${customer.id}`, {
    street: 'Mariahilfer Straße 12',
    postal_code: '1070',
    city: 'Wien',
  });
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(-3),
    dueDate: isoDay(11),
    price: 480,
    text: 'Organisation Übersiedlung und Handwerkerkoordination',
  });
  return { customer: customer.id, invoice: invoice.id };
}
