import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { expectNoSidewaysScroll } from './fixtures/backoffice';
import { screenshotBoth } from './fixtures/screenshots';
import { createCustomer, createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

/**
 * Decision 0650: the top bar's search finds a customer, an invoice by its number and
 * a wiki entry, each opened with the keyboard on its own page (the wiki entry itself, not just
 * its category), with a German empty state.
 */
test('Strg+K finds a customer, an invoice by number and a wiki entry and opens each', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const tag = `Suchtest${Date.now().toString(36).slice(-5)}`;
  const customer = await createCustomer(request, token, tag);
  await saveProviderSettings(request, token);
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(0),
    dueDate: isoDay(14),
    price: 90,
    text: 'Gartenpflege',
  });
  const category = await apiCall<{ id: number }>(request, token, 'POST', '/api/wiki/categories', {
    name: `Haus ${tag}`,
    icon: '🏡',
  });
  // Several entries in the category: the hit must open the one it named.
  for (const title of ['Mülltonnen', 'Heizung', `Alarmanlage ${tag}`, 'Zählerstände']) {
    await apiCall(request, token, 'POST', '/api/wiki/entries', {
      customer_id: customer.id,
      category_id: category.id,
      title,
      content: `<p>${title}: Hinweise</p>`,
    });
  }

  await loginAsAdminInBrowser(page);
  await page.goto('/admin/customers');
  const box = searchBox(page);

  // Customer: typed, found under "Kunden", opened with Enter.
  await expect(page.getByTestId('search-button')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await box.fill('S');
  await expect(page.getByTestId('search-status')).toContainText(
    'Ab 2 Zeichen: Kunden, Aufträge, Termine, Projekte, Rechnungen',
  );
  await box.fill(tag);
  const customerHit = page.getByRole('group', { name: 'Kunden' }).getByRole('option');
  await expect(customerHit).toHaveCount(1);
  await expect(customerHit).toContainText(customer.name);
  await expect(customerHit).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await customerHit.getAttribute('id')) ?? '');
  // UI.md: no serious or critical axe finding in the open dialog with its grouped results.
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await screenshotBoth(page, 'search-results');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));
  await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Invoice by its number: the top bar's button, then the detail page.
  await page.getByTestId('search-button').click();
  await box.fill(invoice.number);
  const invoiceHit = page.getByRole('group', { name: 'Rechnungen' }).getByRole('option');
  await expect(invoiceHit).toHaveCount(1);
  await expect(invoiceHit).toContainText(customer.name);
  await expect(invoiceHit).toContainText('€ 108,00');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/quickbill/invoices/${invoice.id}$`));
  await expect(page.getByText(invoice.number).first()).toBeVisible();

  // Wiki entry: arrow keys from the customer down to the entry, which opens itself.
  await page.keyboard.press('Control+k');
  await box.fill(tag);
  const options = page.getByRole('option');
  await expect(page.getByRole('group', { name: 'Wiki-Einträge' }).getByRole('option')).toHaveText(
    new RegExp(`Alarmanlage ${tag}`),
  );
  const wikiIndex = (await options.allTextContents()).findIndex((t) => t.includes(`Alarmanlage ${tag}`));
  for (let i = 0; i < wikiIndex; i++) await box.press('ArrowDown');
  await expect(options.nth(wikiIndex)).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/wiki\\?customer=${customer.id}&category=${category.id}&entry=\\d+`));
  const opened = page.locator('article[aria-current="true"]');
  await expect(opened).toHaveAccessibleName(`Alarmanlage ${tag}`);
  await expect(opened).toBeFocused();
  await expect(page.getByTestId('wiki-entry')).toHaveCount(4);

  // Nothing found: a German empty state; Escape closes the dialog.
  await page.keyboard.press('Control+k');
  await box.fill(`zzqy${tag}`);
  await expect(page.getByTestId('search-status')).toHaveText(
    `Keine Treffer für „zzqy${tag}“. Prüfen Sie die Schreibweise oder suchen Sie nach einem Teil des Namens.`,
  );
  await expect(page.getByRole('option')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // On a phone: the icon in the top bar opens the search over the whole screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Suchen' }).click();
  await box.fill(tag);
  await expect(page.getByRole('group', { name: 'Kunden' }).getByRole('option')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: 'Kunden, Projekte, Rechnungen, Wiki und Zeiteinträge durchsuchen' });
}
