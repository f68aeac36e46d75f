import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { dialog, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';

/**
 * Decision 0380: a ButlerPaket with Butler-Stunden booked in its term can neither be
 * deleted nor moved away from them. The admin screens show the server's sentence in the
 * dialog that caused it; once the entries are gone, the same action works.
 */
test('a ButlerPaket with booked hours is kept, and the dialogs say why', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const stamp = Date.now().toString(36).slice(-5);
  const templateName = `Integrität ${stamp}`;
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: templateName,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 1,
  });
  const customer = await apiCall(request, token, 'POST', '/api/customers', {
    first_name: 'Ida',
    last_name: `Integer${stamp}`,
    email: uniqueEmail('ida'),
    password: 'Geheim-Passwort-1',
  });
  const project = await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 10,
    start_date: '2026-01-01',
  });
  const entries = [];
  for (const [workDate, activity] of [
    ['2026-01-15', 'Einkauf erledigt'],
    ['2026-02-10', 'Fenster geputzt'],
  ]) {
    entries.push(
      await apiCall(request, token, 'POST', `/api/customers/${customer.id}/time-entries`, {
        project_id: project.id,
        hours: 2,
        activity_description: activity,
        work_date: workDate,
        billing_type: 'abos',
      }),
    );
  }

  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}/view`);
  const row = page.getByRole('row').filter({ hasText: '01.01.2026' });
  await expect(row).toContainText(templateName);

  // Delete: refused, the confirmation dialog shows the count and what to do.
  await row.getByRole('button', { name: `${templateName} löschen` }).click();
  const confirm = dialog(page, 'ButlerPaket löschen');
  await expect(confirm).toContainText('verschieben oder löschen Sie diese zuerst');
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'Fehler beim Löschen des ButlerPakets: Dieses ButlerPaket hat 2 gebuchte Zeiteinträge in seiner Laufzeit. Bitte verschieben oder löschen Sie diese zuerst.',
  );
  await screenshotBoth(page, 'bookings-delete-refused');
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(row).toContainText(templateName);

  // Edit: a start date after the first entry would strand it; the edit dialog says so.
  await row.getByRole('button', { name: `${templateName} bearbeiten` }).click();
  const edit = dialog(page, 'ButlerPaket bearbeiten');
  const start = edit.getByRole('textbox', { name: 'Startdatum' });
  await start.fill('01.02.2026');
  await start.press('Tab');
  await expect(edit.getByTestId('subscription-end')).toHaveText('31.01.2027');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit.getByRole('alert')).toHaveText(
    '1 gebuchter Zeiteintrag dieses ButlerPakets läge außerhalb der neuen Laufzeit. Bitte verschieben oder löschen Sie ihn zuerst.',
  );
  await screenshotBoth(page, 'bookings-edit-refused');
  await edit.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(row).toContainText('31.12.2026');

  // With the entries deleted, the ButlerPaket goes.
  for (const entry of entries) await apiCall(request, token, 'DELETE', `/api/time-entries/${entry.id}`);
  await page.reload();
  await page.getByRole('button', { name: `${templateName} löschen` }).click();
  await dialog(page, 'ButlerPaket löschen').getByRole('button', { name: 'Löschen' }).click();
  await expectToast(page, 'ButlerPaket erfolgreich gelöscht');
  await expect(page.getByText('Keine BUTLER-Pakete vorhanden')).toBeVisible();
});
