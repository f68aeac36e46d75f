import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, signOutInBrowser } from './fixtures/api';
import { expectNoSidewaysScroll, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { createCustomer } from './quickbill-helpers';

/**
 * Decisions 0640–0643: time capture like a time tracker, on a new customer without a project (the
 * project is made in the dialog), and the one customer page with its tabs by role. The
 * clicks are counted: the closing note of the issue compares them with the old way.
 */

/** Clicks a person makes; typing is not counted. */
function clickCounter() {
  let clicks = 0;
  return {
    click: async (target: Locator) => {
      clicks += 1;
      await target.click();
    },
    get count() {
      return clicks;
    },
  };
}

const entryDialog = (page: Page) => page.getByRole('dialog', { name: 'Neuer Zeiteintrag' });

test('timer: start on the customer page, survives a reload and a second device, stop, book with a new project', async ({
  page,
  request,
}) => {
  const owner = await adminToken(request);
  const customer = await createCustomer(request, owner, `Zeitfink${Date.now().toString(36)}`);
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  const counter = clickCounter();

  await counter.click(page.getByRole('button', { name: 'Timer starten' }));
  await expect(page.getByTestId('timer-running')).toContainText(customer.name);
  // Kept on the server: a reload and another sign-in of the same person see it running.
  await page.reload();
  await expect(page.getByTestId('timer-running')).toContainText(customer.name);
  const elapsed = await apiCall(request, await adminToken(request), 'GET', '/api/timer');
  expect(elapsed.timer).toMatchObject({ customer_id: customer.id, stopped_at: null });

  await counter.click(page.getByRole('button', { name: /^Timer stoppen/ }));
  const dialog = entryDialog(page);
  await expect(dialog).toBeVisible();
  // The timer's time (a few minutes: the least bookable quarter hour), its span at hand, the
  // project made in the dialog, Stundenpaket for a customer with nothing yet.
  await expect(dialog.getByTestId('timer-summary')).toContainText(`${customer.name}: ${elapsed.timer.from}–`);
  await expect(dialog.getByRole('textbox', { name: 'Stunden' })).toHaveValue('0,25');
  await expect(dialog.getByRole('textbox', { name: 'Neues Projekt' })).toHaveValue('Allgemein');
  await expect(dialog.getByRole('radio', { name: 'Stundenpaket' })).toBeChecked();
  await expect(dialog.getByTestId('time-entry-balance')).toContainText('Noch kein ButlerPaket und keine Stundenpakete');
  await expect(dialog.getByTestId('overuse-warning')).toHaveText(
    'Keine Stunden aus Stundenpaketen übrig: 0,25 h gehen ins Minus.',
  );
  await dialog.getByRole('textbox', { name: 'Aktivität' }).fill('Erstgespräch und Schlüsselübergabe');
  await counter.click(dialog.getByRole('button', { name: 'Speichern' }));
  await expectToast(page, 'Zeiteintrag erfolgreich erstellt');
  await expect(page.getByTestId('timer-idle')).toBeVisible();
  // Three clicks: start, stop, save (the old way could not book a customer without a project).
  expect(counter.count).toBe(3);

  const entries = await apiCall(request, owner, 'GET', `/api/time-entries?customer_id=${customer.id}`);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ project_name: 'Allgemein', hours: 0.25, billing_type: 'stundenpakete' });
  expect((await apiCall(request, owner, 'GET', '/api/timer')).timer).toBeNull();
  await page.getByRole('tab', { name: 'Zeiterfassung' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}/zeiterfassung$`));
  await expect(page.getByText('Erstgespräch und Schlüsselübergabe').first()).toBeVisible();
});

test('from–to with Alt+N on a new customer without a project, the balance and its warning', async ({
  page,
  request,
}) => {
  const owner = await adminToken(request);
  const suffix = Date.now().toString(36);
  const customer = await createCustomer(request, owner, `Spannweite${suffix}`);
  await apiCall(request, owner, 'POST', `/api/customers/${customer.id}/hour-packages`, {
    hours: 1,
    price_per_hour: 60,
  });
  await loginAsAdminInBrowser(page);
  await expect(page.getByTestId('timer-idle')).toBeVisible();
  const counter = clickCounter();

  await page.keyboard.press('Alt+N');
  const dialog = entryDialog(page);
  await expect(dialog).toBeVisible();
  const picker = dialog.getByRole('combobox', { name: 'Kunde' });
  await counter.click(picker);
  await picker.fill(`Spannweite${suffix}`);
  await counter.click(page.getByRole('option', { name: new RegExp(customer.name) }));
  await expect(dialog.getByTestId('time-entry-balance')).toContainText('Stundenpakete: noch 1,00 h');
  await expect(dialog.getByRole('textbox', { name: 'Neues Projekt' })).toHaveValue('Allgemein');
  await dialog.getByRole('textbox', { name: 'Neues Projekt' }).fill('Umzug');
  await counter.click(dialog.getByText('Von–bis'));
  await dialog.getByRole('textbox', { name: 'Von' }).fill('09:00');
  await dialog.getByRole('textbox', { name: 'Bis' }).fill('10:30');
  await expect(dialog.getByTestId('span-hours')).toHaveText('= 1,50 h');
  await expect(dialog.getByRole('radio', { name: 'Stundenpaket' })).toBeChecked();
  await expect(dialog.getByTestId('overuse-warning')).toHaveText(
    '1,50 h übersteigen das Guthaben der Stundenpakete (noch 1,00 h): 0,50 h gehen ins Minus.',
  );
  await dialog.getByRole('textbox', { name: 'Aktivität' }).fill('Kartons gepackt');
  await screenshotBoth(page, 'zeiteintrag-von-bis');
  await counter.click(dialog.getByRole('button', { name: 'Speichern' }));
  await expectToast(page, 'Zeiteintrag erfolgreich erstellt');
  // Four clicks: the customer field, the customer, "Von–bis", save.
  expect(counter.count).toBe(4);
  const entries = await apiCall(request, owner, 'GET', `/api/time-entries?customer_id=${customer.id}`);
  expect(entries[0]).toMatchObject({ project_name: 'Umzug', hours: 1.5, billing_type: 'stundenpakete' });

  // Hour-package prices say netto and brutto (20 % USt of their invoice).
  await page.goto(`/admin/customers/${customer.id}/stundenpakete`);
  const packages = page.getByRole('table', { name: 'Stundenpakete' });
  await expect(packages).toContainText('€ 60,00 netto');
  await expect(packages).toContainText('€ 72,00 brutto');

  // The next dialog offers that customer first.
  await page.keyboard.press('Alt+N');
  await expect(dialog.getByRole('group', { name: 'Zuletzt verwendete Kunden' })).toContainText(customer.name);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);

  // On a phone the header's hours keep "h" beside the number, and a tab opened by its address
  // is scrolled into the sideways tab row.
  await page.goto(`/admin/customers/${customer.id}/datenschutz`);
  await expect(page.getByTestId('usable-hours')).toContainText('Stundenpakete: 0,50 h im Minus');
  expect(await page.getByTestId('usable-hours').innerText()).toContain('0,50\u00a0h');
  await expect(page.getByRole('tab', { name: 'Datenschutz' })).toBeInViewport({ ratio: 1 });
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByRole('tab', { name: 'Übersicht' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('tab', { name: 'Datenschutz' })).not.toBeInViewport({ ratio: 1 });
});

test('the customer page: SPEC routes lead there, tabs in the address, Buchhaltung without Wiki and Notizen', async ({
  page,
  request,
}) => {
  const owner = await adminToken(request);
  const customer = await createCustomer(request, owner, `Reiterfink${Date.now().toString(36)}`);
  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/customer/${customer.id}/details`);
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));
  const tabs = page.getByRole('tablist', { name: 'Bereiche des Kunden' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Übersicht',
    'Zeiterfassung',
    'Stundenpakete',
    'ButlerPakete',
    'Aufträge',
    'Rechnungen',
    'Wiki',
    'Notizen & Familie',
    'Datenschutz',
  ]);
  await page.goto(`/admin/customers/${customer.id}/view`);
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));
  await expect(page.getByTestId('customer-header')).toBeVisible();
  await expect(page.getByTestId('open-invoices')).toHaveText('Keine');
  await screenshotBoth(page, 'kunde-uebersicht');
  await page.goto(`/admin/customers/${customer.id}/notizen`);
  await expect(page.getByRole('tab', { name: 'Notizen & Familie' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Privates')).toBeVisible();
  // The admin view of the lounge stays where SPEC puts it.
  await page.goto(`/admin/customers/${customer.id}/customer-view`);
  await expect(page.getByText('Kundenansicht').first()).toBeVisible();

  const accountant = await createStaff(request, 'accounting', `Bea Buchhaltung ${Date.now().toString(36)}`);
  await signOutInBrowser(page);
  await staffLoginInBrowser(page, accountant.username, '/admin/quickbill');
  await page.goto(`/admin/customers/${customer.id}/wiki`);
  await expect(tabs.getByRole('tab')).toHaveText([
    'Übersicht',
    'Stundenpakete',
    'ButlerPakete',
    'Aufträge',
    'Rechnungen',
  ]);
  await expect(page.getByRole('tab', { name: 'Übersicht' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('timer-idle')).toHaveCount(0);
});
