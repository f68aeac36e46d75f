import { rmSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiCall, apiLogin } from './fixtures/api';
import { dialog, expectToast, pickOption } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { freePort, type StartedPortal, startPortal, stopPortal } from './portals';

// A new owner's first day on a fresh installation, as `npm start` leaves it: no ADMIN_PASSWORD,
// no ADMIN_NAME, no SMTP_URL, no PUBLIC_URL (decisions 0755, 0756, 0757). The worker's portal
// cannot be it (its admin has a set password and a name), so this spec starts one of its own.

const NEW_PASSWORD = 'Morgenrot-Lindenblatt-2026';

async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

test('first start: the staff login is printed, mail stays honest, the guide ends at a sent ButlerPaket invoice', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const port = await freePort();
  const dataDir = path.join(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', `first-start-${test.info().parallelIndex}`);
  const address = `http://127.0.0.1:${port}`;
  let portal: StartedPortal | undefined;
  try {
    portal = await startPortal(port, dataDir, {
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_FAILURES_PER_ADDRESS: '1000',
      LOGIN_REQUESTS_PER_MINUTE: '1000',
    });
    const printed = portal.stdout.join('\n');
    const password = /Generiertes Passwort \(wird nur jetzt angezeigt\): (\S+)/.exec(printed)?.[1] ?? '';

    await test.step('the start names the staff login and says that mail only lands in a folder', async () => {
      expect(password).not.toBe('');
      expect(portal!.stdout).toContain(`Mitarbeiter-Anmeldung (für dieses Konto): ${address}/admin/login`);
      expect(portal!.stdout).toContain(
        `Achtung: Kein Mailserver eingerichtet (SMTP_URL ist nicht gesetzt). E-Mails werden NICHT versendet, sondern nur als .eml-Dateien im Ordner ${path.resolve(dataDir, 'outbox')} abgelegt.`,
      );
      expect(portal!.stdout).toContain(`Links in E-Mails führen zu http://localhost:${port} (PUBLIC_URL).`);
    });

    const page = await openPage(browser, address);
    await test.step('"admin" on the customer login leads to the staff login', async () => {
      await page.goto('/');
      await page.getByLabel('E-Mail').fill('admin');
      await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByTestId('username-typed')).toContainText(
        'Das ist keine E-Mail-Adresse. Mitarbeiterinnen und Mitarbeiter melden sich mit ihrem Benutzernamen',
      );
      await expect(page.getByRole('link', { name: 'Mitarbeiter? Hier anmelden' })).toBeVisible();
      await screenshotBoth(page, 'first-start-customer-login-username');
      await page.getByRole('link', { name: 'Zur Mitarbeiter-Anmeldung' }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByLabel('Benutzername')).toHaveValue('admin');
      await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
      await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Anmelden' }).click();
    });

    await test.step('first the name, then the offer to replace the generated password, which can wait', async () => {
      const name = dialog(page, 'Willkommen! Wie sollen wir Sie nennen?');
      await name.getByLabel('Anzeigename').fill('Lisa Berger');
      await name.getByRole('button', { name: 'Weiter' }).click();
      const offer = dialog(page, 'Eigenes Passwort festlegen?');
      await expect(offer).toContainText('beim ersten Start des Portals erzeugt');
      await screenshotBoth(page, 'first-start-password-offer');
      await offer.getByRole('button', { name: 'Später' }).click();
      await expect(offer).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('first-steps')).toBeVisible();
      // The name just given, not "admin" (screenshot 02 of the walk).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Lisa Berger');
      await expect(dialog(page, 'Eigenes Passwort festlegen?')).toHaveCount(0);
    });

    await test.step('Erste Schritte has the ButlerPaket step and warns that mail is not sent', async () => {
      const card = page.getByTestId('first-steps');
      await expect(card.locator('[data-step]')).toHaveCount(7);
      await expect(card).toContainText('Dem Kunden ein ButlerPaket geben');
      await expect(card).toContainText('Erste ButlerPaket-Rechnung senden');
      await expect(card.getByTestId('mail-setup-alert')).toContainText('Kein Mailserver eingerichtet');
      await screenshotBoth(page, 'first-start-dashboard');
    });

    await test.step('an invitation without a mail server: the toast and the Postausgang say it was only filed', async () => {
      await page.goto('/admin/settings');
      await page.getByRole('button', { name: 'Mitarbeiter einladen' }).click();
      const form = dialog(page, 'Mitarbeiter einladen');
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Thomas Büro');
      await form.getByLabel('Benutzername').fill('thomas');
      await form.getByLabel('E-Mail').fill('thomas@example.at');
      await pickOption(page, form.getByRole('combobox', { name: 'Rolle' }), /^Büro/);
      await form.getByRole('button', { name: 'Einladung senden' }).click();
      await expectToast(
        page,
        'Einladung an thomas@example.at: E-Mail im Ausgangsordner abgelegt – nicht versendet (kein Mailserver eingerichtet)',
      );
      await page.goto('/admin/outbox');
      const banner = page.getByTestId('mail-setup-alert');
      await expect(banner).toContainText('Kein Mailserver eingerichtet – E-Mails werden nicht versendet');
      await expect(banner).toContainText(path.resolve(dataDir, 'outbox'));
      await expect(banner).toContainText(`Links in E-Mails zeigen auf http://localhost:${port}`);
      const row = page.getByRole('row').filter({ hasText: 'thomas@example.at' });
      await expect(row).toContainText('Abgelegt');
      await expect(row).toContainText('Im Ausgangsordner abgelegt – nicht versendet');
      await expect(page.getByText('Gesendet', { exact: true })).toHaveCount(0);
      await screenshotBoth(page, 'first-start-outbox');
    });

    await test.step('Konto & Sicherheit: an own e-mail address, then an own password', async () => {
      await page.goto('/admin/account');
      await expect(page.getByText('Noch das erzeugte Passwort')).toBeVisible();
      await page.getByRole('button', { name: 'E-Mail-Adresse hinterlegen' }).click();
      const form = dialog(page, 'E-Mail-Adresse');
      await form.getByLabel('E-Mail-Adresse').fill('lisa.berger@example.at');
      await form.getByLabel('Ihr Passwort zur Bestätigung').fill('falsch');
      await form.getByRole('button', { name: 'Speichern' }).click();
      await expect(form.getByRole('alert')).toContainText('Das Passwort ist falsch');
      await form.getByLabel('Ihr Passwort zur Bestätigung').fill(password);
      await form.getByRole('button', { name: 'Speichern' }).click();
      await expectToast(page, 'E-Mail-Adresse gespeichert');
      await expect(page.getByTestId('own-email')).toContainText('lisa.berger@example.at');
      await page.getByLabel('Aktuelles Passwort').fill(password);
      await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Passwort ändern' }).click();
      await expectToast(page, 'Passwort geändert. Alle anderen Anmeldungen wurden beendet.');
      await expect(page.getByText('Noch das erzeugte Passwort')).toHaveCount(0);
      await screenshotBoth(page, 'first-start-account');
    });

    await test.step('"Passwort vergessen?" on the staff login answers the same, whatever was typed', async () => {
      const visitor = await openPage(browser, address);
      await visitor.goto('/admin/login');
      await visitor.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await expect(visitor).toHaveURL(/\/admin\/passwort-vergessen$/);
      await visitor.getByLabel('Benutzername oder E-Mail-Adresse').fill('admin');
      await visitor.getByRole('button', { name: 'Link senden' }).click();
      await expect(visitor.getByRole('status')).toContainText(
        'Wenn es dieses Konto gibt und eine E-Mail-Adresse hinterlegt ist, ist eine E-Mail mit einem Link zum Zurücksetzen unterwegs.',
      );
      await screenshotBoth(visitor, 'first-start-staff-forgot');
      await visitor.context().close();
      const resets = await apiCall<Array<{ to: string; template: string }>>(
        page.request,
        (await apiLogin(page.request, 'admin', 'admin', NEW_PASSWORD)).token,
        'GET',
        '/api/mail/outbox?search=lisa.berger',
      );
      expect(resets.filter((m) => m.template === 'password-reset').map((m) => m.to)).toEqual([
        'lisa.berger@example.at',
      ]);
    });
    await page.context().close();
  } finally {
    if (portal) await stopPortal(portal.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
