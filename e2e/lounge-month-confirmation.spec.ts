import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { isoDay, saveProviderSettings } from './quickbill-helpers';

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'Kunden-Passwort-123';
const MONTHS = [
  'Jänner',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/** The month before today's (Vienna), `YYYY-MM`, and its name as the screens write it. */
function previousMonth() {
  const [y, m] = isoDay(0).split('-').map(Number);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  return { key: `${year}-${String(month).padStart(2, '0')}`, display: `${MONTHS[month - 1]} ${year}` };
}

/**
 * The Monatsfreigabe's story (decision 0852), with "Pflicht": a customer on her phone questions
 * an entry of last month → her Betreuer at 1280 px finds the Rückfrage and corrects the entry →
 * she confirms the month → the hour invoice of that month, refused before, can now be issued.
 * The setting goes back to "Aus" at the end: other specs of this portal bill hours too.
 */
test('Monatsfreigabe: a Rückfrage, the correction, the confirmed month and then the hour invoice', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const stamp = Date.now().toString(36).slice(-5);
  const last = previousMonth();
  const email = uniqueEmail('monat');
  await saveProviderSettings(request, token);
  const customer = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/api/customers', {
    first_name: 'Greta',
    last_name: `Monat${stamp}`,
    email,
    password: PASSWORD,
    street: 'Mariahilfer Straße 12',
    postal_code: '1070',
    city: 'Wien',
  });
  const project = await apiCall<{ id: number }>(request, token, 'POST', `/api/customers/${customer.id}/projects`, {
    name: 'Haushalt',
  });
  const butler = await createStaff(request, 'butler', `Bruno Monat${stamp}`);
  await apiCall(request, token, 'PUT', `/api/customers/${customer.id}/staff`, { staff_ids: [butler.id] });
  const book = (day: string, hours: number, activity: string) =>
    apiCall<{ id: number }>(request, token, 'POST', `/api/customers/${customer.id}/time-entries`, {
      project_id: project.id,
      hours,
      activity_description: activity,
      work_date: `${last.key}-${day}`,
      billing_type: 'stundenpakete',
    });
  const shopping = await book('10', 2, 'Großeinkauf erledigt');
  const doctor = await book('12', 1.5, 'Arzttermin begleitet');
  await apiCall(request, token, 'PUT', '/api/settings/month-confirmations', {
    mode: 'required',
    auto_confirm_days: 14,
    starts_month: last.key,
  });

  try {
    await test.step('on her phone she opens last month and asks about the shopping entry', async () => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const lounge = await phone.newPage();
      await loginAsCustomerInBrowser(lounge, email, PASSWORD);
      const card = lounge.getByTestId('lounge-month-card');
      await expect(card).toContainText(last.display);
      await expect(card).toContainText('automatisch bestätigt, wenn du bis dahin nicht nachfragst');
      await card.getByRole('link', { name: 'Einträge ansehen' }).click();
      await expect(lounge.getByRole('heading', { name: last.display })).toBeVisible();
      await expect(lounge.getByTestId('month-entry')).toHaveCount(2);
      await lounge
        .getByRole('button', { name: `Rückfrage zum Eintrag vom 10.${last.key.slice(5)}.${last.key.slice(0, 4)}` })
        .click();
      const ask = lounge.getByRole('dialog', { name: 'Rückfrage zum Eintrag' });
      await ask.getByRole('button', { name: 'Rückfrage senden' }).click();
      await expect(ask).toContainText('Die Nachricht fehlt');
      await ask
        .getByRole('textbox', { name: /Was stimmt für dich/ })
        .fill('Der Einkauf hat nur eineinhalb Stunden gedauert.');
      await ask.getByRole('button', { name: 'Rückfrage senden' }).click();
      await expect(ask).toBeHidden();
      await expect(lounge.getByTestId('month-entry').filter({ hasText: 'Großeinkauf' })).toContainText(
        'Rückfrage: Offen',
      );
      await expect(lounge.getByRole('button', { name: 'Monat bestätigen' })).toBeDisabled();
      const scrollWidth = await lounge.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);
      await phone.close();
    });

    await test.step('the hour invoice of that month is refused while the month is not confirmed', async () => {
      const draft = await apiCall<{ id: number }>(request, token, 'POST', '/api/quickbill/invoices', {
        customer_id: customer.id,
        invoice_date: isoDay(0),
        time_entry_ids: [doctor.id],
        items: [{ description: 'Betreuung', quantity: 1.5, unit: 'h', unit_price: 50, tax_rate: 20 }],
      });
      const refused = await request.post(`/api/quickbill/invoices/${draft.id}/send`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).error).toContain(
        `${customer.name} hat den Monat ${last.display} noch nicht bestätigt`,
      );
      await apiCall(request, token, 'DELETE', `/api/quickbill/invoices/${draft.id}`);
    });

    await test.step('her Betreuer at 1280 px finds the Rückfrage and corrects the entry', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await staffLoginInBrowser(page, butler.username, '/admin/dashboard');
      // Opening the customer directly, the overview names the open question too.
      await page.goto(`/admin/customers/${customer.id}`);
      const note = page.getByTestId('customer-open-questions');
      await expect(note).toContainText('Offene Rückfrage');
      await expect(note).toContainText(last.display);
      await page.goto('/admin/dashboard');
      const open = page.getByTestId('open-questions');
      await expect(open).toContainText(customer.name);
      await open.getByTestId('open-question').filter({ hasText: customer.name }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}/zeiterfassung`));
      const months = page.getByTestId('customer-months');
      await expect(months).toContainText(last.display);
      await months.getByRole('button', { name: 'Ansehen' }).first().click();
      const detail = months.getByTestId('customer-month-detail');
      await expect(detail).toContainText('Der Einkauf hat nur eineinhalb Stunden gedauert.');
      await detail.getByRole('button', { name: 'Eintrag korrigieren' }).click();
      const edit = page.getByRole('dialog', { name: 'Zeiteintrag bearbeiten' });
      await edit.getByRole('textbox', { name: 'Stunden' }).fill('1,5');
      await edit.getByRole('button', { name: 'Speichern' }).click();
      await expect(edit).toBeHidden();
      await expect(detail.getByTestId('question-state').first()).toContainText('Korrigiert');
      await expect(detail).toContainText('Eintrag korrigiert: 2,00 h → 1,50 h');
    });

    await test.step('on her phone she reads the correction and confirms the month', async () => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const lounge = await phone.newPage();
      await loginAsCustomerInBrowser(lounge, email, PASSWORD);
      await lounge.goto(`/customer/monatsfreigabe/${last.key}`);
      await expect(lounge.getByTestId('month-question')).toContainText('Eintrag korrigiert: 2,00 h → 1,50 h');
      await lounge.getByRole('button', { name: 'Monat bestätigen' }).click();
      const confirm = lounge.getByRole('dialog', { name: 'Monat bestätigen' });
      await expect(confirm).toContainText(`Bestätigst du alle Einträge im ${last.display}?`);
      await confirm.getByTestId('confirm-month').click();
      await expect(confirm).toBeHidden();
      await expect(lounge.getByTestId('month-confirmed')).toContainText('Bestätigt am');
      await expect(lounge.getByTestId('month-question')).toContainText('Rückfrage: Erledigt');
      await phone.close();
    });

    await test.step('the customer page shows who confirmed, and the hour invoice is issued', async () => {
      await page.reload();
      await expect(page.getByTestId('customer-months')).toContainText(`Bestätigt von ${customer.name}`);
      const draft = await apiCall<{ id: number }>(request, token, 'POST', '/api/quickbill/invoices', {
        customer_id: customer.id,
        invoice_date: isoDay(0),
        time_entry_ids: [shopping.id, doctor.id],
        items: [{ description: 'Betreuung', quantity: 3, unit: 'h', unit_price: 50, tax_rate: 20 }],
      });
      const sent = await apiCall<{ invoice_number: string }>(
        request,
        token,
        'POST',
        `/api/quickbill/invoices/${draft.id}/send`,
      );
      expect(sent.invoice_number).toMatch(/\d/);
    });
  } finally {
    await apiCall(request, token, 'PUT', '/api/settings/month-confirmations', {
      mode: 'off',
      auto_confirm_days: 14,
      starts_month: last.key,
    });
  }
});
