import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { importOk, openCents } from '../../../../test/bank-import-helpers.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { bankEntries, invoices } from '../../../db/schema/index.js';
import { creditorReference } from '../../../domain/creditor-reference.js';
import { hundredthsToString } from '../../../domain/decimal.js';
import { todayVienna } from '../../../lib/clock.js';
import { camt053, type TestEntry } from '../camt/camt-writer.js';

/**
 * Statements generated from random invoices: full payments by RF reference or invoice
 * number, partial and over-payments, the same transfer twice, references with a typo,
 * strangers, files imported twice and overlapping, and credits the bank takes back. After
 * each step every invoice's open amount is compared with a calculation of its own: booked
 * at import only what names one invoice exactly with exactly its open amount; partial and
 * over-payments once staff confirm the suggestion; a returned credit no more.
 */
type Kind = 'full-rf' | 'full-number' | 'partial' | 'over' | 'typo' | 'stranger';
type Transfer = { target: number; kind: Kind; fraction: number; twice: boolean; returned: boolean };

const NAMES = ['Aigner', 'Berger', 'Czerny', 'Dolezal', 'Eder', 'Fuchs'];
const date = todayVienna();
let ctx: TestContext;
let admin: string;
let run = 0;
/** What the generated cases exercised, so the property cannot pass by testing nothing. */
const seen = { autoBooked: 0, confirmed: 0, reversed: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
});

/** Issued invoices written straight into the database (the ledger's triggers still derive their state). */
async function makeInvoices(grosses: bigint[]) {
  const made = [];
  for (const [i, gross] of grosses.entries()) {
    const customer = await buildCustomer(ctx.db, { lastName: `${NAMES[i]}${run}` });
    const number = `P${run}-${String(i + 1).padStart(4, '0')}`;
    const [row] = await ctx.db
      .insert(invoices)
      .values({
        customerId: customer.id,
        customerName: `${customer.firstName} ${NAMES[i]}${run}`,
        invoiceNumber: number,
        numberYear: 3000 + run,
        numberSequence: i + 1,
        invoiceDate: date,
        dueDate: date,
        status: 'sent',
        totalNet: hundredthsToString(gross),
        totalGross: hundredthsToString(gross),
        paymentReference: creditorReference(number),
        createdBy: 'test',
      })
      .returning();
    made.push({ ...row, lastName: `${NAMES[i]}${run}` });
  }
  return made;
}

/** One typo: the last two digits of the sequence swapped (or the last one changed). */
const typo = (number: string) => {
  const swapped = `${number.slice(0, -2)}${number.slice(-1)}${number.slice(-2, -1)}`;
  return swapped === number ? `${number.slice(0, -1)}${(Number(number.slice(-1)) + 1) % 10}` : swapped;
};

