import { todayInVienna } from '@butler/contract/format';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import {
  bankEntries,
  customers,
  directDebitRuns,
  invoiceItems,
  invoices,
  projects,
  statementDocuments,
} from '../db/schema/index.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoDocuments } from './seed-documents.js';
import { seedDemoSepa } from './seed-sepa.js';
import { seedDemoStatements } from './seed-statements.js';

/** The whole `npm run demo` in the order main.ts runs it: every state the screens know (decision 0775). */

let ctx: TestContext;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chefin' });
  await seedDemoData(ctx.db, { today });
  await seedDemoDocuments(ctx.app, ctx.db, today);
  await seedDemoSepa(ctx.app, ctx.db, today);
  await seedDemoStatements(ctx.db, ctx.env, today);
}, 240_000);

describe('the demo after all its parts', () => {
  it('numbers every issued invoice in date order, with one invoice per ButlerPaket and month and German hours', async () => {
    const rows = await ctx.db.select().from(invoices).where(isNotNull(invoices.invoiceNumber));
    const issued = rows.sort((a, b) => a.numberYear! - b.numberYear! || a.numberSequence! - b.numberSequence!);
    const dates = issued.map((r) => r.invoiceDate);
    expect(dates).toEqual([...dates].sort());
    const live = rows.filter((r) => r.kind === 'invoice' && r.status !== 'cancelled' && r.subscriptionId !== null);
    const months = live.map((r) => `${r.subscriptionId}|${r.billingMonth}`);
    expect(live.every((r) => r.billingMonth !== null)).toBe(true);
    expect(new Set(months).size).toBe(months.length);
    const lines = await ctx.db.select({ description: invoiceItems.description }).from(invoiceItems);
    expect(lines.filter((l) => /\d\.\d+ h\b/.test(l.description))).toEqual([]);
  });

  it('keeps every invoice state: draft, sent, partly paid, paid, overdue with reminders, cancelled and its Stornorechnung, credit', async () => {
    const rows = await ctx.db.select().from(invoices);
    const kinds = rows.filter((r) => r.kind === 'invoice');
    const paid = (r: (typeof rows)[number]) => Number(r.paidAmount ?? 0);
    expect(new Set(kinds.map((r) => r.status))).toEqual(new Set(['draft', 'sent', 'paid', 'cancelled']));
    expect(kinds.some((r) => r.status === 'sent' && paid(r) > 0 && paid(r) < Number(r.totalGross))).toBe(true);
    expect(kinds.some((r) => r.status === 'sent' && r.dueDate < today && r.reminderLevel > 0)).toBe(true);
    expect(kinds.some((r) => paid(r) > Number(r.totalGross))).toBe(true);
    expect(rows.some((r) => r.kind === 'credit_note')).toBe(true);
  });

  it('has a Lastschrift run and bank entries that are matched, suggested and unassigned', async () => {
    expect((await ctx.db.select().from(directDebitRuns)).length).toBeGreaterThanOrEqual(1);
    const states = new Set((await ctx.db.select().from(bankEntries)).map((e) => e.matchState));
    for (const state of ['matched', 'suggested', 'unassigned']) expect(states).toContain(state);
  });

  it('shows Maria Gruber a Monatsübersicht as sent and its correction, and the Butler a customer with two projects', async () => {
    const [maria] = await ctx.db.select().from(customers).where(eq(customers.email, 'maria.gruber@example.at'));
    const docs = await ctx.db
      .select()
      .from(statementDocuments)
      .where(and(eq(statementDocuments.customerId, maria.id)));
    expect(docs.map((d) => d.version).sort()).toEqual([0, 1]);
    expect(JSON.stringify(docs.find((d) => d.version === 1)?.changes)).toContain('nachgetragen');
    const hers = await ctx.db.select().from(projects).where(eq(projects.customerId, maria.id));
    expect(hers.length).toBeGreaterThanOrEqual(2);
  });
});
