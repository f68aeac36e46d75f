import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Cell,
  cancelInvoice,
  commaCents,
  issueInvoice,
  ledgerEntry,
  readBack,
  reminder,
  saveChart,
} from '../../../test/booking-files-helpers.js';
import { buildCustomer } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { invoiceReminders, invoices, payments } from '../../db/schema/index.js';
import { divideRounded, hundredthsToString, toHundredths } from '../../domain/decimal.js';
import { bookingFilesForPeriod } from './booking-files.service.js';

/**
 * On random months of invoices at every VAT rate, Kleinunternehmer invoices, Stornos, partial
 * and removed payments, refunds, applied credit and reminders with fee and interest, the
 * booking files of decision 0820 add up to the invoice journal, the payments journal and the
 * open items at the period's end, each computed here from the raw table rows (not through the
 * collector), and every record keeps the field rules of its format.
 */

let ctx: TestContext;
const OCTOBER = { start: '2026-10-01', end: '2026-10-31', label: '2026-10' };
const REVENUE = ['4000', '4013', '4010', '4020', '4030'];
const MONEY = ['2800', '2700'];

beforeAll(async () => {
  ctx = await createTestContext();
});

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const dayOf = (offset: number) => addDays(OCTOBER.start, offset);
const inPeriod = (date: string) => date >= OCTOBER.start && date <= OCTOBER.end;

const lineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 5 }).map(String),
  unitPrice: fc.integer({ min: 1, max: 30_000 }).map((c) => hundredthsToString(BigInt(c))),
  taxRate: fc.constantFrom(20 as const, 13 as const, 10 as const, 0 as const),
});
const invoiceArb = fc.record({
  customer: fc.nat(2),
  day: fc.integer({ min: -15, max: 45 }),
  small: fc.boolean(),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  cancelAfter: fc.option(fc.integer({ min: 0, max: 30 }), { freq: 3 }),
});
const paymentArb = fc.record({
  inv: fc.nat(),
  after: fc.integer({ min: 0, max: 20 }),
  percent: fc.integer({ min: 1, max: 120 }),
  bar: fc.boolean(),
  reverseAfter: fc.option(fc.integer({ min: 0, max: 10 }), { freq: 3 }),
});
const scenarioArb = fc.record({
  perCustomer: fc.boolean(),
  invoices: fc.array(invoiceArb, { minLength: 1, maxLength: 6 }),
  payments: fc.array(paymentArb, { maxLength: 8 }),
  refunds: fc.array(
    fc.record({
      customer: fc.nat(2),
      day: fc.integer({ min: -5, max: 40 }),
      cents: fc.integer({ min: 1, max: 5_000 }),
    }),
    { maxLength: 2 },
  ),
  applied: fc.array(
    fc.record({ inv: fc.nat(), after: fc.integer({ min: 0, max: 20 }), cents: fc.integer({ min: 1, max: 5_000 }) }),
    { maxLength: 2 },
  ),
  reminders: fc.array(
    fc.record({
      inv: fc.nat(),
      after: fc.integer({ min: 1, max: 30 }),
      fee: fc.integer({ min: 0, max: 1_000 }),
      interest: fc.integer({ min: 0, max: 500 }),
    }),
    { maxLength: 3 },
  ),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

async function write(scenario: Scenario) {
  const people = [
    await buildCustomer(ctx.db, { firstName: 'Jürgen', lastName: 'Öztürk-Ächter' }),
    await buildCustomer(ctx.db, { firstName: 'Anna', lastName: 'Auer' }),
    await buildCustomer(ctx.db, { firstName: 'Zoë', lastName: 'Łukasiewicz' }),
  ];
  const nameOf = (i: number) => `${people[i].firstName} ${people[i].lastName}`;
  const issued: { id: number; date: string; gross: bigint; customer: number }[] = [];
  for (const inv of scenario.invoices) {
    const row = await issueInvoice(ctx.db, {
      customerId: people[inv.customer].id,
      customerName: nameOf(inv.customer),
      date: dayOf(inv.day),
      smallBusiness: inv.small,
      lines: inv.lines,
    });
    issued.push({ id: row.id, date: row.invoiceDate, gross: toHundredths(row.totalGross), customer: inv.customer });
    if (inv.cancelAfter !== null) await cancelInvoice(ctx.db, row.id, addDays(row.invoiceDate, inv.cancelAfter));
  }
  for (const p of scenario.payments) {
    const inv = issued[p.inv % issued.length];
    const cents = divideRounded(inv.gross * BigInt(p.percent), 100n);
    if (cents <= 0n) continue;
    const entry = await ledgerEntry(ctx.db, {
      kind: 'payment',
      customerId: people[inv.customer].id,
      invoiceId: inv.id,
      date: addDays(inv.date, p.after),
      amount: hundredthsToString(cents),
      method: p.bar ? 'bar' : 'ueberweisung',
    });
    if (p.reverseAfter !== null) {
      await ledgerEntry(ctx.db, {
        kind: 'reversal',
        customerId: people[inv.customer].id,
        reversesId: entry.id,
        date: addDays(entry.paymentDate, p.reverseAfter),
        amount: entry.amount,
      });
    }
  }
  for (const r of scenario.refunds) {
    await ledgerEntry(ctx.db, {
      kind: 'refund',
      customerId: people[r.customer].id,
      date: dayOf(r.day),
      amount: hundredthsToString(BigInt(r.cents)),
      method: 'ueberweisung',
    });
  }
  for (const a of scenario.applied) {
    const inv = issued[a.inv % issued.length];
    await ledgerEntry(ctx.db, {
      kind: 'credit_applied',
      customerId: people[inv.customer].id,
      invoiceId: inv.id,
      date: addDays(inv.date, a.after),
      amount: hundredthsToString(BigInt(a.cents)),
    });
  }
  const levels = new Map<number, number>();
  for (const m of scenario.reminders) {
    const inv = issued[m.inv % issued.length];
    const level = (levels.get(inv.id) ?? 0) + 1;
    if (level > 3) continue;
    levels.set(inv.id, level);
    await reminder(ctx.db, {
      invoiceId: inv.id,
      level,
      letterDate: addDays(inv.date, m.after),
      fee: hundredthsToString(BigInt(m.fee)),
      interest: hundredthsToString(BigInt(m.interest)),
    });
  }
}

/** The three journals from the raw rows of every invoice, ledger entry and reminder in the database. */
async function journals() {
  const allInvoices = await ctx.db.select().from(invoices);
  const entries = await ctx.db.select().from(payments);
  const reminders = await ctx.db.select().from(invoiceReminders);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const cents = toHundredths;
  const invoicesGross = allInvoices
    .filter((i) => i.status !== 'draft' && inPeriod(i.invoiceDate))
    .reduce((a, i) => a + cents(i.totalGross), 0n);
  let paymentsNet = 0n;
  for (const e of entries.filter((x) => inPeriod(x.paymentDate))) {
    const kind = e.kind === 'reversal' ? byId.get(e.reversesId!)!.kind : e.kind;
    const sign = e.kind === 'reversal' ? -1n : 1n;
    if (kind === 'payment') paymentsNet += sign * cents(e.amount);
    if (kind === 'refund') paymentsNet -= sign * cents(e.amount);
  }
  const end = OCTOBER.end;
  let openAtEnd = 0n;
  for (const i of allInvoices) {
    if (i.kind !== 'invoice' || i.status === 'draft' || i.invoiceDate > end) continue;
    if (allInvoices.some((c) => c.creditNoteForId === i.id && c.invoiceDate <= end)) continue;
    const received = entries
      .filter((e) => e.invoiceId === i.id && (e.kind === 'payment' || e.kind === 'credit_applied'))
      .filter((e) => e.paymentDate <= end)
      .filter((e) => !entries.some((r) => r.reversesId === e.id && r.paymentDate <= end))
      .reduce((a, e) => a + cents(e.amount), 0n);
    const open = cents(i.totalGross) - received;
    if (open > 0n) openAtEnd += open;
  }
  const feesAndInterest = reminders
    .filter((r) => r.letterDate !== null && inPeriod(r.letterDate))
    .reduce((a, r) => a + cents(r.fee) + cents(r.interest), 0n);
  return { invoicesGross, paymentsNet, openAtEnd, feesAndInterest };
}

const values = (row: Cell[]) => row.map((c) => c.value);

function checkBmdRecord(r: string[], perCustomer: boolean) {
  expect(r).toHaveLength(13);
  expect(r[0]).toBe('0');
  for (const account of [r[1], r[2]]) expect(account).toMatch(perCustomer ? /^\d{4,5}$/ : /^\d{4}$/);
  expect(r[3].length).toBeGreaterThan(0);
  expect(r[4]).toMatch(/^(0[1-9]|[12]\d|3[01])\.10\.2026$/);
  expect(['AR', 'BK', 'KA', 'UM']).toContain(r[5]);
  expect(['1', '2']).toContain(r[6]);
  expect(['', '20', '13', '10']).toContain(r[7]);
  expect(r[8]).toBe(r[7] === '' ? '' : '1');
  commaCents(r[9]);
  if (r[7] === '') expect(r[10]).toBe('');
  else commaCents(r[10]);
  expect(r[11].length).toBeLessThanOrEqual(60);
}

function checkDatevRecord(row: Cell[]) {
  expect(row).toHaveLength(125);
  const v = values(row);
  expect(v[0]).toMatch(/^\d{1,10},\d{2}$/);
  expect(commaCents(v[0]) > 0n).toBe(true);
  expect(['S', 'H']).toContain(v[1]);
  expect(v[2]).toBe('EUR');
  for (const account of [v[6], v[7]]) expect(account).toMatch(/^[1-9]\d{0,4}$/);
  expect(v[9]).toMatch(/^(0[1-9]|[12]\d|3[01])10$/);
  expect(v[10]).toMatch(/^[A-Za-z0-9$&%*+\-/_]{1,36}$/);
  expect(v[11].length).toBeLessThanOrEqual(12);
  expect(v[13].length).toBeLessThanOrEqual(60);
  expect([1, 2, 8, 10, 11, 13].every((i) => row[i].quoted)).toBe(true);
}

describe('booking files on random months (fast-check)', () => {
  it('add up to the invoice journal, the payments journal and the open items at the end', async () => {
    await saveChart(ctx.db, { datevConsultantNumber: 29098, datevClientNumber: 10001 });
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        await saveChart(ctx.db, {
          receivablesMode: scenario.perCustomer ? 'per_customer' : 'collective',
          customerAccountStart: 10000,
          customerAccountEnd: 99999,
        });
        await write(scenario);
        const expected = await journals();
        const { files, totals } = await bookingFilesForPeriod(ctx.db, OCTOBER, ['bmd', 'datev']);
        expect(totals).toEqual({
          invoicesGross: hundredthsToString(expected.invoicesGross),
          paymentsNet: hundredthsToString(expected.paymentsNet),
          openItemsAtEnd: hundredthsToString(expected.openAtEnd),
        });

        const bmd = readBack(files[0].bytes).slice(1).map(values);
        const signedBmd = (r: string[]) => (r[6] === '1' ? 1n : -1n) * commaCents(r[9]);
        let revenue = 0n;
        let money = 0n;
        let fees = 0n;
        for (const r of bmd) {
          checkBmdRecord(r, scenario.perCustomer);
          if (REVENUE.includes(r[2])) revenue += signedBmd(r);
          if (MONEY.includes(r[1])) money += signedBmd(r);
          if (r[2] === '4880' || r[2] === '8100') fees += signedBmd(r);
          if (r[7] !== '') {
            // VAT seen from konto in Soll is negative; it is the rate's share of the net.
            const gross = signedBmd(r);
            const vat = -(r[6] === '1' ? 1n : -1n) * commaCents(r[10]);
            expect(vat).toBe(divideRounded((gross - vat) * BigInt(r[7]), 100n));
          }
        }
        expect(revenue).toBe(expected.invoicesGross);
        expect(money).toBe(expected.paymentsNet);
        expect(fees).toBe(expected.feesAndInterest);

        const [header, headings, ...datev] = readBack(files[1].bytes);
        expect(header).toHaveLength(31);
        expect(values(header).slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13']);
        expect(values(header).slice(10, 16)).toEqual(['29098', '10001', '20260101', '4', '20261001', '20261031']);
        expect(headings).toHaveLength(125);
        expect(datev).toHaveLength(bmd.length);
        let datevRevenue = 0n;
        let datevMoney = 0n;
        for (const row of datev) {
          checkDatevRecord(row);
          const v = values(row);
          const signed = (v[1] === 'S' ? 1n : -1n) * commaCents(v[0]);
          if (REVENUE.includes(v[7])) datevRevenue += signed;
          if (MONEY.includes(v[6])) datevMoney += signed;
        }
        expect(datevRevenue).toBe(expected.invoicesGross);
        expect(datevMoney).toBe(expected.paymentsNet);
      }),
      { numRuns: 12 },
    );
  });
});
