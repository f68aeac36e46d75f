import { MONTH_NAMES } from '@butler/contract/format';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { deliveredMail } from './fixtures/delivered-mail';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { isoDay } from './quickbill-helpers';

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'Kunden-Passwort-123';
const shown = (iso: string) => `${iso.slice(8)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const dayWithWeekday = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'][new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${shown(iso)}`;
};
const settings = (trip_overrun: 'refuse' | 'warn') => ({ request_hours: 24, trip_overrun, trips_carry_over: false });

/**
 * The story of decision 0841: Büro plans a weekly visit for a customer whose ButlerPaket has
 * 4 Fahrten → the customer gets the mail with the .ics and sees the visits in the lounge on a
 * phone → asks to move the next one → Büro moves it from the open wish → the Butler sees his
 * day on a phone, finishes today's visit and books its time → the lounge shows "1 von 4" →
 * with "Nicht einplanen", the trip beyond the four is refused.
 */
test('Termine from planning to the Fahrt: the mail, the wish, the Butler on his phone, the allotment', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const stamp = Date.now().toString(36).slice(-5);
  const today = isoDay(0);
  const month = today.slice(0, 7);
  const email = uniqueEmail('fahrt');
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `Vier Fahrten ${stamp}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 4,
  });
  const customer = await apiCall<{ id: number; name: string }>(request, token, 'POST', '/api/customers', {
    first_name: 'Frieda',
    last_name: `Fahrt${stamp}`,
    email,
    password: PASSWORD,
  });
  await apiCall(request, token, 'POST', `/api/customers/${customer.id}/projects`, { name: 'Haushalt' });
  await apiCall(request, token, 'POST', '/api/subscriptions', {
    customer_id: customer.id,
    template_id: template.id,
    monthly_hours: 10,
    start_date: `${month}-01`,
  });
  const butler = await createStaff(request, 'butler', `Bruno Besuch${stamp}`);
  const office = await createStaff(request, 'office', `Olivia Büro${stamp}`);
  await apiCall(request, token, 'PUT', `/api/customers/${customer.id}/staff`, { staff_ids: [butler.id] });

  await test.step('Büro plans a weekly visit at 1280 px', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await staffLoginInBrowser(page, office.username, '/admin/dashboard');
    await page.goto(`/admin/termine?kunde=${customer.id}`);
    await page.getByRole('button', { name: 'Neuer Termin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
    // Opened from one customer's calendar, the new visit is theirs.
    // The picker names them, never by number, also when they are not on its first page of 20.
    await expect(dialog.getByRole('combobox', { name: 'Kunde' })).toHaveValue(new RegExp(`^${customer.name}`));
    await dialog.getByRole('textbox', { name: 'Datum' }).fill(shown(today));
    await dialog.getByRole('textbox', { name: 'Von' }).fill('07:00');
    await dialog.getByRole('textbox', { name: 'Bis' }).fill('08:30');
    await dialog.getByRole('combobox', { name: 'Wer kommt' }).click();
    await page.getByRole('option', { name: butler.name }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('textbox', { name: 'Worum es geht' }).fill('Wocheneinkauf und Post');
    await dialog.getByRole('combobox', { name: 'Wiederholung' }).click();
    await page.getByRole('option', { name: 'Jede Woche' }).click();
    await dialog
      .getByRole('textbox', { name: 'Bis', exact: true })
      .last()
      .fill(shown(isoDay(21)));
    await dialog.getByRole('button', { name: 'Planen' }).click();
    await expect(dialog).toBeHidden();
    const planned = await apiCall<Array<{ date: string; state: string }>>(
      request,
      token,
      'GET',
      `/api/visits?from=${today}&to=${isoDay(21)}&customer_id=${customer.id}`,
    );
    expect(planned.map((v) => v.date)).toEqual([today, isoDay(7), isoDay(14), isoDay(21)]);
  });

  await test.step('the customer got one mail with the four visits as a calendar file', async () => {
    let mail: any;
    await expect
      .poll(async () => {
        const list = await apiCall(request, token, 'GET', `/api/mail/outbox?search=${encodeURIComponent(email)}`);
        mail = (Array.isArray(list) ? list : list.items).find(
          (m: any) => m.template === 'visit-update' && m.status === 'sent',
        );
        return Boolean(mail);
      })
      .toBe(true);
    // Only visits that have not ended are mailed: today's 07:00–08:30 may be over already.
    const viennaNow = new Intl.DateTimeFormat('de-AT', {
      timeZone: 'Europe/Vienna',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    const first = viennaNow >= '08:30' ? isoDay(7) : today;
    expect(mail.subject).toBe(
      `Deine ${viennaNow >= '08:30' ? 3 : 4} Termine ab ${dayWithWeekday(first)}, 07:00–08:30 Uhr`,
    );
    const eml = await deliveredMail(mail.id);
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(eml).toContain('filename=termine.ics');
  });

  await test.step('on her phone she sees them and asks to move the next one', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const lounge = await phone.newPage();
    await loginAsCustomerInBrowser(lounge, email, PASSWORD);
    const card = lounge.getByTestId('lounge-visits-card');
    const next = card.getByTestId('lounge-visit').filter({ hasText: shown(isoDay(7)) });
    await expect(next).toBeVisible();
    await next.getByRole('button', { name: 'Verschieben oder absagen' }).click();
    const ask = lounge.getByRole('dialog', { name: 'Termin verschieben oder absagen' });
    await ask.getByRole('button', { name: 'Senden', exact: true }).click();
    await expect(ask).toContainText('Bitte schreib uns, wann es dir besser passt');
    await ask.getByRole('textbox', { name: 'Wann passt es dir besser?' }).fill('Lieber um 10 Uhr');
    await ask.getByRole('button', { name: 'Senden', exact: true }).click();
    await expect(ask).toBeHidden();
    await expect(next.getByTestId('lounge-visit-request-state')).toContainText('Verschiebung angefragt');
    await phone.close();
  });

  await test.step('Büro finds the wish on the calendar and moves the visit, which handles the wish', async () => {
    await page.goto('/admin/termine');
    const wish = page.getByTestId('visit-request-row').filter({ hasText: customer.name });
    await expect(wish).toContainText('Lieber um 10 Uhr');
    await wish.getByRole('button', { name: /^Termin öffnen/ }).click();
    const detail = page.getByRole('dialog', { name: 'Termin' });
    await detail.getByRole('button', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Termin bearbeiten' });
    await edit.getByRole('textbox', { name: 'Von' }).fill('10:00');
    await edit.getByRole('textbox', { name: 'Bis' }).fill('11:30');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('visit-request-row').filter({ hasText: customer.name })).toHaveCount(0);
    const moved = await apiCall<Array<{ date: string; start_time: string; state: string; request: unknown }>>(
      request,
      token,
      'GET',
      `/api/visits?from=${isoDay(7)}&to=${isoDay(7)}&customer_id=${customer.id}`,
    );
    expect(moved).toEqual([expect.objectContaining({ start_time: '10:00', state: 'moved', request: null })]);
  });

  await test.step("the Butler sees his day on a phone, finishes today's visit and books its time", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const butlerPage = await phone.newPage();
    await staffLoginInBrowser(butlerPage, butler.username, '/admin/dashboard');
    await butlerPage.goto('/admin/termine');
    await butlerPage.getByRole('button', { name: `07:00–08:30 ${customer.name}: Termin öffnen` }).click();
    const detail = butlerPage.getByRole('dialog', { name: 'Termin' });
    await detail.getByRole('button', { name: 'Erledigt' }).click();
    const entry = butlerPage.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
    await expect(entry.getByRole('textbox', { name: /Aktivität/ })).toHaveValue('Wocheneinkauf und Post');
    await entry.getByRole('button', { name: 'Speichern' }).click();
    await expect(entry).toBeHidden();
    await phone.close();
    const entries = await apiCall<any>(request, token, 'GET', `/api/time-entries?customer_id=${customer.id}`);
    const rows = Array.isArray(entries) ? entries : entries.items;
    expect(rows.map((e: any) => [e.work_date, Number(e.hours), e.activity_description])).toEqual([
      [today, 1.5, 'Wocheneinkauf und Post'],
    ]);
  });

  await test.step('the lounge shows the Fahrt against the four of the ButlerPaket', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomerInBrowser(page, email, PASSWORD);
    await expect(page.getByTestId('lounge-trips')).toContainText(
      `Fahrten im ${MONTH_NAMES[Number(today.slice(5, 7)) - 1]}: 1 von 4`,
    );
  });

  await test.step('with "Nicht einplanen", a trip beyond the four of the month is refused in German', async () => {
    const visitsThisMonth = [today, isoDay(7), isoDay(14), isoDay(21)].filter((d) => d.startsWith(month)).length;
    await apiCall(request, token, 'PUT', '/api/settings/visits', settings('refuse'));
    try {
      // Fill the month's four with trips today, then the fifth is one too many.
      for (let i = visitsThisMonth; i < 4; i++) {
        await apiCall(request, token, 'POST', '/api/visits', {
          customer_id: customer.id,
          date: today,
          start_time: `${12 + i}:00`,
          end_time: `${12 + i}:30`,
          butler_ids: [butler.id],
          kind: 'trip',
          purpose: `Zusatzfahrt ${i}`,
          allow_conflicts: true,
        });
      }
      const refused = await request.post('/api/visits', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          customer_id: customer.id,
          date: today,
          start_time: '18:00',
          end_time: '18:30',
          butler_ids: [butler.id],
          kind: 'trip',
          purpose: 'Eine Fahrt zu viel',
          allow_conflicts: true,
        },
      });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).error).toContain('Mehr Fahrten, als das ButlerPaket enthält');
    } finally {
      await apiCall(request, token, 'PUT', '/api/settings/visits', settings('warn'));
    }
  });
});
