import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { adminToken, apiCall, apiLogin, loginAsAdminThroughForm, uniqueEmail } from './fixtures/api';
import { deliveredMail } from './fixtures/delivered-mail';
import { screenshotBoth } from './fixtures/screenshots';

const STAFF_PASSWORD = 'Kanzlei-Morgenrot-2026';
const CUSTOMER_PASSWORD = 'Gartenhaus-am-See-77';

/**
 * The newest mail to an address in the Postausgang (which shows no live link, decision
 * 0502), and the set-password link in the mail as delivered.
 */
async function linkFromOutbox(request: APIRequestContext, to: string, subject: RegExp) {
  const token = await adminToken(request);
  let mail: any;
  await expect
    .poll(async () => {
      const list = await apiCall(request, token, 'GET', `/api/mail/outbox?search=${encodeURIComponent(to)}`);
      const items = Array.isArray(list) ? list : list.items;
      // "sent" is committed together with the link's token (see fixtures/staff.ts).
      mail = items.find((m: any) => m.to === to && subject.test(m.subject) && m.status === 'sent');
      return Boolean(mail);
    })
    .toBe(true);
  const detail = await apiCall(request, token, 'GET', `/api/mail/outbox/${mail.id}`);
  expect(detail.text).toContain('[Link ausgeblendet]');
  expect(`${detail.text}${detail.html}`).not.toContain('passwort-festlegen#');
  const delivered = await deliveredMail(mail.id);
  const url = new URL(/https?:\/\/\S+\/passwort-festlegen#[A-Za-z0-9_-]{43}/.exec(delivered)![0]);
  return { path: `${url.pathname}${url.hash}`, mail: detail };
}

const totp = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate(
    {
      timestamp: Date.now() + offsetSteps * 30_000,
    },
  );

async function staffLogin(page: Page, username: string, password = STAFF_PASSWORD) {
  await page.goto('/admin/login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.waitForURL('**/admin/login');
}

test('staff: invitation → set password → enrol 2FA → log in with a code → with a recovery code → replay refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('team');
  const username = `petra.${Date.now().toString(36)}`;
  await loginAsAdminThroughForm(page);
  await page.goto('/admin/settings');
  const card = page.getByTestId('staff-card');
  await card.getByRole('button', { name: 'Mitarbeiter einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mitarbeiter einladen' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Petra Lindner');
  await dialog.getByRole('textbox', { name: 'Benutzername' }).fill(username);
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByRole('combobox', { name: 'Rolle' }).click();
  await page.getByRole('option', { name: 'Büro' }).click();
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(
    page.getByText(
      `Einladung an ${email}: E-Mail im Ausgangsordner abgelegt – nicht versendet (kein Mailserver eingerichtet)`,
    ),
  ).toBeVisible();
  await expect(card.getByText('Petra Lindner')).toBeVisible();
  await expect(card.getByText('Eingeladen')).toBeVisible();
  await screenshotBoth(page, 'admin-mitarbeiter');

  const { path, mail } = await linkFromOutbox(request, email, /Einladung zum Back Office/);
  expect(mail.text).toContain('Guten Tag Petra Lindner');
  expect(mail.text).toContain(`Ihr Benutzername ist ${username}`);

  // The invited person, in their own browser.
  const own = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const tab = await own.newPage();
  await tab.goto(path);
  await expect(tab.getByRole('heading', { name: 'Willkommen, Petra Lindner' })).toBeVisible();
  await screenshotBoth(tab, 'passwort-festlegen');
  await tab.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('passwort1234');
  await tab.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill('passwort1234');
  await tab.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(tab.getByText(/Liste häufig verwendeter oder gestohlener Passwörter/)).toBeVisible();
  await tab.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(STAFF_PASSWORD);
  await tab.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(STAFF_PASSWORD);
  await tab.getByRole('button', { name: 'Passwort speichern' }).click();
  // Signed in with the new password at once (decision 0645), on the Büro's start page.
  await tab.waitForURL('**/admin/dashboard');
  await expect(tab.getByTestId('top-bar-user')).toHaveText('Petra Lindner');
  // The link works once.
  await tab.goto(path);
  await expect(tab.getByText(/ungültig, abgelaufen oder wurde bereits verwendet/)).toBeVisible();
  await tab.goto('/admin/dashboard');

  // Enrol: QR code and key, confirmed with a first code; ten recovery codes shown once.
  await tab.goto('/admin/account');
  await tab.getByTestId('two-factor-card').getByRole('button', { name: 'Einrichten' }).click();
  const enrol = tab.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' });
  await expect(enrol.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  const secret = (await enrol.getByTestId('totp-secret').textContent())!;
  await screenshotBoth(tab, 'zwei-faktor-einrichten');
  await enrol.getByLabel(/Code aus der App/).fill(totp(secret));
  await enrol.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(enrol.getByTestId('recovery-code')).toHaveCount(10);
  const recovery = await enrol.getByTestId('recovery-code').allTextContents();
  await enrol.getByRole('button', { name: 'Fertig' }).click();
  await expect(tab.getByTestId('two-factor-card').getByText('Eingeschaltet')).toBeVisible();
  await logout(tab);

  // Log in: password, then the app's code (the next step: the enrolment used this one).
  const code = totp(secret, 1);
  await staffLogin(tab, username);
  await expect(tab.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
  await screenshotBoth(tab, 'anmeldung-code');
  await tab.getByLabel('Code aus der App').fill(code);
  await tab.getByRole('button', { name: 'Bestätigen' }).click();
  await tab.waitForURL('**/admin/dashboard');
  await logout(tab);

  // With a recovery code instead.
  await staffLogin(tab, username);
  await tab.getByRole('button', { name: 'Wiederherstellungscode verwenden' }).click();
  await tab.getByLabel('Wiederherstellungscode').fill(recovery[0]);
  await tab.getByRole('button', { name: 'Bestätigen' }).click();
  await tab.waitForURL('**/admin/dashboard');
  await expect(tab.getByText('Noch 9 Wiederherstellungscodes übrig.', { exact: false })).toBeVisible();
  await logout(tab);

  // The code used above is refused a second time.
  await staffLogin(tab, username);
  await tab.getByLabel('Code aus der App').fill(code);
  await tab.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(tab.getByRole('alert')).toHaveText('Der Code ist falsch oder wurde bereits verwendet');
  await expect(tab).toHaveURL(/\/admin\/login$/);
  await own.close();
});

test('customer: invitation from the customer form → set password → lounge', async ({ page, browser, request }) => {
  const email = uniqueEmail('einladung');
  await loginAsAdminThroughForm(page);
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: /Neuer Kunde/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Kunde' });
  await dialog.getByLabel('Vorname').fill('Greta');
  await dialog.getByLabel('Nachname').fill('Einladerin');
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByText('Einladung senden').click();
  await expect(dialog.getByTestId('invitation-hint')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Passwort' })).toHaveCount(0);
  await screenshotBoth(page, 'kunde-einladung-senden');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText(
      `Kunde angelegt; Einladung an ${email}: E-Mail im Ausgangsordner abgelegt – nicht versendet (kein Mailserver eingerichtet)`,
    ),
  ).toBeVisible();

  const { path, mail } = await linkFromOutbox(request, email, /Einladung in die Lounge/);
  expect(mail.text).toContain('Hallo Greta');
  expect(mail.text).toMatch(/gilt bis \d{2}\.\d{2}\.\d{4}/);
  const own = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const tab = await own.newPage();
  await tab.goto(path);
  await expect(tab.getByText('Leg dein Passwort für deine Lounge fest.')).toBeVisible();
  await tab.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(CUSTOMER_PASSWORD);
  await tab.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(CUSTOMER_PASSWORD);
  await tab.getByRole('button', { name: 'Passwort speichern' }).click();
  // Straight into the lounge (decision 0645).
  await tab.waitForURL('**/customer/dashboard');
  await expect(tab.getByText('Zu Diensten, Greta.')).toBeVisible();
  await expect(tab.getByText('Zu Diensten, Greta.')).toBeVisible();
  await own.close();
});

test('customer: forgotten password → mail in the outbox → new password → old sessions gone', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const email = uniqueEmail('vergessen');
  await apiCall(request, token, 'POST', '/api/customers', {
    first_name: 'Konrad',
    last_name: 'Vergesslich',
    email,
    password: CUSTOMER_PASSWORD,
  });
  const oldSession = (await apiLogin(request, 'customer', email, CUSTOMER_PASSWORD)).token;

  await page.goto('/');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await page.waitForURL('**/passwort-vergessen');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByText(/Wenn es zu dieser Adresse ein Konto gibt/)).toBeVisible();
  await screenshotBoth(page, 'passwort-vergessen');

  const { path, mail } = await linkFromOutbox(request, email, /Dein neues Passwort/);
  expect(mail.text).toContain('Der Link gilt 60 Minuten');
  const fresh = 'Neues-Kennwort-nach-Reset-5';
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(fresh);
  await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await page.waitForURL('**/customer/dashboard');
  const validate = await request.post('/api/auth/validate-token', {
    headers: { authorization: `Bearer ${oldSession}` },
  });
  expect(validate.status()).toBe(401);
});
