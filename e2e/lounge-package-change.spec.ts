import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { isoDay } from './quickbill-helpers';

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'Kunden-Passwort-123';
const shown = (iso: string) => `${iso.slice(8)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
/** The first day of the month `n` months after the one of `iso`. */
const monthStart = (iso: string, n: number) => {
  const [y, m] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The story of decision 0851: on a 390 px phone a customer asks for more hours from next
 * month ("Paket ändern", the price shown by today's rules) → the Büro at 1280 px finds the
 * wish on the overview and accepts it with a note → the lounge shows the accepted change and
 * the ButlerPaket runs with 15 h from the 1st of next month → she asks to renew → the Büro
 * declines on the customer page with a note, which the lounge shows.
 */
test('Paket ändern and Verlängern: asked on the phone, answered by the Büro, shown in the lounge', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  await apiCall(request, token, 'PUT', '/api/admin/customer-voice', { customer_voice: 'du' });
  const stamp = Date.now().toString(36).slice(-5);
  const today = isoDay(0);
  const start = monthStart(today, 0);
  const next = monthStart(today, 1);
  const end = dayBefore(monthStart(today, 12));
  const template = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/api/subscription-templates', {
    name: `Garten ${stamp}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: null,
  });
  const email = uniqueEmail('paket');
  const customer = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/api/customers', {
    first_name: 'Paula',
    last_name: `Paket${stamp}`,
    email,
    password: PASSWORD,
  });
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 10,
    start_date: start,
  });
  const office = await createStaff(request, 'office', `Berta Büro${stamp}`);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const lounge = await phone.newPage();

  await test.step('on her phone she asks for 15 h from next month and sees the price first', async () => {
    await loginAsCustomerInBrowser(lounge, email, PASSWORD);
    const card = lounge.getByTestId('subscription-card');
    await card.getByRole('button', { name: 'Paket ändern' }).click();
    const dialog = lounge.getByRole('dialog', { name: 'Paket ändern' });
    await expect(dialog).toContainText(`Die Änderung gilt ab ${shown(next)}, sobald wir sie bestätigt haben.`);
    await expect(dialog.getByRole('combobox', { name: 'Paket' })).toHaveValue(new RegExp(`^${template.name}`));
    // Opened on the running ButlerPaket: no price and no error yet, only what to do.
    await expect(dialog).toContainText(
      'Ändere die Stunden oder wähle ein anderes Paket, dann siehst du hier den neuen Preis.',
    );
    await expect(dialog.getByText('Das sind dieselben Stunden im selben Paket wie jetzt.')).toHaveCount(0);
    const hours = dialog.getByRole('textbox', { name: 'Monatliche Stunden' });
    await hours.fill('10');
    await dialog.getByRole('button', { name: 'Wunsch senden' }).click();
    await expect(dialog.getByText('Das sind dieselben Stunden im selben Paket wie jetzt.')).toHaveCount(1);
    await hours.fill('10,3');
    await dialog.getByRole('button', { name: 'Wunsch senden' }).click();
    await expect(dialog.getByText('Die Stunden müssen ein Vielfaches von 0,5 sein')).toHaveCount(1);
    await hours.fill('15');
    // 15 h × € 50 = € 750 net; the lounge shows what the invoice will say: € 900 with 20 % USt.
    const quote = dialog.getByTestId('package-change-quote');
    await expect(quote).toContainText('€ 900,00 pro Monat für 15,00 h');
    await expect(quote).toContainText(/inkl\. 20\s%\sUSt\., wie auf deiner Rechnung/);
    await expect(quote).toContainText(`vom ${shown(next)} bis ${shown(end)}`);
    // This month's 10 h are unused: the change ends the running ButlerPaket, so she is told first.
    await expect(dialog.getByTestId('package-change-lapse')).toHaveText(
      `Dein jetziges ButlerPaket endet mit dem Wechsel am ${shown(dayBefore(next))}. Stunden, die du bis dahin nicht verbrauchst, gehen nicht in das neue Paket über (derzeit 10,00 h übrig).`,
    );
    await dialog.getByRole('textbox', { name: /etwas dazu sagen/ }).fill('Im Frühling mehr Garten.');
    await screenshotBoth(lounge, 'lounge-package-change-dialog');
    await dialog.getByRole('button', { name: 'Wunsch senden' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('package-wish-open')).toContainText(
      `Dein Wunsch: ${template.name} mit 15,00 h im Monat ab ${shown(next)}. Wir prüfen ihn und melden uns.`,
    );
    await expect(card.getByRole('button', { name: 'Paket ändern' })).toBeHidden();
  });

  await test.step('the Büro accepts it from the overview at 1280 px, with a note', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await staffLoginInBrowser(page, office.username, '/admin/dashboard');
    const wish = page
      .getByTestId('open-package-requests')
      .getByTestId('package-request-row')
      .filter({ hasText: customer.name });
    await expect(wish).toContainText(`${template.name} 10,00 h → ${template.name} 15,00 h ab ${shown(next)}`);
    await expect(wish).toContainText('€ 750,00 netto pro Monat (jetzt € 500,00)');
    await expect(wish).toContainText('„Im Frühling mehr Garten.“');
    await screenshotBoth(page, 'admin-open-package-requests');
    await wish.getByRole('button', { name: `Wunsch annehmen: ${customer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Wunsch annehmen' });
    await expect(dialog.getByTestId('package-answer-lapse')).toContainText(
      `endet mit dem Wechsel am ${shown(dayBefore(next))}: Seine nicht verbrauchten Stunden (derzeit 10,00 h)`,
    );
    await dialog.getByRole('textbox', { name: /Notiz an den Kunden/ }).fill('Sehr gerne, ab dem Ersten!');
    // A double click answers once: no second request, no red "nicht mehr offen" after the success.
    await dialog.getByRole('button', { name: 'Annehmen', exact: true }).dblclick();
    await expect(dialog).toBeHidden();
    await expect(wish).toBeHidden();
    await expect(page.getByText('Dieser Wunsch ist nicht mehr offen.')).toHaveCount(0);
    const packages = await apiCall<Array<{ start_date: string; end_date: string; monthly_hours: number }>>(
      request,
      token,
      'GET',
      `/api/subscriptions?customer_id=${customer.id}`,
    );
    expect(
      packages
        .map((p) => [p.start_date, p.end_date, p.monthly_hours])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      [start, dayBefore(next), 10],
      [next, end, 15],
    ]);
  });

  await test.step('the lounge shows the accepted change', async () => {
    await lounge.reload();
    const card = lounge.getByTestId('subscription-card');
    const answer = card.getByTestId('package-wish-answer');
    await expect(answer).toContainText(
      `Wir haben deinen Wunsch bestätigt: ab ${shown(next)} ${template.name} mit 15,00 h im Monat.`,
    );
    await expect(answer).toContainText('Unsere Nachricht: Sehr gerne, ab dem Ersten!');
    await screenshotBoth(lounge, 'lounge-package-change-accepted');
  });

  await test.step('she asks to renew; the Büro declines on the customer page with a note she reads', async () => {
    const card = lounge.getByTestId('subscription-card');
    await card.getByRole('button', { name: 'Verlängern' }).click();
    const ask = lounge.getByRole('dialog', { name: 'ButlerPaket verlängern' });
    // The renewal follows the part that continues with 15 h, for as long as that part runs (decision 0851).
    const offer = await apiCall<{ renew: { start_date: string; end_date: string } }>(
      request,
      token,
      'GET',
      `/api/customers/${customer.id}/package-change`,
    );
    const renewFrom = offer.renew.start_date;
    expect(renewFrom).toBe(monthStart(today, 12));
    await expect(ask).toContainText(`vom ${shown(renewFrom)} bis ${shown(offer.renew.end_date)}`);
    await expect(ask).toContainText('15,00 h im Monat');
    await ask.getByRole('button', { name: 'Verlängerung wünschen' }).click();
    await expect(ask).toBeHidden();
    await expect(card.getByTestId('package-wish-open')).toContainText(
      `Dein Wunsch: Verlängerung vom ${shown(renewFrom)}`,
    );

    await page.goto(`/admin/customers/${customer.id}/butlerpakete`);
    const row = page
      .getByTestId('customer-package-requests')
      .getByTestId('package-request-row')
      .filter({ hasText: 'Verlängern' })
      .filter({ hasText: 'Offen' });
    await row.getByRole('button', { name: /^Wunsch ablehnen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Wunsch ablehnen' });
    await dialog.getByRole('button', { name: 'Ablehnen', exact: true }).click();
    await expect(dialog).toContainText('Bitte schreiben Sie dem Kunden, warum der Wunsch abgelehnt wird');
    await dialog.getByRole('textbox', { name: /Notiz an den Kunden/ }).fill('Wir rufen an: Es gibt ein neues Angebot.');
    await dialog.getByRole('button', { name: 'Ablehnen', exact: true }).click();
    await expect(dialog).toBeHidden();

    await lounge.reload();
    const answer = lounge.getByTestId('subscription-card').getByTestId('package-wish-answer');
    await expect(answer).toContainText('Deinen Wunsch konnten wir leider nicht umsetzen.');
    await expect(answer).toContainText('Unsere Nachricht: Wir rufen an: Es gibt ein neues Angebot.');
    const packages = await apiCall<unknown[]>(request, token, 'GET', `/api/subscriptions?customer_id=${customer.id}`);
    expect(packages).toHaveLength(2);
  });
  await phone.close();
});
