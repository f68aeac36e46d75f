import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { camt053, camt054 } from '../packages/server/src/modules/bank-import/camt/camt-writer';
import { firstOfMonth, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, saveProviderSettings } from './quickbill-helpers';

/**
 * The whole SEPA cycle in the browser (decisions 0600–0609): a mandate on the customer, a ButlerPaket
 * paid by Lastschrift and its invoice with the pre-notification, the run and its pain.008,
 * a camt.053 with the collection (paid), a camt.054 with an MD06 return (open again, the
 * mandate stays active) and the staff digest in the Postausgang.
 */
const IBAN = 'AT483200000012345864';

test('mandate → invoice with pre-notification → pain.008 → camt.053 paid → camt.054 MD06 open again → digest', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token, { contact_email: 'buero@butler-services.at' });
  const customer = await createCustomer(request, token, 'Lastschrift');
  await loginAsAdminInBrowser(page);

  // Settings in the browser: Gläubiger-ID checked as typed.
  await page.goto('/admin/quickbill/settings');
  const sepa = page.getByRole('form', { name: 'SEPA-Lastschrift' });
  await sepa.getByLabel('Gläubiger-ID').fill('AT89ZZZ00000000001');
  await sepa.getByLabel('IBAN des Einzugskontos').fill('AT61 1904 3002 3457 3201');
  await sepa.getByRole('button', { name: 'Speichern' }).click();
  await expect(sepa.getByText('Die Prüfziffern der Gläubiger-ID stimmen nicht')).toBeVisible();
  await sepa.getByLabel('Gläubiger-ID').fill('AT88ZZZ00000000001');
  await sepa.getByRole('button', { name: 'Speichern' }).click();
  await expect(sepa.getByText('Bereit: Lastschriften können erstellt werden.')).toBeVisible();

  // The mandate on the customer's detail page.
  await page.goto(`/admin/customers/${customer.id}/rechnungen`);
  await page.getByRole('button', { name: 'Mandat erfassen' }).click();
  const dialog = page.getByRole('dialog', { name: 'SEPA-Mandat erfassen' });
  await expect(dialog.getByLabel('Mandatsreferenz')).toHaveValue(`K${String(customer.id).padStart(4, '0')}-1`);
  await dialog.getByLabel('IBAN').fill('AT48 3200 0000 1234 5865');
  await dialog.getByRole('button', { name: 'Mandat erfassen' }).click();
  await expect(dialog.getByText('Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht)')).toBeVisible();
  await dialog.getByLabel('IBAN').fill('AT48 3200 0000 1234 5864');
  await dialog.getByRole('button', { name: 'Mandat erfassen' }).click();
  await expect(dialog).toBeHidden();
  const mandates = page.getByTestId('mandates-card');
  await expect(mandates.getByText('aktiv', { exact: true })).toBeVisible();
  await expect(mandates.getByText('Erstlastschrift')).toBeVisible();

  // A ButlerPaket paid by Lastschrift and this month's invoice.
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `Lastschrift ${Date.now().toString(36)}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 1,
  });
  const subscription = await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 4,
    start_date: firstOfMonth(0).iso,
    payment_method: 'lastschrift',
  });
  const { year, month } = viennaToday();
  const run = await apiCall<{ created: Array<{ id: number; subscription_id: number }> }>(
    request,
    token,
    'POST',
    '/api/quickbill/monthly-run',
    { year, month },
  );
  // Only this test's draft stays; other drafts of the month go again (a draft is deleted on cancel).
  for (const draft of run.created.filter((c) => c.subscription_id !== subscription.id)) {
    await apiCall(request, token, 'POST', `/api/quickbill/invoices/${draft.id}/cancel`);
  }
  const draftId = run.created.find((c) => c.subscription_id === subscription.id)!.id;
  const sent = await apiCall<{ invoice_number: string }>(
    request,
    token,
    'POST',
    `/api/quickbill/invoices/${draftId}/send`,
  );
  const pdf = await request.get(`/api/quickbill/invoices/${draftId}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
  const text = (await parser.getText()).text.replace(/[\s\u00a0]+/g, ' ');
  await parser.destroy();
  expect(text).toMatch(
    new RegExp(
      `Der Betrag von € 240,00 wird am \\d\\d\\.\\d\\d\\.\\d{4} mit Mandatsreferenz K${String(customer.id).padStart(4, '0')}-1 und Gläubiger-ID AT88ZZZ00000000001 von Ihrem Konto AT\\.\\.\\.5864 eingezogen`,
    ),
  );
  expect(text).not.toContain('Zahlen mit Code');

  // The run: the invoice is offered, the file goes to the bank.
  await page.goto('/admin/quickbill/lastschriften');
  const row = page.getByRole('row', { name: new RegExp(sent.invoice_number) });
  // Announced 14 days ahead: not yet collectable on the earliest bank day; one click picks its day.
  await expect(row.getByText(/^Angekündigt für den \d\d\.\d\d\.\d{4}: frühestens dann einziehbar$/)).toBeVisible();
  await row.getByRole('button', { name: /^Einzug am .* wählen$/ }).click();
  await expect(row.getByRole('checkbox')).toBeChecked();
  const others = page
    .getByRole('row')
    .filter({ hasNot: page.getByText(sent.invoice_number) })
    .getByRole('checkbox', { checked: true });
  for (const box of await others.all()) await box.uncheck();
  await screenshotBoth(page, 'sepa-lastschriften');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Datei für die Bank erstellen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Lastschriften-\d{4}-\d\d-\d\d-\d+\.xml$/);
  const pain = (await (await download.createReadStream()).toArray()).map((c) => Buffer.from(c)).join('');
  const endToEnd = /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(pain)![1];
  const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(pain)![1];
  expect(pain).toContain('<SeqTp>FRST</SeqTp>');
  expect(pain).toContain(`<MndtId>K${String(customer.id).padStart(4, '0')}-1</MndtId>`);
  // The run opens with its file: downloaded now, "eingereicht" only once staff confirm it (decision 0722).
  const runDialog = page.getByRole('dialog', { name: 'Lastschrift-Lauf' });
  await expect(runDialog.getByText('Datei bereit – bei der Bank hochladen')).toBeVisible();
  await expect(runDialog.getByText(/\(pain\.008\.001\.08\) · SHA-256/)).toBeVisible();
  await expect(runDialog.getByText('Heruntergeladen – noch nicht als eingereicht bestätigt')).toBeVisible();
  await runDialog.getByRole('button', { name: 'Bei der Bank eingereicht' }).click();
  await expect(runDialog.getByText('Bei der Bank eingereicht', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('cell', { name: 'Bei der Bank eingereicht' }).first()).toBeVisible();

  // camt.053 with the collection: the invoice is paid.
  const today = viennaToday().iso;
  await page.goto('/admin/quickbill/zahlungseingaenge');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'auszug-einzug.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(
      camt053(`E2E-${Date.now()}`, [
        [
          {
            direction: 'CRDT',
            date: today,
            code: ['PMNT', 'RDDT', 'ESDD'],
            batchPaymentInfoId: `${messageId}-CORE-FRST`,
            txs: [{ cents: 24000n, endToEndId: endToEnd, name: 'Hanna Lastschrift', iban: IBAN }],
          },
        ],
      ]),
    ),
  });
  await expect(page.getByText(/camt\.053\.001\.08, 1 Auszug: 1 neue Buchung, 1 zugeordnet/)).toBeVisible();
  await page.goto(`/admin/quickbill/invoices/${draftId}`);
  await expect(page.getByText('Bezahlt').first()).toBeVisible();

  // camt.054 with an MD06 return: open again, the mandate stays active (MD06 is a refund, not a closed account).
  await page.goto('/admin/quickbill/zahlungseingaenge');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'ruecklastschrift.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(
      camt054(`E2E-R-${Date.now()}`, [
        {
          direction: 'DBIT',
          reversal: true,
          date: today,
          code: ['PMNT', 'RDDT', 'UPDD'],
          txs: [
            {
              cents: 24000n,
              endToEndId: endToEnd,
              returnReason: 'MD06',
              charges: 350n,
              name: 'Hanna Lastschrift',
              iban: IBAN,
            },
          ],
        },
      ]),
    ),
  });
  await expect(page.getByText(/1 Rücklastschrift\./)).toBeVisible();
  await expect(
    page.getByText('Rücklastschrift MD06 – Widerspruch: Erstattung auf Wunsch des Zahlungspflichtigen, Gebühr € 3,50'),
  ).toBeVisible();
  const invoice = await apiCall<{ status: string }>(request, token, 'GET', `/api/quickbill/invoices/${draftId}`);
  expect(invoice.status).toBe('sent');
  await page.goto(`/admin/customers/${customer.id}/rechnungen`);
  await expect(mandates.getByText('aktiv', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Rücklastschrift MD06 – Widerspruch: Erstattung auf Wunsch des Zahlungspflichtigen, Gebühr € 3,50'),
  ).toBeVisible();
  await screenshotBoth(page, 'sepa-customer-detail');

  // The staff digest: at 07:15 by itself, or now.
  await page.goto('/admin/quickbill/zahlungseingaenge');
  await page.getByRole('button', { name: 'Team jetzt informieren' }).click();
  await expect(page.getByText(/Übersicht mit 1 Rücklastschrift an das Team gesendet/)).toBeVisible();
  await screenshotBoth(page, 'sepa-zahlungseingaenge');
  // The filters live in the address (decision 0660); a link with unreadable values shows the whole list.
  const kind = page.getByRole('textbox', { name: 'Art' }).or(page.getByRole('combobox', { name: 'Art' }));
  const hanna = page.getByRole('row').filter({ hasText: 'Hanna Lastschrift' });
  await kind.click();
  await page.getByRole('option', { name: 'Rücklastschriften' }).click();
  await expect(page).toHaveURL(/\/admin\/quickbill\/zahlungseingaenge\?art=return$/);
  await page.reload();
  await expect(kind).toHaveValue('Rücklastschriften');
  await expect(hanna.filter({ hasText: '− € 240,00' }).first()).toBeVisible();
  await expect(hanna.filter({ hasText: '+ € 240,00' })).toHaveCount(0);
  await page.goto('/admin/quickbill/zahlungseingaenge?art=quatsch&status=nix&seite=-1');
  await expect(kind).toHaveValue('Alle Arten');
  await expect(hanna.filter({ hasText: '+ € 240,00' }).first()).toBeVisible();
  await page.goto('/admin/outbox');
  await expect(page.getByText(/Rücklastschriften: eine Lastschrift zurückgekommen/).first()).toBeVisible();
});
