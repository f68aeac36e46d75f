import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

// Decision 0411: the login pages arrive as finished HTML and paint before any script runs.
test.describe('pre-rendered login pages', () => {
  test.use({ javaScriptEnabled: false });

  test('the customer login shows its whole page without a script, and nothing can be sent yet', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Zu Diensten.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Willkommen in der Lounge' })).toBeVisible();
    await expect(page.getByText('Anmeldung mit E-Mail-Adresse und Passwort.')).toBeVisible();
    // Read-only fields and a disabled button until the app has started: nothing typed is
    // lost when it takes over, and no form is sent with the password in the address.
    await expect(page.getByLabel('E-Mail')).not.toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).not.toBeEditable();
    const submit = page.getByRole('button', { name: 'Anmelden' });
    await expect(submit).toBeDisabled();
    // … but it looks ready (no grey flicker when the app takes over).
    const colour = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).not.toBe('rgb(233, 236, 239)');
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/passwort-vergessen',
    );
  });

  test('the admin login too; every other address shows the loading note', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin-Anmeldung' })).toBeVisible();
    await expect(page.getByLabel('Benutzername')).not.toBeEditable();
    await page.goto('/customer/dashboard');
    await expect(page.getByRole('status')).toHaveText('Lade Daten...');
  });
});

test('with the script, the app takes over the pre-rendered login and it works', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('E-Mail')).toBeEditable();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte E-Mail-Adresse und Passwort eingeben');
});

// Decision 0413: the browser paints a page while its HTML is still arriving. Half a login
// page is laid out differently (on a phone the brand panel is centred in the empty screen
// and moves up as the form arrives), so its first paint waits for the end of the markup.
test('a login page that arrives in two pieces is painted once, complete: nothing moves', async ({ page, baseURL }) => {
  const html = await (await fetch(`${baseURL}/`)).text();
  const cut = html.indexOf('<form');
  expect(cut).toBeGreaterThan(0);
  // Sends the page in two pieces, a second apart (a slow line), and everything else as it is.
  const slowLine = http.createServer(async (req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      res.end(html.slice(cut));
      return;
    }
    const upstream = await fetch(`${baseURL}${req.url}`, { method: req.method });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => slowLine.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = slowLine.address() as AddressInfo;
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByLabel('E-Mail')).toBeEditable();
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  } finally {
    slowLine.close();
  }
});
