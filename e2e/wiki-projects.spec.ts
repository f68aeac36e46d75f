import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

// Two browser sessions and screenshots at two widths on a shared, slow machine.
test.describe.configure({ timeout: 180_000 });

test('feature a project on /admin/projects → a customer sees it (and its file) in the lounge', async ({
  page,
  request,
  browser,
}) => {
  const token = await adminToken(request);
  const owner = await apiCall<{ id: number }>(request, token, 'POST', '/api/customers', {
    first_name: 'Georg',
    last_name: 'Auftraggeber',
    email: uniqueEmail('projekt'),
    password: 'Kunden-Passwort-1',
  });
  const categories = await apiCall<{ id: number; name: string }[]>(request, token, 'GET', '/api/wiki/categories');
  const projects =
    categories.find((c) => c.name === 'Projekte') ??
    (await apiCall<{ id: number }>(request, token, 'POST', '/api/wiki/categories', {
      name: 'Projekte',
      icon: '💼',
      description: 'Abgeschlossene und laufende Projekte',
      allows_files: true,
    }));
  if (!('allows_files' in projects) || !(projects as { allows_files?: boolean }).allows_files) {
    await apiCall(request, token, 'PUT', `/api/wiki/categories/${projects.id}`, {
      name: 'Projekte',
      icon: '💼',
      allows_files: true,
    });
  }
  const entry = await apiCall<{ id: number }>(request, token, 'POST', '/api/wiki/entries', {
    customer_id: owner.id,
    category_id: projects.id,
    title: 'Terrassenumbau Familie Auftraggeber',
    content: '<p>Planung und Umsetzung der neuen <strong>Terrasse</strong> mit Bepflanzung.</p>',
    external_link: 'https://example.at/terrasse',
  });
  const photo = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7) % 256));
  const upload = await request.post(`/api/wiki/entries/${entry.id}/files`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'Plan Terrasse.bin', mimeType: 'application/octet-stream', buffer: photo } },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  await loginAsAdminInBrowser(page);
  await page.goto('/admin/projects');
  const toggle = page.getByRole('checkbox', { name: 'Terrassenumbau Familie Auftraggeber öffentlich anzeigen' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('Projekt freigegeben')).toBeVisible();
  await expect(toggle).toBeChecked();
  await screenshotBoth(page, 'wiki-projects');

  await page.getByRole('button', { name: 'Terrassenumbau Familie Auftraggeber bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Projekt bearbeiten' });
  await expect(edit.getByLabel('Titel')).toHaveValue('Terrassenumbau Familie Auftraggeber');
  await screenshotBoth(page, 'wiki-project-dialog');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Projekt erfolgreich aktualisiert')).toBeVisible();

  // Another customer sees the reference in the lounge and can download its file.
  const email = uniqueEmail('lounge');
  await apiCall(request, token, 'POST', '/api/customers', {
    first_name: 'Theresa',
    last_name: 'Besucherin',
    email,
    password: 'Kunden-Passwort-1',
  });
  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-AT' });
  const lounge = await customerContext.newPage();
  await loginAsCustomerInBrowser(lounge, email, 'Kunden-Passwort-1');
  const references = lounge.getByRole('region', { name: 'Referenzen' });
  const reference = references
    .getByTestId('featured-project')
    .filter({ hasText: 'Terrassenumbau Familie Auftraggeber' });
  await expect(reference).toBeVisible();
  await expect(reference.locator('strong')).toHaveText('Terrasse');
  await expect(reference.getByRole('link', { name: 'Projekt ansehen' })).toHaveAttribute(
    'href',
    'https://example.at/terrasse',
  );
  const [download] = await Promise.all([
    lounge.waitForEvent('download'),
    reference.getByRole('button', { name: 'Plan Terrasse.bin herunterladen' }).click(),
  ]);
  expect((await readFile((await download.path())!)).equals(photo)).toBe(true);
  await screenshotBoth(lounge, 'wiki-lounge-references');
  await customerContext.close();

  // Taking the release back removes it from the lounge.
  await toggle.click();
  await expect(page.getByText('Projekt-Freigabe entfernt')).toBeVisible();
  const featured = await apiCall<{ id: number }[]>(request, token, 'GET', '/api/wiki/projects/featured');
  expect(featured.map((p) => p.id)).not.toContain(entry.id);
});
