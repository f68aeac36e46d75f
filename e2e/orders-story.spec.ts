import path from 'node:path';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, loginAsCustomerInBrowser, uniqueEmail } from './fixtures/api';
import { expectNoSeriousViolations } from './fixtures/axe';
import { dialog, expectNoSidewaysScroll, expectToast } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { createStaff, staffLoginInBrowser } from './fixtures/staff';
import { firstOfThisMonth } from './referrals-scenario';

const PASSWORD = 'Kunde-Passwort-2026!';
const PHOTO = path.join(import.meta.dirname, 'fixtures', 'photo-with-gps.jpg');

/**
 * Aufträge (decision 0810), one story across two screens: a customer on a 390 px phone files an
 * Auftrag in the lounge; it appears in a signed-in staff member's inbox (1280 px) without a
 * reload; staff estimate more than the customer has, the customer approves the Freigabe, her
 * Butler books time on the Auftrag with the timer on his 390 px phone, the office closes it, and
 * the customer reads the hours in the lounge.
 */
test.describe
  .serial('Aufträge story', () => {
    let api: APIRequestContext;
    let token: string;
    let customer: { id: number; email: string; name: string };
    let butler: { id: number; username: string; name: string };
    const title = `Fenster putzen ${Date.now().toString(36).slice(-5)}`;

    test.describe.configure({ timeout: 180_000 });
    test.beforeAll(async () => {
      api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
      token = await adminToken(api);
      const stamp = Date.now().toString(36).slice(-5);
      customer = await apiCall(api, token, 'POST', '/api/customers', {
        first_name: 'Olga',
        last_name: `Auftrag${stamp}`,
        email: uniqueEmail('olga'),
        password: PASSWORD,
      });
      // The customer's Betreuer is a Butler: the Auftrag is assigned to him and he books on his phone.
      butler = await createStaff(api, 'butler', `Bruno Butler${stamp}`);
      await apiCall(api, token, 'PUT', `/api/customers/${customer.id}/staff`, { staff_ids: [butler.id] });
      const template = await apiCall(api, token, 'POST', '/api/subscription-templates', {
        name: `Auftrag ${stamp}`,
        duration_months: 12,
        price_per_hour: 50,
        monthly_trips: 1,
      });
      // 2 h a month: an estimate of 5 h needs the customer's Freigabe.
      await apiCall(api, token, 'POST', '/api/subscriptions', {
        customer_id: customer.id,
        template_id: template.id,
        monthly_hours: 2,
        start_date: firstOfThisMonth(),
      });
    });
    test.afterAll(async () => api.dispose());

    test('filed on a phone, estimated, approved, booked and closed', async ({ browser }) => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const lounge = await phone.newPage();
      const office = await desk.newPage();
      try {
        // Staff have the inbox open before the Auftrag exists.
        await loginAsAdminInBrowser(office);
        await office.goto('/admin/auftraege');
        await expect(office.getByRole('heading', { name: 'Aufträge', level: 1 })).toBeVisible();
        await expect(office.getByText(title)).toHaveCount(0);

        // The customer files it from the lounge's card.
        await loginAsCustomerInBrowser(lounge, customer.email, PASSWORD);
        const card = lounge.getByTestId('lounge-orders-card');
        await card.scrollIntoViewIfNeeded();
        await expect(card).toBeVisible();
        await card.getByRole('link', { name: 'Neuer Auftrag' }).click();
        await lounge.waitForURL('**/customer/auftraege/neu');
        await lounge.getByRole('textbox', { name: 'Was?' }).fill(title);
        await lounge.getByRole('textbox', { name: 'Details' }).fill('Alle Fenster im ersten Stock, bitte vor Ostern.');
        await lounge.getByRole('switch', { name: 'Dringend' }).check({ force: true });
        // A photo from the phone, as cameras write it: with a GPS position in its EXIF.
        await lounge.locator('input[type="file"]').setInputFiles(PHOTO);
        await expect(lounge.getByTestId('attachment-preview')).toHaveCount(1);
        await expectNoSidewaysScroll(lounge);
        await expectNoSeriousViolations(lounge, 'Neuer Auftrag (Lounge)');
        await screenshotBoth(lounge, 'orders-lounge-new');
        await lounge.setViewportSize({ width: 390, height: 844 });
        await lounge.getByRole('button', { name: 'Auftrag senden' }).click();
        await lounge.waitForURL(/\/customer\/auftraege\/\d+$/);
        const orderId = Number(lounge.url().split('/').pop());
        await expect(lounge.getByTestId('order-state')).toHaveText('Neu');
        await expect(lounge.getByTestId('order-attachment')).toHaveCount(1);
        // The stored photo kept its pixels, not the camera's metadata.
        const [stored] = (await apiCall(api, token, 'GET', `/api/orders/${orderId}`)).attachments;
        const photo = await api.get(`/api/orders/${orderId}/attachments/${stored.id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(photo.headers()['content-type']).toBe('image/jpeg');
        const bytes = await photo.body();
        expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
        expect(bytes.includes(Buffer.from('Exif\0'))).toBe(false);
        expect(bytes.includes(Buffer.from('Fenster-Hinterhof'))).toBe(false);

        // It appears in the staff inbox without a reload (the event stream).
        const row = office.getByRole('link', { name: title });
        await expect(row).toBeVisible({ timeout: 20_000 });
        await expect(office.getByTestId('orders-badge')).toBeVisible();
        await expectNoSeriousViolations(office, 'Aufträge (Posteingang)');
        await screenshotBoth(office, 'orders-inbox');
        await office.setViewportSize({ width: 1280, height: 800 });
        await row.click();
        await office.waitForURL(`**/admin/auftraege/${orderId}`);
        await office.getByRole('button', { name: 'Annehmen' }).click();
        await expectToast(office, /angenommen/);

        // An estimate above the 2 h the customer has asks for the Freigabe.
        const estimate = office.getByRole('textbox', { name: 'Schätzung in Stunden' });
        await estimate.fill('5');
        await office.getByTestId('order-manage').getByRole('button', { name: 'Speichern' }).click();
        await expectToast(office, 'Schätzung gespeichert');
        await expect(office.getByTestId('order-approval')).toContainText('Freigabe angefragt');
        // An internal note is marked as such and never reaches the customer.
        await office.getByRole('switch', { name: 'Interne Notiz' }).check({ force: true });
        await office.getByRole('textbox', { name: 'Interne Notiz' }).fill('Leiter aus dem Keller mitnehmen');
        await office.getByRole('button', { name: 'Notiz speichern' }).click();
        await expect(office.getByTestId('order-message-internal')).toContainText(
          'Intern – für den Kunden nicht sichtbar',
        );
        await expectNoSeriousViolations(office, 'Auftrag (Mitarbeiter)');
        await screenshotBoth(office, 'orders-staff-detail');
        await office.setViewportSize({ width: 1280, height: 800 });

        // The customer approves it in the lounge.
        await lounge.reload();
        const approval = lounge.getByTestId('approval-card');
        await expect(approval).toBeVisible();
        await expect(approval).toContainText('Jetzt verfügbar');
        await expect(approval.getByTestId('approval-shortfall')).toHaveText(/^Es fehlen \d+,\d\d h$/);
        await expect(lounge.getByText('Leiter aus dem Keller mitnehmen')).toHaveCount(0);
        await expectNoSeriousViolations(lounge, 'Freigabe (Lounge)');
        await screenshotBoth(lounge, 'orders-lounge-approval');
        await lounge.setViewportSize({ width: 390, height: 844 });
        await approval.getByRole('button', { name: 'Freigeben' }).click();
        await expect(approval).toBeHidden();

        // Staff see the answer live; the Butler books time on this Auftrag with the timer, on his phone.
        await expect(office.getByTestId('order-approval')).toContainText('Freigegeben', { timeout: 20_000 });
        const butlerPhone = await browser.newContext({
          viewport: { width: 390, height: 844 },
          hasTouch: true,
          isMobile: true,
        });
        try {
          const field = await butlerPhone.newPage();
          await staffLoginInBrowser(field, butler.username, '/admin/dashboard');
          await field.goto(`/admin/auftraege/${orderId}`);
          await expect(field.getByTestId('order-state')).toBeVisible();
          // The timer started from the Auftrag runs for it; its stop opens the booking with the Auftrag chosen.
          await field.getByRole('button', { name: 'Timer starten' }).click();
          const running = field.getByTestId('timer-running');
          await expect(running).toBeVisible();
          await running.click();
          await field
            .getByTestId('timer-popover')
            .getByRole('button', { name: /^Stopp/ })
            .click();
          const entry = dialog(field, 'Neuer Zeiteintrag');
          await expect(entry).toBeVisible();
          await expect(entry.getByRole('combobox', { name: 'Auftrag' })).toHaveValue(new RegExp(title));
          await entry.getByRole('textbox', { name: 'Stunden' }).fill('1,5');
          await entry.getByRole('textbox', { name: 'Aktivität' }).fill('Fenster im ersten Stock geputzt');
          await entry.getByRole('button', { name: 'Speichern' }).click();
          await expectToast(field, 'Zeiteintrag erfolgreich erstellt');
          await expect(field.getByTestId('order-booked')).toHaveText(/^1,50 h/);
          await expectNoSidewaysScroll(field);
        } finally {
          await butlerPhone.close();
        }
        // The office sees the booking on the Auftrag.
        await office.reload();
        await expect(office.getByTestId('order-booked')).toHaveText(/^1,50 h/);

        // Closed with a word for the customer.
        await office.getByRole('button', { name: 'Abschließen' }).click();
        const closing = dialog(office, `A-${String(orderId).padStart(4, '0')} abschließen`);
        await closing.getByRole('textbox').fill('Alles sauber, danke!');
        await closing.getByRole('button', { name: 'Abschließen' }).click();
        await expectToast(office, /abgeschlossen/);
        await expect(office.getByTestId('order-state')).toHaveText('Erledigt');

        // The customer reads the hours in the lounge.
        await lounge.goto(`/customer/auftraege/${orderId}`);
        await expect(lounge.getByTestId('order-state')).toHaveText('Erledigt');
        await expect(lounge.getByTestId('order-booked')).toHaveText(/^1,50 h/);
        await expect(lounge.getByTestId('order-entries')).toContainText('Fenster im ersten Stock geputzt');
        await expect(lounge.getByTestId('order-thread')).toContainText('Erledigt: 1,50 h aus deinem ButlerPaket');
        // The deduction list names the Auftrag next to the entry.
        await lounge.goto('/customer/dashboard');
        const deduction = lounge.getByTestId('deduction-item').filter({ hasText: 'Fenster im ersten Stock geputzt' });
        await expect(deduction.first()).toContainText(`Auftrag A-${String(orderId).padStart(4, '0')} ${title}`);
        // And the closing mail went to her, in her voice, with the link to the Auftrag.
        const outbox = await apiCall<Array<{ to: string; subject: string }>>(
          api,
          token,
          'GET',
          `/api/mail/outbox?search=${encodeURIComponent(customer.email)}`,
        );
        expect(outbox.some((mail) => /erledigt/i.test(mail.subject))).toBe(true);
        await expectNoSidewaysScroll(lounge);
        await screenshotBoth(lounge, 'orders-lounge-done');
      } finally {
        await phone.close();
        await desk.close();
      }
    });
  });
