import { sellButlerPaket } from '../dashboards-scenario';
import { adminToken, apiCall } from '../fixtures/api';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { expect, SHOWN, test } from '../fixtures/walk';
import { E2E_ADMIN } from '../portals';
import { createCustomer, saveProviderSettings } from '../quickbill-helpers';

/**
 * The new owner's first day on a fresh installation (UX walk 2026-12-01, task 1; decision
 * 0785): from the start log to the staff login, through "Erste Schritte" to a sent
 * ButlerPaket invoice, with a plain word that mail only lands in the outbox folder while no
 * mail server is set (the e2e portals have none).
 */
test.use({ walkPortalKind: 'fresh' });

/** Mail that claims to have reached its recipient. */
const DELIVERED = /gesendet|zugestellt/i;

test('owner, first day: staff login, Erste Schritte to a sent ButlerPaket invoice, honest mail state', async ({
  page,
  walkPortal,
  demoToday,
}) => {
  test.setTimeout(180_000);

  await test.step('the start log and the first page lead to the staff login', async () => {
    expect.soft(walkPortal.startLog, 'the start log names the staff login').toContain(`${walkPortal.url}/admin/login`);
    await page.goto('/');
    const staffLink = page.getByRole('link', { name: /Mitarbeiter|Verwaltung|Admin|Team/i }).first();
    await expect(staffLink).toBeVisible();
    // A link a new owner can read, not an unlabelled icon.
    await expect.soft(staffLink, 'the staff login is a link with words').toHaveText(/\p{L}{4,}/u, SHOWN);
    await staffLink.click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect
      .soft(page.getByRole('heading', { level: 1 }), 'the greeting uses the display name')
      .toContainText(E2E_ADMIN.name, SHOWN);
    await expect(page.getByTestId('first-steps')).toBeVisible();
    await expectNoSeriousViolations(page, 'first dashboard with Erste Schritte', { soft: true });
  });

  // Company, bank, a template and a first customer: the forms of those steps have specs of
  // their own; here they are filled the quick way, and the guide must take it from there.
  const token = await adminToken(page.request);
  await saveProviderSettings(page.request, token);
  const customer = await createCustomer(page.request, token, `Erstkundin${Date.now().toString(36)}`);
  const guide = page.getByTestId('first-steps');

  await test.step('Erste Schritte: a step gives the customer a ButlerPaket', async () => {
    await page.reload();
    await expect(guide).toBeVisible();
    const packageStep = guide
      .getByRole('listitem')
      .filter({ hasText: /ButlerPaket/i })
      .filter({ hasNotText: /Vorlage/i });
    await expect.soft(packageStep.first(), "a step for the customer's ButlerPaket").toBeVisible(SHOWN);
    await sellButlerPaket(page.request, token, customer.id, {
      label: 'Komfort',
      monthlyHours: 8,
      startDate: `${demoToday.slice(0, 8)}01`,
    });
  });

  await test.step('the last step leads to the ButlerPaket invoice, which is sent', async () => {
    await page.reload();
    const invoiceStep = guide
      .getByRole('listitem')
      .filter({ hasText: /Rechnung/i })
      .last();
    await invoiceStep.getByRole('link').first().click();
    await expect(page).not.toHaveURL(/\/admin\/dashboard$/);
    await expect.soft(page, 'the guide does not open a blank invoice').not.toHaveURL(/\/invoices\/new$/, SHOWN);
    await expect
      .soft(page.getByText(/ButlerPaket/).first(), 'the guide leads to the ButlerPaket invoice')
      .toBeVisible(SHOWN);
    // Wherever the guide led, the month's ButlerPaket draft is there to send (made now if the step did not).
    let drafts = await apiCall(
      page.request,
      token,
      'GET',
      `/api/quickbill/invoices?status=draft&customer_id=${customer.id}`,
    );
    drafts = Array.isArray(drafts) ? drafts : drafts.items;
    if (!drafts.some((d: { customer_id: number }) => d.customer_id === customer.id)) {
      const [year, month] = demoToday.split('-').map(Number);
      await apiCall(page.request, token, 'POST', '/api/quickbill/monthly-run', { year, month });
      drafts = await apiCall(
        page.request,
        token,
        'GET',
        `/api/quickbill/invoices?status=draft&customer_id=${customer.id}`,
      );
      drafts = Array.isArray(drafts) ? drafts : drafts.items;
    }
    const draft = drafts.find((d: { customer_id: number }) => d.customer_id === customer.id);
    expect(draft, 'a ButlerPaket draft for the customer').toBeTruthy();
    await page.goto(`/admin/quickbill/invoices/${draft.id}/send`);
    await page.getByRole('button', { name: 'Jetzt senden' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quickbill/invoices/${draft.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\d{4}-\d{4}/);
  });

  await test.step('the Postausgang says plainly that nothing was delivered', async () => {
    await page.goto('/admin/outbox');
    const mail = page.getByRole('row').filter({ hasText: customer.email }).first();
    await expect(mail).toBeVisible();
    await expect.soft(mail, 'a mail only in the outbox folder is not "gesendet"').not.toContainText(DELIVERED, SHOWN);
    await expect
      .soft(page.getByText(/SMTP|Mailserver/i).first(), 'the Postausgang says that no mail server is set')
      .toBeVisible(SHOWN);
    await expectNoSeriousViolations(page, 'Postausgang', { soft: true });
    // Back on the invoice, once the mail went its way: nothing reached the customer, and it says so.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\d{4}-\d{4}/);
    await expect.soft(page.getByText(/zugestellt/i), 'no "zugestellt" without a mail server').toHaveCount(0, SHOWN);
    await expect
      .soft(page.getByText(/SMTP|Mailserver|Postausgang|Ordner/i).first(), 'the invoice page says where the mail is')
      .toBeVisible(SHOWN);
  });
});
