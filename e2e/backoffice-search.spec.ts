import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { dialog, expectNoSidewaysScroll, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';

type Seeded = { id: number; name: string; email: string };

/** Two customers with packages, a ButlerPaket and a booked project, seeded as admin. */
async function seed(request: Parameters<typeof adminToken>[0]) {
  const token = await adminToken(request);
  const tag = Date.now().toString(36).slice(-5);
  const make = async (first: string, last: string, company: string): Promise<Seeded> => {
    const email = uniqueEmail(first.toLowerCase());
    const c = await apiCall(request, token, 'POST', '/api/customers', {
      first_name: first,
      last_name: last,
      email,
      company,
      password: 'Sicher-Passwort-1',
    });
    return { id: c.id, name: c.name, email };
  };
  const hofer = await make('Maria', `Hofer${tag}`, 'Hofer Bau');
  const wagner = await make('Stefan', `Wagner${tag}`, 'Wagner Tischlerei');
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `Basis ${tag}`,
    duration_months: 6,
    price_per_hour: 55,
  });
  const today = new Date().toISOString().slice(0, 10);
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: hofer.id,
    template_id: template.id,
    monthly_hours: 4,
    start_date: today,
  });
  for (const c of [hofer, wagner])
    await apiCall(request, token, 'POST', '/api/hour-packages', { customer_id: c.id, hours: 5, price_per_hour: 50 });
  const project = await apiCall(request, token, 'POST', '/api/projects', { customer_id: wagner.id, name: 'Umzug' });
  await apiCall(request, token, 'POST', `/api/customers/${wagner.id}/time-entries`, {
    project_id: project.id,
    hours: 1,
    activity_description: 'Kartons gepackt',
    work_date: today,
    billing_type: 'stundenpakete',
  });
  return { tag, hofer, wagner };
}

