import type { Page } from '@playwright/test';
import { camt053 } from '../../packages/server/src/modules/bank-import/camt/camt-writer';
import { apiCall, loginAsStaffInBrowser } from '../fixtures/api';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { expectToast } from '../fixtures/backoffice';
import { DEMO_PASSWORD, DEMO_STAFF, demoToken, expect, SHOWN, test } from '../fixtures/walk';

/**
 * Buchhaltung's month end (UX walk 2026-12-01, task 3; decision 0785): the month's drafts
 * sent in one go, a partial payment, a bank statement, the Lastschrift run the page itself
 * proposes, and all due reminders at once.
 */
type Invoice = {
  id: number;
  invoice_number: string | null;
  customer_id: number;
  customer_name: string;
  status: string;
  open_amount: number;
  total_gross: number;
  kind: string;
};

async function invoices(page: Page, token: string, status: string) {
  const answer = await apiCall(page.request, token, 'GET', `/api/quickbill/invoices?limit=100&status=${status}`);
  return (Array.isArray(answer) ? answer : answer.items) as Invoice[];
}

const euro = (n: number) => n.toLocaleString('de-AT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('Buchhaltung month end: bulk send, partial payment, bank file, Lastschrift run, due reminders', async ({
  page,
  demoToday,
}) => {
  test.setTimeout(240_000);
  const token = await demoToken(page, DEMO_STAFF.accounting);
  await loginAsStaffInBrowser(page, DEMO_STAFF.accounting, DEMO_PASSWORD, '/admin/quickbill');

  await test.step("the month's drafts of the Lastschrift customers, sent in one go", async () => {
    // The daily run makes the month's ButlerPaket drafts right after the start.
    await expect.poll(async () => (await invoices(page, token, 'draft')).length).toBeGreaterThan(2);
    const drafts = await invoices(page, token, 'draft');
    const withMandate: Invoice[] = [];
    for (const draft of drafts) {
      const mandates = await apiCall(page.request, token, 'GET', `/api/customers/${draft.customer_id}/mandates`);
      if ((Array.isArray(mandates) ? mandates : mandates.items).length) withMandate.push(draft);
    }
    // Lean: the drafts that feed the Lastschrift run, not all of the month's.
    const chosen = withMandate.length ? withMandate : drafts.slice(0, 2);
    await page.goto('/admin/quickbill/invoices?status=draft');
    for (const draft of chosen) await page.getByRole('checkbox', { name: `Entwurf #${draft.id} auswählen` }).check();
    await expectNoSeriousViolations(page, 'Alle Rechnungen, drafts selected', { soft: true });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Senden' }).click();
    const confirm = page.getByRole('dialog', { name: /Rechnung(en)? senden\?/ });
    await confirm.getByRole('button', { name: /(Jetzt|Rechnung(en)?) senden/ }).click();
    const result = page.getByRole('dialog', { name: 'Versand abgeschlossen' });
    // The demo runs without a mail server: issued, and the mails only in the outbox (decision 0755).
    await expect(result).toContainText(new RegExp(`${chosen.length} Rechnung(en)? im Ausgangsordner abgelegt`), {
      timeout: 60_000,
    });
    await expect(result.getByTestId('mail-setup-alert')).toContainText('Kein Mailserver eingerichtet');
    await result.locator('button', { hasText: 'Schließen' }).click();
  });

  await test.step('a partial payment leaves the rest open', async () => {
    const open = (await invoices(page, token, 'sent')).find((i) => i.kind !== 'credit_note' && i.open_amount > 100);
    expect(open, 'an open invoice over € 100').toBeTruthy();
    await page.goto(`/admin/quickbill/invoices/${open!.id}`);
    await page.getByRole('button', { name: 'Zahlung erfassen' }).click();
    const pay = page.getByRole('dialog', { name: 'Zahlung erfassen' });
    await pay.getByLabel(/Betrag/).fill('100');
    await pay.getByRole('button', { name: 'Zahlung erfassen' }).click();
    await expectToast(page, new RegExp(`offen: €\\s${euro(open!.open_amount - 100)}`));
    await expect(page.getByText(/Teilweise bezahlt/).first()).toBeVisible();
  });

  await test.step('a bank statement pays an invoice by its number', async () => {
    const target = (await invoices(page, token, 'sent')).find(
      (i) => i.kind !== 'credit_note' && i.open_amount > 0 && i.open_amount === i.total_gross && i.invoice_number,
    )!;
    const cents = BigInt(Math.round(target.open_amount * 100));
    const xml = camt053(`WALK-${Date.now()}`, [
      [
        {
          direction: 'CRDT',
          date: demoToday,
          code: ['PMNT', 'RCDT', 'ESCT'],
          txs: [
            {
              cents,
              name: target.customer_name,
              iban: 'AT131490022010010999',
              text: `Rg. ${target.invoice_number} danke`,
            },
          ],
        },
      ],
    ]);
    await page.goto('/admin/quickbill/zahlungseingaenge');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'kontoauszug.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml),
    });
    await expect(page.getByText(/1 neue Buchung/).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'Zahlungseingänge', { soft: true });
    await expect.poll(async () => (await invoices(page, token, 'paid')).some((i) => i.id === target.id)).toBe(true);
  });

  await test.step('the Lastschrift run the page proposes is accepted, and said to be waiting for the bank', async () => {
    await page.goto('/admin/quickbill/lastschriften');
    await expect(page.getByRole('heading', { level: 1, name: 'Lastschriften' })).toBeVisible();
    // Take the page's own proposal, as the walk did: the latest "Einzug am … wählen" makes every
    // announced invoice collectable.
    await expect(page.getByRole('checkbox', { name: /^Rechnung .* einziehen$/ }).first()).toBeVisible();
    const pick = page.getByRole('button', { name: /^Einzug am .* wählen$/ });
    if ((await pick.count()) > 0) await pick.last().click();
    await expect(page.getByRole('row').getByRole('checkbox', { checked: true }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'Lastschriften', { soft: true });
    // The runs list is a page: { items, total }.
    const runCount = async () =>
      ((await apiCall(page.request, token, 'GET', '/api/direct-debit/runs')) as { total: number }).total;
    const runsBefore = await runCount();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/direct-debit/runs') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /Datei für die Bank erstellen/ }).click();
    const answer = await created;
    expect.soft(answer.status(), `the run the page proposed is accepted: ${await answer.text()}`).toBeLessThan(300);
    if (answer.status() >= 300) return;
    await expect.poll(runCount).toBe(runsBefore + 1);
    // The new run: not "eingereicht" before the bank confirmed it, and its file is a pain.008.
    await page.goto('/admin/quickbill/lastschriften');
    const newest = page
      .getByRole('row')
      .filter({ hasText: /\d\d\.\d\d\.\d{4}, \d\d:\d\d/ })
      .first();
    await expect(newest).toBeVisible();
    // Created and downloaded, not yet confirmed at the bank: "eingereicht" only as what is still to confirm.
    await expect
      .soft(newest, 'a run not confirmed at the bank is not "eingereicht"')
      .not.toContainText(/(?<!als )\beingereicht\b/i, SHOWN);
    await newest.getByRole('button', { name: /Anzeigen/ }).click();
    await expect.soft(page.getByText(/pain\.008/).first(), 'the file is called pain.008').toBeVisible(SHOWN);
    await expect.soft(page.getByText(/pain\.001/), 'no pain.001 for a direct debit').toHaveCount(0, SHOWN);
  });

  await test.step('all due reminders at once', async () => {
    await page.goto('/admin/quickbill/offene-posten');
    await page.getByRole('button', { name: 'Fällige Mahnungen senden' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('due-reminders-summary')).toBeVisible();
    await expectNoSeriousViolations(page, 'Fällige Mahnungen senden', { soft: true });
    const send = dialog.getByRole('button', { name: /Mahnschreiben senden$/ });
    await expect(send, 'the demo has reminders due').toBeVisible();
    await send.click();
    // The demo runs without a mail server: the result says the letters lie in the outbox (decision 0755).
    const result = dialog.getByTestId('due-reminders-result');
    await expect(result).toContainText(/\d+ Mahnschreiben im Ausgangsordner abgelegt/);
    await expect(result).not.toContainText(/\d+ Mahnschreiben versendet/);
    await expect(result.getByTestId('mail-setup-alert')).toContainText('Kein Mailserver eingerichtet');
  });
});
