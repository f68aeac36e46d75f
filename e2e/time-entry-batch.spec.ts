import { expect, test } from '@playwright/test';
import { createCustomer } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { isoDay } from './quickbill-helpers';

const german = (iso: string) => iso.split('-').reverse().join('.');

// Decision 0774: a batch of yesterday's entries keeps yesterday; the customer is said, never assumed.
test('Büro books yesterday twice with "Buchen und nächster", and the next Alt+N still starts on yesterday', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const customer = await createCustomer(request, token, `Stapel${Date.now().toString(36)}`);
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 10,
    price_per_hour: 50,
  });
  const yesterday = isoDay(-1);

  await loginAsAdminInBrowser(page);
  await expect(page.getByTestId('timer-idle')).toBeVisible();
  await page.keyboard.press('Alt+N');
  const dialog = page.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
  await expect(dialog.getByRole('combobox', { name: 'Kunde' })).toHaveValue('');
  await dialog.getByRole('combobox', { name: 'Kunde' }).fill('Stapel');
  await page.getByRole('option', { name: /Stapel/ }).click();
  const date = dialog.getByRole('textbox', { name: 'Datum' });
  await date.fill(german(yesterday));
  await date.press('Tab');
  await dialog.getByRole('textbox', { name: 'Stunden' }).fill('1,5');
  await dialog.getByRole('textbox', { name: 'Aktivität' }).fill('Post sortiert');
  await screenshotBoth(page, 'time-entry-batch');
  await dialog.getByRole('button', { name: 'Buchen und nächster' }).click();
  await expectToast(page, /^Gespeichert: 1,50 h für .*Stapel/);
  // Still open: same customer and date, the next hours and activity empty.
  await expect(dialog.getByRole('textbox', { name: 'Stunden' })).toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'Aktivität' })).toHaveValue('');
  await expect(date).toHaveValue(german(yesterday));
  await dialog.getByRole('textbox', { name: 'Stunden' }).fill('0,75');
  await dialog.getByRole('textbox', { name: 'Aktivität' }).fill('Einkauf');
  await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectToast(page, 'Zeiteintrag erfolgreich erstellt');

  const entries = await apiCall(request, token, 'GET', `/api/time-entries?customer_id=${customer.id}`);
  expect(entries.map((e: { work_date: string; hours: number }) => [e.work_date, e.hours]).sort()).toEqual([
    [yesterday, 0.75],
    [yesterday, 1.5],
  ]);

  // A new entry of the same batch starts on yesterday, and with no customer chosen for it.
  await page.keyboard.press('Alt+N');
  await expect(dialog.getByRole('textbox', { name: 'Datum' })).toHaveValue(german(yesterday));
  await expect(dialog.getByRole('combobox', { name: 'Kunde' })).toHaveValue('');

  // From the customer's page the dialog names the customer it books for.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.goto(`/admin/customers/${customer.id}`);
  await page.getByRole('button', { name: 'Zeit erfassen' }).first().click();
  await expect(dialog.getByTestId('entry-customer')).toContainText('Stapel');
});
