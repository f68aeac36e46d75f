import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiCall, uniqueEmail } from './fixtures/api';
import { currentPortal } from './portals';

/** This worker's portal's DATA_DIR (e2e/portals.ts). */
export const DATA_DIR = currentPortal().dataDir;

/** A customer with a postal address (needed on invoices above € 400, § 11 UStG). */
export async function createCustomer(request: APIRequestContext, token: string, lastName: string) {
  return apiCall<{ id: number; name: string; email: string }>(request, token, 'POST', '/api/customers', {
    first_name: 'Hanna',
    last_name: lastName,
    email: uniqueEmail('rechnung'),
    password: 'Kunden-Passwort-123',
    street: 'Mariahilfer Straße 12',
    postal_code: '1070',
    city: 'Wien',
  });
}

/** The fictional provider's invoice settings (Quickbill refuses to issue without them). */
export async function saveProviderSettings(
  request: APIRequestContext,
  token: string,
  extra: Record<string, unknown> = {},
) {
  await apiCall(request, token, 'PUT', '/api/quickbill/settings', {
    company_name: 'Butler Services GmbH',
    street: 'Kärntner Straße 1',
    postal_code: '1010',
    city: 'Wien',
    uid: 'ATU12345678',
    iban: 'AT61 1904 3002 3457 3201',
    ...extra,
  });
}

/** A sent invoice created through the API (for cancel, overdue and bulk checks). */
export async function createSentInvoice(
  request: APIRequestContext,
  token: string,
  customerId: number,
  opts: { invoiceDate: string; dueDate: string; price: number; text: string },
) {
  const draft = await apiCall<{ id: number }>(request, token, 'POST', '/api/quickbill/invoices', {
    customer_id: customerId,
    invoice_date: opts.invoiceDate,
    due_date: opts.dueDate,
    items: [{ description: opts.text, quantity: 1, unit: 'Stk.', unit_price: opts.price, tax_rate: 20 }],
  });
  const sent = await apiCall<{ invoice_number: string }>(
    request,
    token,
    'POST',
    `/api/quickbill/invoices/${draft.id}/send`,
  );
  return { id: draft.id, number: sent.invoice_number };
}

/** '€ 1.234,50' → 1234.5 */
export function euro(text: string | null): number {
  const cleaned = (text ?? '')
    .replace(/[^\d,.-]/g, '')
    .replace(/\./g, '')
    .replace(',', '.');
  return Number(cleaned);
}

export async function tileValue(page: Page, testId: string) {
  const value = page.getByTestId(`${testId}-value`);
  await expect(value).toBeVisible();
  return euro(await value.textContent());
}

/** The newest .eml in DATA_DIR/outbox that was written after `since` (ms). */
export async function newestMail(since: number): Promise<string> {
  const outbox = path.join(DATA_DIR, 'outbox');
  let found: string | null = null;
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((f) => f.endsWith('.eml'))
            .map((f) => ({ f, t: fs.statSync(path.join(outbox, f)).mtimeMs }))
            .filter((x) => x.t >= since)
            .sort((a, b) => b.t - a.t)
        : [];
      found = files[0]?.f ?? null;
      return found;
    })
    .not.toBeNull();
  return fs.readFileSync(path.join(outbox, found as unknown as string), 'utf8');
}

/** Decodes the base64 body of the MIME part whose headers match `filenamePattern`. */
export function attachment(eml: string, filenamePattern: RegExp): Buffer | null {
  const parts = eml.split(/\r?\n--[^\r\n]+/);
  for (const part of parts) {
    const [headers, ...body] = part.split(/\r?\n\r?\n/);
    if (!filenamePattern.test(headers) || !/base64/i.test(headers)) continue;
    return Buffer.from(body.join('').replace(/\s+/g, ''), 'base64');
  }
  return null;
}

/** YYYY-MM-DD of today plus `days` in Vienna. */
export function isoDay(days: number) {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vienna' }).format(now);
}
