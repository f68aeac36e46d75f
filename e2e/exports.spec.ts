import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';

// Decision 0422: "Exportieren" on the customer list saves what the screen shows, as Austrian
// Excel opens it (CSV: BOM, semicolons) and as a workbook.
test('the customer list exports the filtered customers as CSV and XLSX', async ({ page, request }) => {
  const token = await adminToken(request);
  const suffix = Date.now().toString(36).slice(-5);
  await apiCall(request, token, 'POST', '/api/customers', {
    first_name: 'Jürgen',
    last_name: `Größbauer${suffix}`,
    email: uniqueEmail('export'),
    password: 'Tabellen-Kalkulation-7',
  });
  await loginAsAdminInBrowser(page);
  await page.goto('/admin/customers');
  await page.getByRole('textbox', { name: 'Suche' }).fill(`Größbauer${suffix}`);
  // The list applies the search after a short pause: wait until it shows only that customer
  // (unfiltered, the customer may be on the first page already).
  await expect(page.getByRole('table', { name: 'Kunden' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText(`Jürgen Größbauer${suffix}`).first()).toBeVisible();

  const save = async (item: string) => {
    await page.getByRole('button', { name: 'Exportieren' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await downloading;
    return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path()) as string) };
  };

  const csv = await save('CSV für Excel (.csv)');
  expect(csv.name).toBe('kunden.csv');
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toContain(';');
  // The search went along: only the one customer, umlauts intact.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Größbauer${suffix}`);
  expect(lines[1]).toContain('Jürgen');

  const xlsx = await save('Excel-Arbeitsmappe (.xlsx)');
  expect(xlsx.name).toBe('kunden.xlsx');
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
});
