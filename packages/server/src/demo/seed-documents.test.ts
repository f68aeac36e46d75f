import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import {
  customers,
  dunningBlocks,
  invoiceReminders,
  invoices,
  payments,
  products,
  sessions,
  wikiEntries,
  wikiFiles,
} from '../db/schema/index.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoDocuments } from './seed-documents.js';

let ctx: TestContext;
let line: string;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef' });
  await seedDemoData(ctx.db, { today });
  line = await seedDemoDocuments(ctx.app, ctx.db, today);
}, 120_000);

describe('seedDemoDocuments (decision 0420)', () => {
  it('creates products with both VAT rates', async () => {
    const rows = await ctx.db.select().from(products);
    expect(rows.length).toBe(5);
    expect(new Set(rows.map((p) => Number(p.taxRate)))).toEqual(new Set([10, 20]));
  });

  it('creates invoices in every state, a reminder and a Stornorechnung, issued ones numbered by date', async () => {
    const rows = await ctx.db.select().from(invoices);
    const kinds = rows.filter((r) => r.kind === 'invoice');
    const statuses = new Set(kinds.map((r) => r.status));
    expect(statuses).toEqual(new Set(['draft', 'sent', 'paid', 'cancelled']));
    const overdue = kinds.filter((r) => r.status === 'sent' && r.dueDate && r.dueDate < today);
    expect(overdue.length).toBeGreaterThanOrEqual(1);
    const reminders = await ctx.db.select().from(invoiceReminders);
    expect(reminders.length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.kind === 'credit_note').length).toBe(1);
    // ButlerPaket invoices of last month (issued) and of this month (drafts).
    const monthly = kinds.filter((r) => r.subscriptionId !== null);
    expect(monthly.some((r) => r.status === 'paid')).toBe(true);
    expect(monthly.some((r) => r.status === 'draft' && r.billingMonth === today.slice(0, 7))).toBe(true);
    const issued = rows
      .filter((r) => r.invoiceNumber && r.kind === 'invoice')
      .sort((a, b) => a.numberYear! - b.numberYear! || a.numberSequence! - b.numberSequence!);
    const dates = issued.map((r) => r.invoiceDate);
    expect(dates).toEqual([...dates].sort());
    expect(line).toMatch(/^Demo-Dokumente angelegt: 5 Produkte, \d+ Rechnungen/);
  });

  it('brings money back in: payments, a partial payment, credit, reminders at every level and a Mahnsperre (decision 0420)', async () => {
    const rows = await ctx.db.select().from(invoices);
    expect(rows.some((r) => r.status === 'sent' && Number(r.paidAmount ?? 0) > 0)).toBe(true);
    const ledger = await ctx.db.select().from(payments);
    expect(new Set(ledger.map((p) => p.method))).toEqual(new Set(['ueberweisung', 'bar']));
    const levels = (await ctx.db.select().from(invoiceReminders)).map((r) => r.level);
    expect(new Set(levels)).toEqual(new Set([1, 2, 3]));
    expect(await ctx.db.select().from(dunningBlocks)).toHaveLength(1);
    // An overpayment: one invoice received more than its total, the rest is the customer's credit.
    expect(rows.some((r) => Number(r.paidAmount ?? 0) > Number(r.totalGross))).toBe(true);
    // Maria Gruber, the demo login, has paid, partly paid and open invoices.
    const [maria] = await ctx.db.select().from(customers).where(eq(customers.email, 'maria.gruber@example.at'));
    const hers = rows.filter((r) => r.customerId === maria.id && r.kind === 'invoice' && r.invoiceNumber);
    expect(hers.some((r) => r.status === 'paid')).toBe(true);
    expect(hers.some((r) => r.status === 'sent' && Number(r.paidAmount ?? 0) > 0)).toBe(true);
    expect(hers.some((r) => r.status === 'sent' && r.paidAmount === null)).toBe(true);
  });

  it('creates encrypted password entries and a wiki file, and leaves no session behind', async () => {
    const secrets = await ctx.db.select().from(wikiEntries).where(eq(wikiEntries.isPasswordEntry, true));
    // Three in "Passwörter", two in "Haustechnik" (the one a Butler may reveal, decision 0540).
    expect(secrets.length).toBe(5);
    expect(secrets.every((e) => e.content === null && e.encryptedContent !== null)).toBe(true);
    const files = await ctx.db.select().from(wikiFiles);
    expect(files.map((f) => [f.originalFilename, f.mimeType])).toEqual([
      ['Versicherungsübersicht.pdf', 'application/pdf'],
    ]);
    expect(await ctx.db.select().from(sessions)).toEqual([]);
  });
});