test('search filters from 3 characters in every tab; phones open details by tapping the card', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tag, hofer, wagner } = await seed(request);
  await loginAsAdminInBrowser(page);
  await page.goto('/admin/customers');
  const search = page.getByRole('textbox', { name: 'Suche' });

  // Fewer than 3 characters: no filter, a hint says so.
  await search.fill(tag.slice(0, 2));
  await expect(page.getByText('Die Suche beginnt ab 3 Zeichen.')).toBeVisible();
  await search.fill(`Hofer${tag}`);
  await expect(page.getByRole('row').filter({ hasText: hofer.email })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: wagner.email })).toHaveCount(0);
  // Company and the shared tag find both.
  await search.fill(tag);
  await expect(page.getByRole('row').filter({ hasText: hofer.email })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: wagner.email })).toBeVisible();
  await screenshotBoth(page, 'backoffice-customers');
  // The search lives in the address (decision 0660): a reload shows the same list.
  const suche = () => new URL(page.url()).searchParams.get('suche');
  await expect.poll(suche).toBe(tag);
  await page.reload();
  await expect(search).toHaveValue(tag);
  await expect(page.getByRole('row').filter({ hasText: hofer.email })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: wagner.email })).toBeVisible();

  await search.fill(`Wagner${tag}`);
  await page.getByRole('tab', { name: 'Stundenpakete' }).click();
  await expect(page.getByRole('row').filter({ hasText: wagner.name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: hofer.name })).toHaveCount(0);
  await page.getByRole('tab', { name: 'ButlerPakete' }).click();
  await expect(page.getByText(`Keine ButlerPakete gefunden für "Wagner${tag}"`)).toBeVisible();
  // Back returns to the previous tab with its search.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Stundenpakete' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: wagner.name })).toBeVisible();
  await page.goForward();
  await expect(page.getByText(`Keine ButlerPakete gefunden für "Wagner${tag}"`)).toBeVisible();
  await search.fill(`Hofer${tag}`);
  await expect(page.getByRole('row').filter({ hasText: hofer.name })).toContainText('€ 220,00');
  await search.fill(`zzq${tag}`);
  await page.getByRole('tab', { name: 'Stundenpakete' }).click();
  await expect(page.getByText(`Keine Stundenpakete gefunden für "zzq${tag}"`)).toBeVisible();
  await page.getByRole('tab', { name: 'Kunden' }).click();
  await expect(page.getByText(`Keine Kunden gefunden für "zzq${tag}"`)).toBeVisible();

  // Phone: cards instead of a table; tapping a card opens the details.
  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill(`Hofer${tag}`);
  await expectNoSidewaysScroll(page);
  await page
    .getByRole('button', { name: new RegExp(hofer.name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${hofer.id}$`));
  await expectNoSidewaysScroll(page);

  // A link from elsewhere opens the searched tab; typing replaces the address, so Back leaves the list at once.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/customers?tab=stundenpakete&suche=${encodeURIComponent(`Wagner${tag}`)}`);
  await expect(page.getByRole('tab', { name: 'Stundenpakete' })).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveValue(`Wagner${tag}`);
  await expect(page.getByRole('row').filter({ hasText: wagner.name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: hofer.name })).toHaveCount(0);
  for (const term of ['Hofer', `Hofer${tag}`]) {
    await search.fill(term);
    await expect.poll(suche).toBe(term);
  }
  await expect(page.getByRole('row').filter({ hasText: hofer.name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${hofer.id}$`));
});

test('validation texts of the customer, package, subscription and project forms', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { hofer, wagner } = await seed(request);
  await loginAsAdminInBrowser(page);
  await page.goto('/admin/customers');

  // Customer form: required fields under the fields; a used e-mail from the server.
  await page.getByRole('button', { name: 'Neuer Kunde' }).click();
  const form = dialog(page, 'Neuer Kunde');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByText('Bitte geben Sie einen Vornamen ein')).toBeVisible();
  await expect(form.getByText('Bitte geben Sie einen Nachnamen ein')).toBeVisible();
  await expect(form.getByText('Bitte geben Sie eine E-Mail-Adresse ein')).toBeVisible();
  await expect(form.getByText('Bitte geben Sie ein Passwort ein')).toBeVisible();
  await form.getByLabel('Vorname').fill('Doppelt');
  await form.getByLabel('Nachname').fill('Vergeben');
  await form.getByLabel('E-Mail').fill(hofer.email);
  await form.getByLabel(/^Passwort/).fill('Sicher-Passwort-1');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByRole('alert')).toHaveText('Diese E-Mail-Adresse wird bereits verwendet');
  await form.getByRole('button', { name: 'Abbrechen' }).click();

  // Edit: password may stay empty (unchanged); no referral code field.
  await page.getByRole('textbox', { name: 'Suche' }).fill(hofer.name.split(' ')[1]);
  await page.getByRole('button', { name: `${hofer.name} bearbeiten` }).click();
  const edit = dialog(page, 'Kunde bearbeiten');
  await expect(edit.getByText('Leer lassen, um das Passwort nicht zu ändern')).toBeVisible();
  await expect(edit.getByLabel('Empfehlungscode')).toHaveCount(0);
  await edit.getByLabel('Unternehmen').fill('Hofer Bau & Söhne');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Kunde erfolgreich aktualisiert');
  await expect(page.getByRole('row').filter({ hasText: hofer.email })).toContainText('Hofer Bau & Söhne');

  // Hour package edit: hours and price are required.
  await page.getByRole('tab', { name: 'Stundenpakete' }).click();
  await page
    .getByRole('button', { name: /Stundenpaket vom .* bearbeiten/ })
    .first()
    .click();
  const pkg = dialog(page, 'Stundenpaket bearbeiten');
  await pkg.getByRole('textbox', { name: 'Stunden' }).fill('');
  await pkg.getByRole('button', { name: 'Speichern' }).click();
  await expect(pkg.getByRole('alert')).toHaveText('Stunden und Preis pro Stunde sind erforderlich');
  await pkg.getByRole('button', { name: 'Abbrechen' }).click();

  // ButlerPaket edit: template, monthly hours and start date are required.
  await page.getByRole('tab', { name: 'ButlerPakete' }).click();
  await page
    .getByRole('button', { name: /bearbeiten$/ })
    .first()
    .click();
  const sub = dialog(page, 'ButlerPaket bearbeiten');
  await expect(sub.getByRole('switch', { name: 'Aktiv' })).toBeChecked();
  await sub.getByRole('textbox', { name: 'Monatliche Stunden' }).fill('');
  await sub.getByRole('button', { name: 'Speichern' }).click();
  await expect(sub.getByRole('alert')).toHaveText('Butler-Paket, monatliche Stunden und Startdatum sind erforderlich');
  await sub.getByRole('button', { name: 'Abbrechen' }).click();

  // A project with booked entries cannot be deleted: the dialog shows why.
  await page.goto(`/admin/customers/${wagner.id}/zeiterfassung`);
  await page.getByRole('button', { name: 'Projekt Umzug löschen' }).click();
  const confirm = dialog(page, 'Projekt löschen');
  await expect(confirm).toContainText('Sind Sie sicher, dass Sie das Projekt „Umzug“ löschen möchten?');
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(confirm.getByRole('alert')).toContainText('Fehler beim Löschen des Projekts: ');
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();

  // Empty states of a fresh customer's panels.
  await page.goto(`/admin/customer/${hofer.id}/details`);
  await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
  await expect(page.getByText('Keine Projekte vorhanden')).toBeVisible();
  await expect(page.getByText('Keine Zeiteinträge vorhanden')).toBeVisible();
  await page.goto(`/admin/customers/${wagner.id}/view`);
  await expect(page.getByText('Keine BUTLER-Pakete vorhanden')).toBeVisible();
  await expect(page.getByText('Keine ButlerPaket-Daten verfügbar')).toBeVisible();
  await page.goto('/admin/customer/999999/details');
  await expect(page.getByText('Kunde nicht gefunden')).toBeVisible();
});