describe('statements from random invoices (property)', () => {
  it('every invoice ends with the open amount an independent calculation gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 500n, max: 150_000n }), { minLength: 2, maxLength: 4 }),
        fc.array(
          fc.record({
            target: fc.nat(),
            kind: fc.constantFrom<Kind>('full-rf', 'full-number', 'partial', 'over', 'typo', 'stranger'),
            fraction: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
            twice: fc.boolean(),
            returned: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 3 }),
        async (grosses, rawTransfers, fileCount) => {
          run += 1;
          const made = await makeInvoices(grosses);
          const transfers: Transfer[] = rawTransfers.map((t) => ({ ...t, target: t.target % made.length }));
          // The bookings as the bank lists them: a transfer made twice is two bookings.
          const bookings = transfers.flatMap((t, i) =>
            t.twice
              ? [
                  { t, i, copy: 0 },
                  { t, i, copy: 1 },
                ]
              : [{ t, i, copy: 0 }],
          );
          const amountOf = (t: Transfer) => {
            const gross = made[t.target].totalGross;
            const cents = BigInt(Math.round(Number(gross) * 100));
            if (t.kind === 'partial') return BigInt(Math.max(1, Math.floor(Number(cents) * t.fraction)));
            if (t.kind === 'over') return cents + BigInt(Math.max(1, Math.floor(Number(cents) * t.fraction)));
            if (t.kind === 'stranger') return 4_711n + BigInt(run);
            return cents;
          };
          const tag = (i: number, copy: number) => `T${run}x${i}x${copy}`;
          const entryOf = (b: (typeof bookings)[number]): TestEntry => {
            const invoice = made[b.t.target];
            const amount = amountOf(b.t);
            const name = b.t.kind === 'stranger' ? 'Hausverwaltung Nord' : `${invoice.lastName} Kunde`;
            const text =
              b.t.kind === 'full-number' || b.t.kind === 'over'
                ? `Rechnung ${invoice.invoiceNumber} ${tag(b.i, b.copy)}`
                : b.t.kind === 'typo'
                  ? `Rechnung ${typo(invoice.invoiceNumber!)} ${tag(b.i, b.copy)}`
                  : `Danke ${tag(b.i, b.copy)}`;
            const reference = b.t.kind === 'full-rf' || b.t.kind === 'partial' ? invoice.paymentReference! : undefined;
            return {
              direction: 'CRDT',
              date,
              bankRef: `B${tag(b.i, b.copy)}`,
              txs: [{ cents: amount, name, text, reference, endToEndId: `E${tag(b.i, b.copy)}` }],
            };
          };
          const entries = bookings.map(entryOf);

          // Import in `fileCount` files, the first one twice and a last one overlapping all of them.
          const size = Math.ceil(entries.length / fileCount);
          const files = Array.from({ length: fileCount }, (_, f) => entries.slice(f * size, (f + 1) * size)).filter(
            (e) => e.length > 0,
          );
          for (const [f, part] of files.entries())
            await importOk(ctx, admin, `p${run}-${f}.xml`, camt053(`P${run}-${f}`, [part]));
          expect((await importOk(ctx, admin, `p${run}-0.xml`, camt053(`P${run}-0`, [files[0]]))).duplicate).toBe(true);
          expect((await importOk(ctx, admin, `p${run}-all.xml`, camt053(`P${run}-all`, [entries]))).new_entries).toBe(
            0,
          );

          // The calculation of our own: booked at import only when it names one invoice exactly with its open amount.
          const open = made.map((m) => BigInt(Math.round(Number(m.totalGross) * 100)));
          const booked = new Map<string, bigint>();
          for (const b of bookings) {
            const amount = amountOf(b.t);
            const exact = b.t.kind === 'full-rf' || b.t.kind === 'full-number';
            if (exact && open[b.t.target] === amount) {
              open[b.t.target] = 0n;
              booked.set(tag(b.i, b.copy), amount);
              seen.autoBooked += 1;
            }
          }
          for (const [i, m] of made.entries())
            expect(await openCents(ctx, m.id), `after import, ${m.invoiceNumber}`).toBe(open[i]);

          // Staff confirm each suggestion that points at the invoice the payer meant.
          const rows = await ctx.db
            .select()
            .from(bankEntries)
            .where(sql`${bankEntries.remittance} LIKE ${`%T${run}x%`}`);
          const paid = made.map(() => 0n);
          for (const [key, amount] of booked) paid[bookings.find((b) => tag(b.i, b.copy) === key)!.t.target] += amount;
          for (const b of bookings) {
            const row = rows.find((r) => r.remittance.includes(tag(b.i, b.copy)))!;
            if (row.matchState !== 'suggested' || row.invoiceId !== made[b.t.target].id) continue;
            // What goes beyond the open amount becomes credit, booked only when accepted (decision 0726).
            const openNow = BigInt(Math.round(Number(made[b.t.target].totalGross) * 100)) - paid[b.t.target];
            const credit = amountOf(b.t) - (openNow > 0n ? openNow : 0n);
            const res = await ctx.request({
              method: 'POST',
              url: `/api/bank-entries/${row.id}/confirm`,
              token: admin,
              payload: { accept_credit: credit > 0n ? hundredthsToString(credit) : '0' },
            });
            expect(res.statusCode, res.body).toBe(200);
            booked.set(tag(b.i, b.copy), amountOf(b.t));
            paid[b.t.target] += amountOf(b.t);
            seen.confirmed += 1;
          }
          const expectedOpen = (i: number) => {
            const rest = BigInt(Math.round(Number(made[i].totalGross) * 100)) - paid[i];
            return rest > 0n ? rest : 0n;
          };
          for (const [i, m] of made.entries())
            expect(await openCents(ctx, m.id), `after confirming, ${m.invoiceNumber}`).toBe(expectedOpen(i));

          // The bank takes some credits back: booked ones are reversed, the others change nothing.
          const returns = bookings.filter((b) => b.t.returned && b.copy === 0);
          if (returns.length > 0) {
            const back: TestEntry[] = returns.map((b) => ({
              direction: 'DBIT',
              reversal: true,
              date,
              bankRef: `R${tag(b.i, b.copy)}`,
              txs: [
                {
                  cents: amountOf(b.t),
                  endToEndId: `E${tag(b.i, b.copy)}`,
                  name: 'Rueckbuchung',
                  text: 'Rueckbuchung',
                },
              ],
            }));
            await importOk(ctx, admin, `r${run}.xml`, camt053(`R${run}`, [back]));
            for (const b of returns) {
              const amount = booked.get(tag(b.i, b.copy));
              if (amount === undefined) continue;
              paid[b.t.target] -= amount;
              seen.reversed += 1;
            }
          }
          for (const [i, m] of made.entries())
            expect(await openCents(ctx, m.id), `after returns, ${m.invoiceNumber}`).toBe(expectedOpen(i));
        },
      ),
      { numRuns: 12, seed: 20261127 },
    );
    expect(seen.autoBooked).toBeGreaterThan(0);
    expect(seen.confirmed).toBeGreaterThan(0);
    expect(seen.reversed).toBeGreaterThan(0);
  }, 300_000);
});
