import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PASSWORD, seedScenario } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser } from './fixtures/api';
import { expectNoSeriousViolations } from './fixtures/axe';
import { LAYOUT_WIDTHS, layoutFindings } from './fixtures/layout';
import { createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

/** A screen of the walk: its address and the page title (h1) that says it is the intended one. */
type Screen = { path: string; heading: string | RegExp };

/**
 * Opens the screen and checks it is the one intended (its h1, not the login, the 404 or an
 * error page), then both checks of the walk. Decision 0421: every screen at 390, 768 and 1280 px
 * without squeezed text, elements wider than the window or cut-off labels; soft, so one run
 * names every defect of the walk. The desktop width comes first: its wait until no loader
 * or "Lade ..." is shown and the page is at rest is also what axe needs, a screen with its
 * content rather than its loading state.
 */
async function checkScreen(page: Page, { path, heading }: Screen) {
  await page.goto(path);
  // A screen's first visit loads its code: up to 30 s on a busy machine before it counts as missing.
  await expect(page.getByRole('heading', { level: 1, name: heading }), `${path}: ${heading}`).toBeVisible({
    timeout: 30_000,
  });
  const [desktop, ...narrower] = [...LAYOUT_WIDTHS].sort((a, b) => b - a);
  const findings = await layoutFindings(page, path, desktop);
  await expectNoSeriousViolations(page, `${path} (${desktop} px)`);
  for (const width of narrower) {
    findings.push(...(await layoutFindings(page, path, width)));
    await expectNoSeriousViolations(page, `${path} (${width} px)`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  expect.soft(findings, `Layout-Fehler:\n${findings.join('\n')}`).toEqual([]);
}

/**
 * A dialog at each width of the walk (a phone's is full-screen): opened by `open`, checked by
 * axe while open, closed with Escape (decision 0744: the × of every dialog has a name).
 */
async function checkDialog(page: Page, title: string | RegExp, open: () => Promise<void>) {
  for (const width of [...LAYOUT_WIDTHS].sort((a, b) => b - a)) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await open();
    const dialog: Locator = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Schließen' }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `Dialog ${title} (${width} px)`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The overlay fades out after the dialog: a click during that lands on it, not on the page.
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('accessibility (axe-core)', () => {
  // Its tests are independent (each seeds its own data): spread over the workers, the walk no
  // longer keeps one worker busy for half the suite while the other idles at the end.
  test.describe.configure({ mode: 'parallel' });
  test('login pages and 404', async ({ page }) => {
    test.setTimeout(300_000);
    const screens: Screen[] = [
      { path: '/', heading: 'Zu Diensten.' },
      { path: '/admin/login', heading: 'Verwaltung' },
      { path: '/gibt-es-nicht', heading: 'Seite nicht gefunden' },
      { path: '/passwort-vergessen', heading: 'Passwort vergessen?' },
      { path: '/passwort-festlegen', heading: 'Passwort festlegen' },
      // Decisions 0756 and 0760: the staff's "Passwort vergessen?" and the referral QR code's page.
      { path: '/admin/passwort-vergessen', heading: 'Passwort vergessen?' },
      { path: '/empfehlung/ABCD2345', heading: 'Zu Diensten.' },
    ];
    for (const screen of screens) await checkScreen(page, screen);
  });

  test('customer lounge and deduction lists', async ({ page, request }) => {
    // Axe at three widths per screen, and three dialogs at three widths.
    test.setTimeout(480_000);
    const token = await adminToken(request);
    const { customer } = await seedScenario(request, token, 'Axel');
    // "Meine Rechnungen" with a partly paid invoice (decision 0587).
    await saveProviderSettings(request, token);
    const invoice = await createSentInvoice(request, token, customer.id, {
      invoiceDate: isoDay(-20),
      dueDate: isoDay(-6),
      price: 150,
      text: 'Geburtstagsfeier organisiert',
    });
    await apiCall(request, token, 'POST', `/api/quickbill/invoices/${invoice.id}/payments`, {
      payment_date: isoDay(0),
      amount: 50,
      method: 'ueberweisung',
    });
    await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
    await expect(page.getByText('Zu Diensten, Axel.')).toBeVisible();
    // The teaser was the card squeezed to one word per line at 390 px (decision 0421).
    await expect(page.getByTestId('referral-teaser-card')).toBeVisible();
    const screens: Screen[] = [
      { path: '/customer/dashboard', heading: 'Zu Diensten, Axel.' },
      { path: '/customer/time-entries/butler-packages', heading: 'ButlerPaket-Abbuchungen' },
      { path: '/customer/time-entries/hour-packages', heading: 'Stundenpaket-Abbuchungen' },
      { path: '/customer/account', heading: 'Mein Konto' },
    ];
    for (const screen of screens) await checkScreen(page, screen);

    await page.goto('/customer/dashboard');
    const pay = page.getByRole('button', { name: /^Bezahlen: / }).first();
    await checkDialog(page, /^Rechnung .+ bezahlen$/, () => pay.click());
    await checkDialog(page, 'Mein BUTLER', () =>
      page.getByRole('button', { name: 'Mein BUTLER kontaktieren' }).first().click(),
    );
    await checkDialog(page, 'Dein Empfehlungscode', () =>
      page.getByRole('button', { name: 'Empfehlungscode teilen' }).first().click(),
    );
  });

  backOfficeDialogs();

  // The back office in groups: each group is a test of its own, so a slow machine meets
  // the timeout per group rather than for 25 screens × (axe + three widths) at once.
  const backOffice = test.extend<{ ids: { customer: number; invoice: number; invoiceNumber: string } }>({
    ids: async ({ request }, use) => {
      seeded ??= seedBackOffice(request);
      await use(await seeded);
    },
  });
  let seeded: Promise<{ customer: number; invoice: number; invoiceNumber: string }> | undefined;
  const customerName = 'Berta Testkundin';
  const groups: Array<[string, (ids: { customer: number; invoice: number; invoiceNumber: string }) => Screen[]]> = [
    [
      'overview and customers',
      () => [
        { path: '/admin/dashboard', heading: /^Willkommen( zurück)?, / },
        { path: '/admin/dashboard/monthly', heading: 'Monatsübersicht' },
        { path: '/admin/customers', heading: 'Kundenverwaltung' },
        { path: '/admin/settings', heading: 'Einstellungen' },
      ],
    ],
    [
      'one customer',
      ({ customer }) => [
        { path: `/admin/customer/${customer}/details`, heading: customerName },
        { path: `/admin/customers/${customer}/view`, heading: customerName },
        { path: `/admin/customers/${customer}/rechnungen`, heading: customerName },
        { path: `/admin/customers/${customer}/customer-view`, heading: 'Zu Diensten, Berta.' },
        { path: `/admin/customers/${customer}/time-entries/butler-packages`, heading: 'ButlerPaket-Abbuchungen' },
        { path: `/admin/customers/${customer}/time-entries/hour-packages`, heading: 'Stundenpaket-Abbuchungen' },
        { path: `/customer/${customer}`, heading: 'Zu Diensten, Berta.' },
      ],
    ],
    [
      'wiki, account, audit, outbox',
      ({ customer }) => [
        { path: '/admin/wiki', heading: 'Wiki' },
        { path: `/admin/wiki?customer=${customer}`, heading: 'Wiki' },
        { path: '/admin/wiki/categories', heading: 'Kategorien' },
        { path: '/admin/projects', heading: 'Projekte' },
        { path: '/admin/account', heading: 'Konto & Sicherheit' },
        { path: '/admin/audit', heading: 'Protokoll' },
        { path: '/admin/outbox', heading: 'Postausgang' },
      ],
    ],
    [
      'Quickbill',
      ({ invoice, invoiceNumber }) => [
        { path: '/admin/quickbill', heading: 'Quickbill' },
        { path: '/admin/quickbill/invoices', heading: 'Rechnungen' },
        { path: '/admin/quickbill/invoices/new', heading: 'Neue Rechnung' },
        { path: `/admin/quickbill/invoices/${invoice}`, heading: `Rechnung ${invoiceNumber}` },
        { path: `/admin/quickbill/invoices/${invoice}/send`, heading: 'Rechnung erneut senden' },
        { path: '/admin/quickbill/settings', heading: 'Rechnungseinstellungen' },
        { path: '/admin/quickbill/products', heading: 'Produkte' },
        { path: '/admin/quickbill/timetracking', heading: 'Zeiterfassung verrechnen' },
        { path: '/admin/quickbill/offene-posten', heading: 'Offene Posten' },
        { path: '/admin/quickbill/abrechnungen', heading: 'Nächste Abrechnungen' },
      ],
    ],
  ];
  for (const [name, screensOf] of groups) {
    backOffice(`back-office screens: ${name}`, async ({ page, ids }) => {
      // Axe at three widths per screen (decision 0744).
      test.setTimeout(600_000);
      await loginAsAdminInBrowser(page);
      for (const screen of screensOf(ids)) await checkScreen(page, screen);
    });
  }
});

/** The back office's dialogs: "Neuer Zeiteintrag" and a confirmation (deleting a project, cancelled). */
function backOfficeDialogs() {
  test('back-office dialogs', async ({ page, request }) => {
    test.setTimeout(300_000);
    const token = await adminToken(request);
    const { customer } = await seedScenario(request, token, 'Dora');
    await loginAsAdminInBrowser(page);
    await page.goto(`/admin/customers/${customer.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dora');
    await checkDialog(page, 'Neuer Zeiteintrag', () => page.getByRole('button', { name: 'Zeit erfassen' }).click());
    await checkDialog(page, 'Projekt löschen', () =>
      page
        .getByRole('button', { name: /^Projekt .+ löschen$/ })
        .first()
        .click(),
    );
  });
}

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
  // Its payments card with a partial payment, and an overdue one for Offene Posten (decision 0580).
  await apiCall(request, token, 'POST', `/api/quickbill/invoices/${invoice.id}/payments`, {
    payment_date: isoDay(0),
    amount: 100,
    method: 'bar',
    reference: 'Quittung 12',
  });
  await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(-50),
    dueDate: isoDay(-36),
    price: 90,
    text: 'Einkaufsservice',
  });
  return { customer: customer.id, invoice: invoice.id, invoiceNumber: invoice.number };
}
