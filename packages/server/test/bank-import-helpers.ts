import type { ImportSummary } from '@butler/contract/bank-import';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices } from '../src/db/schema/index.js';
import type { TestContext } from './test-app.js';
import { multipart } from './wiki-helpers.js';

/** Uploads a bank file as staff do (multipart, field "file"). */
export function uploadBankFile(ctx: TestContext, token: string | undefined, name: string, content: string | Buffer) {
  return ctx.request({
    method: 'POST',
    url: '/api/bank-import/files',
    token,
    ...multipart([{ field: 'file', filename: name, content, contentType: 'application/xml' }]),
  });
}

export async function importOk(ctx: TestContext, token: string, name: string, content: string | Buffer) {
  const res = await uploadBankFile(ctx, token, name, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportSummary;
}

export async function invoiceRow(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** What is still open on an invoice, in cents, as the ledger says. */
export async function openCents(ctx: TestContext, id: number): Promise<bigint> {
  const row = await invoiceRow(ctx, id);
  if (row.status !== 'sent') return 0n;
  const cents = (v: string | null) => BigInt(Math.round(Number(v ?? '0') * 100));
  return cents(row.totalGross) - cents(row.paidAmount);
}
