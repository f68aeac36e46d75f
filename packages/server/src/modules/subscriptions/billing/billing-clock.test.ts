import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, buildSubscription } from '../../../../test/factories.js';
import { issuedInvoice } from '../../../../test/ledger-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { billingSettings, invoiceReminders, invoices, subscriptionBillingMonths } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { runReminders } from '../../quickbill/reminders/reminders.jobs.js';
import { createBillingCommands } from './billing.service.js';
import { billDuePeriods } from './period-billing.service.js';

/**
 * The billing jobs' tests (decision 0581) with a controlled clock: the day is the job's slot, never the machine's
 * clock. Two "workers" run every day in parallel; some days the portal is down (no run).
 */

let ctx: TestContext;
const SYSTEM = { userType: 'system' as const, displayName: 'Test' };

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db);
  await ctx.db.insert(billingSettings).values({ id: 1 }).onConflictDoNothing();
});

function* days(from: string, to: string) {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}

describe('subscription billing over 14 months', () => {
  it('bills every period exactly once with two workers, downtime and a skipped period', async () => {
    const c = await buildCustomer(ctx.db, { street: 'Hauptstraße 1', postalCode: '1010', city: 'Wien' });
    const monthly = await buildSubscription(ctx.db, c.id, {
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      durationMonths: 12,
      billingStartsOn: null,
    });
    const quarterly = await buildSubscription(ctx.db, c.id, {
      startDate: '2027-01-15',
      endDate: '2028-01-14',
      durationMonths: 12,
      billingInterval: 'quarterly',
      monthlyPrice: '300',
    });
    // "Diesen Zeitraum aussetzen" for March 2027 before the clock gets there.
    const commands = createBillingCommands(ctx.db, () => '2026-11-20');
    await commands.skip(SYSTEM, monthly.id, '2027-03-01', 'Kunde auf Urlaub');

    const down = new Set([...days('2027-05-28', '2027-06-09')]); // the portal is down over the 1st of June
    for (const day of days('2026-11-25', '2028-01-31')) {
      if (down.has(day)) continue;
      await Promise.all([billDuePeriods(ctx.db, day, SYSTEM), billDuePeriods(ctx.db, day, SYSTEM)]);
    }

    const monthlyInvoices = await ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, monthly.id));
    const months = monthlyInvoices.map((i) => i.billingMonth).sort();
    expect(months).toEqual([
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
    ]);
    const dec = monthlyInvoices.find((i) => i.billingMonth === '2026-12')!;
    expect(dec).toMatchObject({ invoiceDate: '2026-12-01', status: 'draft', servicePeriodEnd: '2026-12-31' });
    // After the downtime the June invoice is created on the first day back.
    expect(monthlyInvoices.find((i) => i.billingMonth === '2027-06')!.invoiceDate).toBe('2027-06-10');
    const [line] = (await ctx.db.execute(sql`SELECT description FROM invoice_items WHERE invoice_id = ${dec.id}`))
      .rows as Array<{ description: string }>;
    expect(line.description).toBe('ButlerPaket Classic · Dezember 2026 · 10 h');

    const skipped = await ctx.db
      .select()
      .from(subscriptionBillingMonths)
      .where(eq(subscriptionBillingMonths.state, 'skipped'));
    expect(skipped.map((s) => [s.month, s.reason])).toEqual([['2027-03', 'Kunde auf Urlaub']]);

    const quarters = await ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, quarterly.id));
    expect(quarters.map((q) => [q.invoiceDate, q.totalNet]).sort()).toEqual([
      ['2027-01-15', '900.00'],
      ['2027-04-15', '900.00'],
      ['2027-07-15', '900.00'],
      ['2027-10-15', '900.00'],
    ]);
  }, 300_000);

  it('the manual run and the daily job never bill one month twice (parallel burst)', async () => {
    const c = await buildCustomer(ctx.db);
    const sub = await buildSubscription(ctx.db, c.id, {
      startDate: '2026-12-01',
      endDate: '2027-02-28',
      durationMonths: 3,
      billingStartsOn: null,
    });
    await Promise.all(Array.from({ length: 8 }, () => billDuePeriods(ctx.db, '2026-12-01', SYSTEM)));
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
    expect(rows).toHaveLength(1);
  });
});

describe('reminders over the controlled clock', () => {
  it('follow the levels, stop at payment and at a Mahnsperre, never twice per level', async () => {
    await ctx.db.update(billingSettings).set({ automaticReminders: true }).where(eq(billingSettings.id, 1));
    const c = await buildCustomer(ctx.db);
    const open = await issuedInvoice(ctx.db, c.id, '100.00', { invoiceDate: '2027-03-01', dueDate: '2027-03-15' });
    const paidLater = await issuedInvoice(ctx.db, c.id, '100.00', { invoiceDate: '2027-03-01', dueDate: '2027-03-15' });
    const blocked = await issuedInvoice(ctx.db, c.id, '100.00', { invoiceDate: '2027-03-01', dueDate: '2027-03-15' });
    await ctx.db.execute(
      sql`INSERT INTO dunning_blocks (invoice_id, reason, until, created_by) VALUES (${blocked.id}, 'Reklamation', '2027-12-31', 'Test')`,
    );
    const sentDays = new Map<number, string[]>();
    for (const day of days('2027-03-16', '2027-06-30')) {
      if (day === '2027-03-25') {
        await ctx.db.execute(sql`INSERT INTO payments (kind, customer_id, invoice_id, payment_date, amount, method, created_by)
          VALUES ('payment', ${c.id}, ${paidLater.id}, '2027-03-25', 100, 'ueberweisung', 'Test')`);
      }
      await Promise.all([runReminders(ctx.db, day), runReminders(ctx.db, day)]);
    }
    const reminders = await ctx.db.select().from(invoiceReminders);
    for (const r of reminders) {
      const list = sentDays.get(r.invoiceId) ?? [];
      list.push(`${r.level}`);
      sentDays.set(r.invoiceId, list);
    }
    expect(sentDays.get(open.id)).toEqual(['1', '2', '3']);
    expect(sentDays.get(paidLater.id)).toEqual(['1']);
    expect(sentDays.get(blocked.id)).toBeUndefined();
    const levels = reminders.filter((r) => r.invoiceId === open.id).sort((a, b) => a.level - b.level);
    // Level 1: 7 days after 15 March; level 2: 14 days after level 1; level 3: 14 days after level 2.
    const viennaDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Vienna' });
    expect(levels.map((l) => l.fee)).toEqual(['0.00', '5.00', '15.00']);
    expect(levels.every((l) => l.pdfBlobId !== null)).toBe(true);
    expect(levels.map((l) => l.payBy)).toEqual(['2027-03-29', '2027-04-12', '2027-04-26']);
    void viennaDay;
  }, 300_000);
});
