import { expect, test } from '@playwright/test';
import { addEntry, createCustomer, firstOfMonth, PASSWORD, sellButlerPaket, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsCustomerInBrowser } from './fixtures/api';
import { runScheduledJob } from './fixtures/jobs';
import { screenshotBoth } from './fixtures/screenshots';
import { saveProviderSettings } from './quickbill-helpers';

// Decision 0771: a Monatsübersicht stays as sent; a booking entered later makes a marked
// correction that says what changed, shown in the lounge beside the one sent.
test('a late booking after the statement went out: the lounge shows the correction, what changed and the sent one', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  await saveProviderSettings(request, token);
  const customer = await createCustomer(request, token, 'Korrina');
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  await sellButlerPaket(request, token, customer.id, {
    label: 'Korrektur',
    monthlyHours: 10,
    startDate: firstOfMonth(-1).iso,
  });
  const last = firstOfMonth(-1);
  await addEntry(request, token, customer.id, project.id, 3, last.iso, 'abos', 'Einkauf erledigt');
  await runScheduledJob('statements.monthly', viennaToday().iso.slice(0, 7));

  // The office books a day of last month after the mail went out; the next morning's check corrects it.
  await addEntry(request, token, customer.id, project.id, 2, last.iso, 'abos', 'Nachgetragen: Post sortiert');
  await runScheduledJob('statements.corrections', viennaToday().iso);
  const [month] = await apiCall(request, token, 'GET', `/api/customers/${customer.id}/statements`);
  expect(month.versions.map((v: { kind: string }) => v.kind)).toEqual(['original', 'correction']);

  await loginAsCustomerInBrowser(page, customer.email, PASSWORD);
  const row = page.getByTestId(`statement-${month.month}`);
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByText(/^Korrektur vom \d{2}\.\d{2}\.\d{4}$/)).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText(/Nachgetragen \(ButlerPaket\): .*Post sortiert · 2,00 h/)).toBeVisible();
  await expect(row.getByText('ButlerPaket, Verfügbar am Monatsende: 7,00 h → 5,00 h')).toBeVisible();
  await expect(row.getByText(/^Versendet am \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await screenshotBoth(page, 'statement-correction-lounge');
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Ursprüngliche Monatsübersicht/ }).click();
  expect((await downloading).suggestedFilename()).toBe(`Monatsuebersicht-${month.month}.pdf`);
});
