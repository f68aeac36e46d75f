import fs from 'node:fs/promises';
import path from 'node:path';
import { todayInVienna } from '@butler/contract/format';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import { addDays } from '../src/domain/calendar.js';
import type { TestContext } from './test-app.js';

export const today = () => todayInVienna();
export const daysAgo = (n: number) => addDays(today(), -n);

/** Complete invoice settings (letterhead, UID, bank) as a provider would enter them. */
export const PROVIDER = {
  company_name: 'Mein BUTLER e.U.',
  street: 'Mariahilfer Straße 12',
  postal_code: '1060',
  city: 'Wien',
  uid: 'ATU12345675',
  company_register: 'FN 123456a',
  company_court: 'Handelsgericht Wien',
  contact_email: 'office@meinbutler.at',
  iban: 'AT61 1904 3002 3457 3201',
  bic: 'BKAUATWW',
  bank_name: 'Bank Austria',
  payment_terms_days: 14,
};

export async function configureProvider(ctx: TestContext, token: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.request({
    method: 'PUT',
    url: '/api/quickbill/settings',
    token,
    payload: { ...PROVIDER, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const ITEMS = [
  { description: 'Haushaltsbetreuung Jänner', quantity: 10, unit: 'h', unit_price: 50, tax_rate: 20 },
  { description: 'Fahrtkosten', quantity: 1, unit: 'Pauschale', unit_price: 12.34, tax_rate: 10 },
];

export async function createDraft(
  ctx: TestContext,
  token: string,
  customerId: number,
  overrides: Record<string, unknown> = {},
) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/quickbill/invoices',
    token,
    payload: { customer_id: customerId, invoice_date: today(), items: ITEMS, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function sendInvoice(ctx: TestContext, token: string, id: number) {
  const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${id}/send`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { invoice_number: string; mail_id: number | null; mail_status: string };
}

/** Text of a PDF with whitespace (incl. no-break spaces) collapsed. */
export async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return result.text.replace(/[\s\u00a0]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Embedded files of a PDF by name (the Factur-X XML travels as 'factur-x.xml'). */
export async function pdfAttachments(data: Buffer): Promise<Record<string, string>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data) }).promise;
  const attachments = (await doc.getAttachments()) ?? {};
  await doc.destroy();
  return Object.fromEntries(
    Object.values(attachments).map((a: any) => [a.filename, Buffer.from(a.content).toString('utf8')]),
  );
}

/** The .eml files in DATA_DIR/outbox once every queued mail has been handed to the transport. */
export async function outboxMails(ctx: TestContext): Promise<string[]> {
  await ctx.runJobs();
  const dir = path.join(ctx.dataDir, 'outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.sort().map((f) => fs.readFile(path.join(dir, f), 'utf8')));
}
