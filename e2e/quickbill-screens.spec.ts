import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

test.use({ actionTimeout: 15_000 });

test('Quickbill: time tracking → draft, bulk send, reminders, credit note, read-only, monthly run', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, `Zeitkunde${Date.now().toString(36)}`);
  const project = await apiCall<{ id: number }>(request, token, 'POST', `/api/customers/${customer.id}/projects`, {
    name: 'Smart Home',
  });
  for (const [hours, text] of [
    [1.5, 'Router konfiguriert'],
    [2, 'Kameras eingerichtet'],
  ] as const) {
    await apiCall(request, token, 'POST', `/api/customers/${customer.id}/time-entries`, {
      project_id: project.id,
      hours,
      activity_description: text,
      work_date: isoDay(-3),
      billing_type: 'stundenpakete',
      is_billable: true,
    });
  }
  await loginAsAdminInBrowser(page);

  let draftId = 0;
  await test.step('time tracking: billable entries per customer → invoice draft', async () => {
    await page.goto('/admin/quickbill/timetracking?ansicht=alle');
    const group = page.getByTestId(`billable-${customer.id}`);
    await expect(group.getByRole('heading', { name: customer.name })).toBeVisible();
    await expect(group).toContainText('2 Einträge');
    await expect(group).toContainText('3,50 h');
    await group.getByRole('button', { name: 'Einträge auswählen' }).click();
    // Nothing is preselected: paid-with-the-package entries must not slip onto an invoice.
    const create = group.getByRole('button', { name: 'Rechnung erstellen' });
    await expect(create).toBeDisabled();
    await expect(group).toContainText('(Stundenpaket)');
    await group.getByRole('checkbox', { name: 'Alle auswählen' }).check();
    await expect(group).toContainText('3,50 h · € 175,00 netto');
    await screenshotBoth(page, 'quickbill-timetracking');
    await create.click();
    await expect(page).toHaveURL(/\/admin\/quickbill\/invoices\/\d+\/edit$/);
    draftId = Number(/invoices\/(\d+)\/edit/.exec(page.url())?.[1]);
    await expect(page.getByText('2 Zeiteinträge werden')).toBeVisible();
    // 3.5 h × € 50 net + 20 % VAT.
    await expect(page.getByTestId('total-gross')).toHaveText('€ 210,00');
    // Invoiced entries are not offered again.
    await page.goto('/admin/quickbill/timetracking?ansicht=alle');
    // Judge the loaded list, not the page while it still restores the session or loads.
    await expect(page.getByRole('heading', { name: 'Zeiterfassung verrechnen' })).toBeVisible();
    // (Collapsed customer cards hold a hidden loader of their own.)
    await expect(page.getByText('Lade Zeiteinträge...').filter({ visible: true })).toHaveCount(0);
    await expect(page.getByTestId(`billable-${customer.id}`)).toHaveCount(0);
  });

  await test.step('bulk send of a selected draft', async () => {
    await page.goto('/admin/quickbill/invoices');
    await page.getByRole('checkbox', { name: `Entwurf #${draftId} auswählen` }).check();
    await expect(page.getByTestId('bulk-bar')).toContainText('1 Rechnung ausgewählt');
    await screenshotBoth(page, 'quickbill-invoice-list-selected');
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Senden' }).click();
    // Confirm first: count, total and customer (decision 0633), then a result per invoice.
    const confirm = page.getByRole('dialog', { name: '1 Rechnung senden?' });
    await expect(confirm.getByTestId('bulk-send-summary')).toContainText('1 Rechnung über insgesamt € 210,00');
    await expect(confirm.getByTestId('bulk-send-summary')).toContainText(customer.name);
    await screenshotBoth(page, 'quickbill-bulk-send-confirm');
    await confirm.getByRole('button', { name: 'Jetzt senden' }).click();
    const result = page.getByRole('dialog', { name: 'Versand abgeschlossen' }).getByTestId('bulk-send-result');
    // No mail server in the browser portals: issued, and the mail only in the outbox (decision 0755).
    await expect(result).toContainText('1 Rechnung im Ausgangsordner abgelegt');
    await expect(result).toContainText(/als \d{4}-\d{4} ausgestellt, E-Mail im Ausgangsordner abgelegt/);
    await expect(result.getByTestId('mail-setup-alert')).toContainText('Kein Mailserver eingerichtet');
    await screenshotBoth(page, 'quickbill-bulk-send-result');
    await page.getByRole('dialog').locator('button', { hasText: 'Schließen' }).click();
    await expect(page.getByTestId(`invoice-row-${draftId}`)).toContainText('Versendet');
  });

  await test.step('bulk send of two: summary, then a result per invoice with the reason of a refusal', async () => {
    const stamp = Date.now().toString(36);
    const withAddress = await createCustomer(request, token, `Sammelkundin${stamp}`);
    const noAddress = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/api/customers', {
      first_name: 'Otto',
      last_name: `Ohneadresse${stamp}`,
      email: uniqueEmail('ohne'),
      password: 'Kunden-Passwort-123',
    });
    const draft = (customerId: number, price: number) =>
      apiCall<{ id: number }>(request, token, 'POST', '/api/quickbill/invoices', {
        customer_id: customerId,
        invoice_date: isoDay(0),
        items: [{ description: 'Sammelversand', quantity: 1, unit: 'Stk.', unit_price: price, tax_rate: 20 }],
      });
    const good = await draft(withAddress.id, 100);
    const refused = await draft(noAddress.id, 500);
    await page.goto('/admin/quickbill/invoices?status=draft');
    await page.getByRole('checkbox', { name: `Entwurf #${good.id} auswählen` }).check();
    await page.getByRole('checkbox', { name: `Entwurf #${refused.id} auswählen` }).check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Senden' }).click();
    const confirm = page.getByRole('dialog', { name: '2 Rechnungen senden?' });
    // € 120 + € 600 gross, both customers named, both drafts get their numbers now.
    await expect(confirm.getByTestId('bulk-send-summary')).toContainText('2 Rechnungen über insgesamt € 720,00');
    await expect(confirm.getByTestId('bulk-send-summary')).toContainText(withAddress.name);
    await expect(confirm.getByTestId('bulk-send-summary')).toContainText(noAddress.name);
    await expect(confirm.getByTestId('bulk-send-summary')).toContainText(
      '2 Entwürfe erhalten dabei ihre Rechnungsnummern',
    );
    await confirm.getByRole('button', { name: '2 Rechnungen senden' }).click();
    const result = page.getByRole('dialog', { name: 'Versand abgeschlossen' }).getByTestId('bulk-send-result');
    await expect(result).toContainText('1 Rechnung im Ausgangsordner abgelegt, 1 nicht versendet');
    await expect(result).toContainText(
      `Entwurf #${refused.id} (${noAddress.name}): nicht versendet – Für Rechnungen über € 400 ist die vollständige Anschrift`,
    );
    await expect(result).toContainText(
      new RegExp(
        `Entwurf #${good.id} \\(${withAddress.name}\\): als \\d{4}-\\d{4} ausgestellt, E-Mail im Ausgangsordner abgelegt`,
      ),
    );
    await page.getByRole('dialog').locator('button', { hasText: 'Schließen' }).click();
  });

  await test.step('a send whose answer is lost is told as unknown, never as "nicht versendet"', async () => {
    const customer = await createCustomer(request, token, `Funklochkundin${Date.now().toString(36)}`);
    const lost = await apiCall<{ id: number }>(request, token, 'POST', '/api/quickbill/invoices', {
      customer_id: customer.id,
      invoice_date: isoDay(0),
      items: [{ description: 'Antwort verloren', quantity: 1, unit: 'Stk.', unit_price: 50, tax_rate: 20 }],
    });
    // The request reaches the server, which issues the invoice; its answer never arrives.
    await page.route(`**/api/quickbill/invoices/${lost.id}/send`, async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto('/admin/quickbill/invoices?status=draft');
    await page.getByRole('checkbox', { name: `Entwurf #${lost.id} auswählen` }).check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Senden' }).click();
    await page
      .getByRole('dialog', { name: '1 Rechnung senden?' })
      .getByRole('button', { name: 'Jetzt senden' })
      .click();
    const result = page.getByRole('dialog', { name: 'Versand abgeschlossen' }).getByTestId('bulk-send-result');
    await expect(result).toContainText('0 Rechnungen im Ausgangsordner abgelegt, 1 ohne Antwort');
    await expect(result).toContainText(
      `Entwurf #${lost.id} (${customer.name}): keine Antwort vom Server – ob sie ausgestellt wurde, zeigt die Rechnungsliste`,
    );
    await expect(result).not.toContainText('nicht versendet');
    await page.getByRole('dialog').locator('button', { hasText: 'Schließen' }).click();
    await page.unroute(`**/api/quickbill/invoices/${lost.id}/send`);
    // The list tells the truth: the draft got its number.
    await expect(page.getByRole('checkbox', { name: `Entwurf #${lost.id} auswählen` })).toHaveCount(0);
    const issued = await apiCall<{ status: string; invoice_number: string }>(
      request,
      token,
      'GET',
      `/api/quickbill/invoices/${lost.id}`,
    );
    expect(issued.status).toBe('sent');
  });

  await test.step('an issued invoice opens read-only in the editor', async () => {
    await page.goto(`/admin/quickbill/invoices/${draftId}/edit`);
    await expect(page.getByTestId('read-only-notice')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entwurf speichern' })).toHaveCount(0);
  });

  const overdue = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(-40),
    dueDate: isoDay(-26),
    price: 250,
    text: 'Wartung Netzwerk',
  });

  await test.step('the overdue tile opens the filtered list; the filter lives in the address; the row menu deals with it', async () => {
    await page.goto('/admin/quickbill');
    await page.getByTestId('tile-overdue').click();
    await expect(page).toHaveURL(/\/admin\/quickbill\/invoices\?status=overdue$/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Überfällig');
    const row = page.getByTestId(`invoice-row-${overdue.id}`);
    await expect(row).toBeVisible();
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Überfällig');
    // Another filter is a new history entry: Back brings the overdue list again (decision 0660).
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Bezahlt', exact: true }).click();
    await expect(page).toHaveURL(/\?status=paid$/);
    await expect(row).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\?status=overdue$/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Überfällig');
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Aktionen für ${overdue.number}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Zahlungserinnerung senden' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Als bezahlt markieren' })).toBeVisible();
    await screenshotBoth(page, 'quickbill-overdue-row-menu');
    // The phone-width screenshot closed the menu (the table becomes cards): open it again.
    if (!(await page.getByRole('menuitem', { name: 'Als bezahlt markieren' }).isVisible())) {
      await row.getByRole('button', { name: `Aktionen für ${overdue.number}` }).click();
    }
    await page.getByRole('menuitem', { name: 'Als bezahlt markieren' }).click();
    await expect(page.getByRole('dialog', { name: 'Zahlung erfassen' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
  });

  await test.step('Offene Posten: the search lives in the address, a link opens the searched list', async () => {
    const name = customer.name.split(' ').at(-1) as string;
    const none = `${name}-keiner`;
    const suche = () => new URL(page.url()).searchParams.get('suche');
    await page.goto(`/admin/quickbill/offene-posten?suche=${encodeURIComponent(name)}&seite=abc`);
    const search = page.getByRole('textbox', { name: 'Kunde oder Rechnung suchen' });
    await expect(search).toHaveValue(name);
    await expect(page.getByText(overdue.number)).toBeVisible();
    await search.fill(none);
    await expect(page.getByText(`Keine offenen Posten gefunden für "${none}"`)).toBeVisible();
    await expect.poll(suche).toBe(none);
    await page.reload();
    await expect(search).toHaveValue(none);
    await expect(page.getByText(`Keine offenen Posten gefunden für "${none}"`)).toBeVisible();
  });

  await test.step('overdue invoice: Zahlungserinnerung, then 1. Mahnung', async () => {
    await page.goto(`/admin/quickbill/invoices/${overdue.id}`);
    await expect(page.getByText('Überfällig', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Zahlungserinnerung senden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zahlungserinnerung senden' }).click();
    await expect(
      page.getByText(
        'Zahlungserinnerung: E-Mail im Ausgangsordner abgelegt – nicht versendet (kein Mailserver eingerichtet)',
      ),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The 1. Mahnung waits its configured days after the Zahlungserinnerung: offered early, with its date.
    await expect(
      page.getByRole('button', { name: /^1\. Mahnung vorzeitig senden \(fällig ab \d{2}\.\d{2}\.\d{4}\)$/ }),
    ).toBeVisible();
    await screenshotBoth(page, 'quickbill-invoice-detail-overdue');
  });

  await test.step('cancel from the detail: the credit note is linked both ways', async () => {
    await page.getByRole('button', { name: 'Stornieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren' }).click();
    await expect(page.getByText('Storniert', { exact: true }).first()).toBeVisible();
    await page.getByTestId('credit-note-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Stornorechnung \d{4}-\d{4}$/);
    await expect(page.getByRole('link', { name: overdue.number })).toBeVisible();
    await expect(page.getByTestId('total-gross')).toHaveText('-€ 300,00');
    await screenshotBoth(page, 'quickbill-credit-note');
  });

  await test.step('monthly run dialog', async () => {
    await page.goto('/admin/quickbill');
    await page.getByRole('button', { name: 'Monat abrechnen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechnungen für einen ButlerPaket-Monat erstellen' });
    await screenshotBoth(page, 'quickbill-monthly-run');
    await dialog.getByRole('button', { name: 'Entwürfe erstellen' }).click();
    await expect(dialog.getByRole('status')).toContainText('Entwürfe erstellt');
  });

  await test.step('dashboard with figures', async () => {
    await page.keyboard.press('Escape');
    // The worker's portal holds other specs' overdue invoices too: the tile shows the server's count.
    const stats = await apiCall<{ invoices_overdue_count: number }>(
      request,
      token,
      'GET',
      '/api/quickbill/invoices/dashboard',
    );
    await expect(page.getByTestId('tile-overdue-value')).toHaveText(String(stats.invoices_overdue_count));
    await screenshotBoth(page, 'quickbill-dashboard');
  });
});
