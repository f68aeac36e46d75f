import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser } from './fixtures/api';
import { WRITE_SCREENSHOTS } from './fixtures/screenshots';
import { createCustomer, createSentInvoice, isoDay, saveProviderSettings } from './quickbill-helpers';

/**
 * Decision 0421: at 390 px the "Stornorechnung · Versendet" badge on a Quickbill dashboard card
 * ran up to the card's edge. It now keeps the card's padding (wrapping if it must).
 */
test('Quickbill invoice cards keep their padding around a long status badge at 390 px', async ({ page, request }) => {
  const token = await adminToken(request);
  await saveProviderSettings(request, token, { contact_email: 'office@butler-services.at', bic: 'BKAUATWW' });
  const customer = await createCustomer(request, token, `Storno-${Date.now().toString(36).slice(-4)}`);
  const invoice = await createSentInvoice(request, token, customer.id, {
    invoiceDate: isoDay(0),
    dueDate: isoDay(14),
    price: 90,
    text: 'Fensterreinigung',
  });
  await apiCall(request, token, 'POST', `/api/quickbill/invoices/${invoice.id}/cancel`);

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdminInBrowser(page);
  // The invoice cards of this customer (the dashboard's recent list may be full of other
  // specs' newer invoices in the worker's portal).
  await page.goto(`/admin/quickbill/invoices?suche=${encodeURIComponent(customer.name)}`);
  const badge = page.getByText(/^Stornorechnung · /).first() /* its state depends on what was paid (decision 0580) */;
  await expect(badge).toBeVisible();
  await badge.scrollIntoViewIfNeeded();
  if (WRITE_SCREENSHOTS) await page.screenshot({ path: 'screenshots/quickbill-card-badge-phone.png' });
  const gaps = await badge.evaluate((el) => {
    const card = el.closest('.mantine-Card-root')!;
    const b = (el.closest('.mantine-Badge-root') ?? el).getBoundingClientRect();
    const c = card.getBoundingClientRect();
    return { right: c.right - b.right, left: b.left - c.left };
  });
  expect(gaps.right, JSON.stringify(gaps)).toBeGreaterThanOrEqual(12);
  expect(gaps.left).toBeGreaterThanOrEqual(12);
});
