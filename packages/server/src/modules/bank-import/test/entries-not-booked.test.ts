import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importOk, invoiceRow, openCents } from '../../../../test/bank-import-helpers.js';
import {
  configureDirectDebit,
  customerWithMandate,
  issuedSubscriptionInvoice,
} from '../../../../test/direct-debit-fixtures.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { createDraft, sendInvoice } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { bankEntries, directDebitItems, payments } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { todayVienna } from '../../../lib/clock.js';
import { camt053, camt054 } from '../camt/camt-writer.js';

/**
 * A booking that cannot be booked stays "nicht zugeordnet" with its reason and the rest of
 * the file imports (decision 0724); every amount is read exactly from the file's text
 * (decision 0725), so a float never books 100.005 as 100.00 or rounds a fee down.
 */
let ctx: TestContext;
let admin: string;
const today = todayVienna();
const de = (date: string) => date.split('-').reverse().join('.');
const entryOf = async (text: string) =>
  (
    await ctx.db
      .select()
      .from(bankEntries)
      .where(sql`${bankEntries.remittance} LIKE ${`%${text}%`}`)
  )[0];

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
  await configureDirectDebit(ctx, admin);
});

/** An issued invoice; net `unitPrice` plus 20 % VAT. */
async function openInvoice(lastName: string, unitPrice = 50) {
  const customer = await buildCustomer(ctx.db, { lastName, street: 'Gasse 1', postalCode: '1010', city: 'Wien' });
  const draft = await createDraft(ctx, admin, customer.id, {
    items: [{ description: 'Betreuung', quantity: 1, unit: 'h', unit_price: unitPrice, tax_rate: 20 }],
  });
  await sendInvoice(ctx, admin, draft.id);
  return invoiceRow(ctx, draft.id);
}

describe('a booking that cannot be booked', () => {
  it('is kept "nicht zugeordnet" with the reason, and the rest of the file imports', async () => {
    const c = await customerWithMandate(ctx, admin, 1);
    const invoice = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    const due = (await ctx.request({ method: 'GET', url: '/api/direct-debit/due', token: admin })).json();
    const on = due.items.find((i: { invoice_id: number }) => i.invoice_id === invoice.id).announced_on;
    const run = (
      await ctx.request({
        method: 'POST',
        url: '/api/direct-debit/runs',
        token: admin,
        payload: { collection_date: on, invoice_ids: [invoice.id] },
      })
    ).json();
    const paid = await openInvoice('Glatt');
    const yesterday = addDays(today, -1);

    const summary = await importOk(
      ctx,
      admin,
      'gemischt.xml',
      camt053('MIX-1', [
        [
          // Booked by the bank the day before the invoice's date: the ledger refuses that payment date.
          {
            direction: 'CRDT',
            date: yesterday,
            code: ['PMNT', 'RDDT', 'ESDD'],
            txs: [{ cents: 61357n, endToEndId: run.items[0].end_to_end_id, name: 'Kunde1 Groessl', text: 'zu frueh' }],
          },
          {
            direction: 'CRDT',
            date: today,
            bankRef: 'MIX-OK',
            txs: [{ cents: 6000n, name: 'Glatt Hans', reference: paid.paymentReference!, text: 'passt' }],
          },
        ],
      ]),
    );
    expect(summary).toMatchObject({ entries: 2, new_entries: 2, matched: 1, unassigned: 1 });
    const early = await entryOf('zu frueh');
    const reason = `Nicht gebucht: Das Zahlungsdatum darf nicht vor dem Rechnungsdatum liegen (Buchungstag ${de(yesterday)})`;
    expect(early).toMatchObject({ matchState: 'unassigned', kind: 'credit', bookingProblem: reason, paymentId: null });
    expect(summary.not_booked).toEqual([
      { entry_id: early.id, booking_date: yesterday, amount: 613.57, counterparty_name: 'Kunde1 Groessl', reason },
    ]);
    // Nothing of it was booked: the run item waits, the invoice is open; the other booking went through.
    const [item] = await ctx.db.select().from(directDebitItems).where(eq(directDebitItems.runId, run.id));
    expect(item.state).toBe('submitted');
    expect(await openCents(ctx, invoice.id)).toBe(61357n);
    expect((await invoiceRow(ctx, paid.id)).status).toBe('paid');
  });
});

describe('amounts from a bank file', () => {
  it('are exact: 100.005 is never booked as 100.00, five decimals of zeros are fine', async () => {
    const hundred = await openInvoice('Hundert', 83.33);
    const exact = await openInvoice('Genau', 0.25);
    expect([hundred.totalGross, exact.totalGross]).toEqual(['100.00', '0.30']);
    const content = camt053('EXACT-1', [
      [
        {
          direction: 'CRDT',
          date: today,
          bankRef: 'EX-1',
          txs: [{ cents: 10001n, name: 'Hundert Ida', reference: hundred.paymentReference!, text: 'dreistellig' }],
        },
        {
          direction: 'CRDT',
          date: today,
          bankRef: 'EX-2',
          txs: [{ cents: 30n, name: 'Genau Eva', reference: exact.paymentReference!, text: 'nullen' }],
        },
      ],
    ])
      .replaceAll('<Amt Ccy="EUR">100.01</Amt>', '<Amt Ccy="EUR">100.005</Amt>')
      .replaceAll('<Amt Ccy="EUR">0.30</Amt>', '<Amt Ccy="EUR">0.30000</Amt>');
    const summary = await importOk(ctx, admin, 'dezimal.xml', content);
    expect(summary).toMatchObject({ new_entries: 2, matched: 1, unassigned: 1 });
    expect(await entryOf('dreistellig')).toMatchObject({
      amount: '100.01',
      matchState: 'unassigned',
      bookingProblem: 'Nicht gebucht: Der Betrag 100.005 hat mehr als zwei Nachkommastellen; bitte mit der Bank klären',
    });
    expect(await openCents(ctx, hundred.id)).toBe(10000n);
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, hundred.id))).toEqual([]);
    expect((await invoiceRow(ctx, exact.id)).status).toBe('paid');
  });

  it('sum charges exactly and round them once, half up', async () => {
    const content = camt054('FEE-1', [
      {
        direction: 'DBIT',
        reversal: true,
        date: today,
        code: ['PMNT', 'RDDT', 'UPDD'],
        txs: [
          {
            cents: 2000n,
            endToEndId: 'UNBEKANNT-1',
            returnReason: 'AM04',
            charges: 350n,
            name: 'Gebuehr',
            text: 'gebuehr',
          },
        ],
      },
    ]).replace(
      '<TtlChrgsAndTaxAmt Ccy="EUR">3.50</TtlChrgsAndTaxAmt>',
      '<TtlChrgsAndTaxAmt Ccy="EUR">1.005</TtlChrgsAndTaxAmt>',
    );
    await importOk(ctx, admin, 'gebuehr.xml', content);
    // 1.005 * 100 is 100.49999… as a float; exactly it is 100.5 cents, half up 1.01.
    expect((await entryOf('gebuehr')).charges).toBe('1.01');
  });
});
