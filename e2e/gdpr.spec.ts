import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { addEntry, createCustomer, PASSWORD, viennaToday } from './dashboards-scenario';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { dialog, expectNoSidewaysScroll, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';

/** Decision 0423: the "Datenschutz" card — data export as ZIP, then erasure with the typed name. */
test('Datenschutz: download the customer data as ZIP, then erase the customer', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const firstName = `Dora-${Date.now().toString(36).slice(-4)}`;
  const customer = await createCustomer(request, token, firstName);
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, {
    name: 'Übersiedlung',
  });
  await addEntry(request, token, customer.id, project.id, 1.5, viennaToday().iso, 'stundenpakete', 'Kartons gepackt');
  const name = `${firstName} Testkundin`;

  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}/datenschutz`);
  const card = page
    .getByRole('heading', { name: 'Datenschutz' })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: 'Datenauskunft herunterladen (ZIP)' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Datenauskunft herunterladen (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`datenauskunft-kunde-${customer.id}.zip`);
  const zip = await JSZip.loadAsync(await fs.readFile((await download.path())!));
  const master = JSON.parse(await zip.file('daten/stammdaten.json')!.async('string'));
  expect(master).toMatchObject({ id: customer.id, email: customer.email, name });
  const entries = JSON.parse(await zip.file('daten/zeiteintraege.json')!.async('string'));
  expect(entries.map((e: { activity_description: string }) => e.activity_description)).toEqual(['Kartons gepackt']);
  expect(await zip.file('LIESMICH.txt')!.async('string')).toContain(`Datenauskunft für ${name}`);

  await card.getByRole('button', { name: 'Kunde löschen (DSGVO)' }).click();
  const confirm = dialog(page, 'Kunde endgültig löschen (DSGVO)');
  await expect(confirm.getByText('Diese Löschung kann nicht rückgängig gemacht werden')).toBeVisible();
  await expect(confirm.getByText(/Ausgestellte Rechnungen und Stornorechnungen/)).toBeVisible();
  const erase = confirm.getByRole('button', { name: 'Endgültig löschen' });
  await expect(erase).toBeDisabled();
  const input = confirm.getByLabel(/Zur Bestätigung den Namen des Kunden eingeben/);
  await input.fill(`${firstName} Falsch`);
  await expect(erase).toBeDisabled();
  await input.fill(name);
  await expect(erase).toBeEnabled();
  await screenshotBoth(page, 'gdpr-erasure-dialog');
  await page.setViewportSize({ width: 1280, height: 800 });
  await erase.click();

  await page.waitForURL('**/admin/customers');
  await expectToast(page, 'Kunde gelöscht. 0 Rechnungen bleiben aufbewahrt.');
  const gone = await request.get(`/api/customers/${customer.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);
  const login = await request.post('/api/auth/login', {
    data: { email: customer.email, password: PASSWORD, user_type: 'customer' },
  });
  expect(login.status()).toBe(401);
});

test('Datenschutz card fits a phone and a desktop', async ({ page, request }) => {
  const token = await adminToken(request);
  const customer = await createCustomer(request, token, `Paula-${Date.now().toString(36).slice(-4)}`);
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}/datenschutz`);
  await expect(page.getByRole('heading', { name: 'Datenschutz' })).toBeVisible();
  await screenshotBoth(page, 'gdpr-customer-details');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page);
  }
});
