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
import { bankEntries, directDebitItems, mailOutbox, payments, sepaMandates } from '../../../db/schema/index.js';
import { todayVienna } from '../../../lib/clock.js';
import { camt053, camt054, type TestEntry } from '../camt/camt-writer.js';
import { mailReturnsDigest } from '../returns-digest.job.js';

let ctx: TestContext;
let admin: string;
let staffName: string;
const date = todayVienna();
let n = 0;
const statement = (entries: TestEntry[]) => camt053(`M-${++n}`, [entries]);
const credit = (cents: bigint, tx: Partial<TestEntry['txs'][number]>): TestEntry => ({
  direction: 'CRDT',
  date,
  bankRef: `REF-${++n}`,
  txs: [{ cents, ...tx }],
});

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db, { email: 'buero@meinbutler.at', name: 'Büro' });
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
  // Bookings and resolutions carry the person's display name (decision 0622).
  staffName = staff.name;
  await configureDirectDebit(ctx, admin);
});

async function openInvoice(lastName: string) {
  const customer = await buildCustomer(ctx.db, { lastName, street: 'Gasse 1', postalCode: '1010', city: 'Wien' });
  const draft = await createDraft(ctx, admin, customer.id);
  await sendInvoice(ctx, admin, draft.id);
  return invoiceRow(ctx, draft.id);
}
const entryOf = async (remittancePart: string) =>
  (
    await ctx.db
      .select()
      .from(bankEntries)
      .where(sql`${bankEntries.remittance} LIKE ${`%${remittancePart}%`}`)
  )[0];
const post = (url: string, payload?: unknown) =>
  ctx.request({ method: 'POST', url, token: admin, payload: payload as any });

describe('matching credits', () => {
  it('books at once when RF reference, amount and payer fit', async () => {
    const invoice = await openInvoice('Exakt');
    const summary = await importOk(
      ctx,
      admin,
      'a.xml',
      statement([credit(61357n, { name: 'EXAKT MARIA', reference: invoice.paymentReference!, text: 'exakt-1' })]),
    );
    expect(summary).toMatchObject({ matched: 1, suggested: 0 });
    expect((await invoiceRow(ctx, invoice.id)).status).toBe('paid');
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(payment).toMatchObject({
      kind: 'payment',
      source: 'bank_import',
      method: 'ueberweisung',
      amount: '613.57',
      paymentDate: date,
    });
    // The same customer pays the same invoice a second time: not booked again.
    const again = await importOk(
      ctx,
      admin,
      'b.xml',
      statement([credit(61357n, { name: 'EXAKT MARIA', reference: invoice.paymentReference!, text: 'exakt-2' })]),
    );
    expect(again.matched).toBe(0);
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
  });

  it('suggests a partial payment, books it with one click, and only once under a burst of clicks', async () => {
    const invoice = await openInvoice('Teil');
    await importOk(
      ctx,
      admin,
      'c.xml',
      statement([credit(20000n, { name: 'Teil Franz', reference: invoice.paymentReference!, text: 'teil-1' })]),
    );
    const entry = await entryOf('teil-1');
    expect(entry).toMatchObject({ matchState: 'suggested', invoiceId: invoice.id });
    expect(entry.matchNote).toMatch(/Teilzahlung: € 200,00 von € 613,57 offen$/);
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => post(`/api/bank-entries/${entry.id}/confirm`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(burst.find((r) => r.statusCode === 409)!.json().error).toBe('Diese Buchung ist bereits zugeordnet');
    expect(await openCents(ctx, invoice.id)).toBe(41357n);
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
  });

  it('suggests an overpayment; confirmed, the rest becomes credit', async () => {
    const invoice = await openInvoice('Ueber');
    await importOk(
      ctx,
      admin,
      'd.xml',
      statement([credit(70000n, { name: 'Über Anna', text: `Rechnung ${invoice.invoiceNumber} ueber-1` })]),
    );
    const entry = await entryOf('ueber-1');
    expect(entry.matchNote).toMatch(
      /^Rechnungsnummer .*; Überzahlung: € 700,00 statt € 613,57 \(€ 86,43 werden Guthaben\)$/,
    );
    // The credit is booked only when staff accept exactly it (decision 0726).
    const unaccepted = await post(`/api/bank-entries/${entry.id}/confirm`);
    expect(unaccepted.statusCode).toBe(409);
    expect(unaccepted.json().error).toMatch(/ist nur noch mit €\s613,57 offen: €\s86,43 würden Guthaben von /);
    const accepted = await ctx.request({
      method: 'POST',
      url: `/api/bank-entries/${entry.id}/confirm`,
      token: admin,
      payload: { accept_credit: 86.43 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await invoiceRow(ctx, invoice.id)).status).toBe('paid');
    const account = await ctx.request({
      method: 'GET',
      url: `/api/quickbill/customers/${invoice.customerId}/account`,
      token: admin,
    });
    expect(account.json().credit).toBe(86.43);
  });

  it('suggests a reference with a typo but never books it; staff assign it by hand', async () => {
    const invoice = await openInvoice('Tippfehler');
    const [year, seq] = invoice.invoiceNumber!.split('-');
    const typo = `${year}-${seq.slice(0, -2)}${seq.slice(-1)}${seq.slice(-2, -1)}`;
    await importOk(
      ctx,
      admin,
      'e.xml',
      statement([credit(61357n, { name: 'Tippfehler Karl', text: `RE ${typo} typo-1` })]),
    );
    const entry = await entryOf('typo-1');
    expect(entry.matchState).not.toBe('matched');
    expect(await openCents(ctx, invoice.id)).toBe(61357n);
    const assigned = await post(`/api/bank-entries/${entry.id}/assign`, { invoice_id: invoice.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      match_state: 'matched',
      invoice_number: invoice.invoiceNumber,
      resolved_by: staffName,
    });
    expect(await openCents(ctx, invoice.id)).toBe(0n);
  });

  it('leaves the rest "nicht zugeordnet", lists it with filter and counts, and sets it aside with a reason', async () => {
    await importOk(ctx, admin, 'f.xml', statement([credit(4242n, { name: 'Fremde Firma', text: 'Miete rest-1' })]));
    const entry = await entryOf('rest-1');
    expect(entry.matchState).toBe('unassigned');
    const list = await ctx.request({
      method: 'GET',
      url: '/api/bank-entries?state=unassigned&search=rest-1',
      token: admin,
    });
    expect(list.json().items.map((e: { id: number }) => e.id)).toEqual([entry.id]);
    expect(list.json().counts.unassigned).toBe(1);
    const ignored = await post(`/api/bank-entries/${entry.id}/ignore`, { note: 'Privat' });
    expect(ignored.json()).toMatchObject({ match_state: 'ignored', note: 'Privat' });
    expect((await post(`/api/bank-entries/${entry.id}/ignore`, { note: '' })).statusCode).toBe(400);
  });
});

describe('direct debits in the statement', () => {
  it('collection confirms the run, a camt.054 MD06 return reopens the invoice with reason and fee, staff get one digest', async () => {
    const a = await customerWithMandate(ctx, admin, 21);
    const b = await customerWithMandate(ctx, admin, 22);
    const invoiceA = (await issuedSubscriptionInvoice(ctx, admin, a.customer.id, a.subscription.id)).invoice;
    const invoiceB = (await issuedSubscriptionInvoice(ctx, admin, b.customer.id, b.subscription.id)).invoice;
    const due = (await ctx.request({ method: 'GET', url: '/api/direct-debit/due', token: admin })).json();
    const collectionDate = due.items.find((i: { invoice_id: number }) => i.invoice_id === invoiceA.id).announced_on;
    const run = (
      await post('/api/direct-debit/runs', { collection_date: collectionDate, invoice_ids: [invoiceA.id, invoiceB.id] })
    ).json();
    const [itemA, itemB] = run.items;

    const collected = await importOk(
      ctx,
      admin,
      'einzug.xml',
      statement([
        {
          direction: 'CRDT',
          date,
          code: ['PMNT', 'RDDT', 'ESDD'],
          batchPaymentInfoId: `${run.message_id}-CORE-FRST`,
          txs: [
            { cents: 61357n, endToEndId: itemA.end_to_end_id, name: 'Kunde21 Groessl' },
            { cents: 61357n, endToEndId: itemB.end_to_end_id, name: 'Kunde22 Groessl' },
          ],
        },
      ]),
    );
    expect(collected.matched).toBe(2);
    for (const id of [invoiceA.id, invoiceB.id]) expect((await invoiceRow(ctx, id)).status).toBe('paid');
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceA.id));
    expect(payment).toMatchObject({ method: 'lastschrift', source: 'direct_debit', reference: itemA.end_to_end_id });

    const returned = await importOk(
      ctx,
      admin,
      'ruecklastschrift.xml',
      camt054('R-1', [
        {
          direction: 'DBIT',
          reversal: true,
          date,
          code: ['PMNT', 'RDDT', 'UPDD'],
          txs: [
            {
              cents: 61357n,
              endToEndId: itemA.end_to_end_id,
              returnReason: 'MD06',
              charges: 350n,
              name: 'Kunde21 Groessl',
            },
          ],
        },
        {
          direction: 'DBIT',
          reversal: true,
          date,
          code: ['PMNT', 'RDDT', 'UPDD'],
          txs: [{ cents: 61357n, endToEndId: itemB.end_to_end_id, returnReason: 'AC04', name: 'Kunde22 Groessl' }],
        },
      ]),
    );
    expect(returned.returns).toBe(2);
    expect(await openCents(ctx, invoiceA.id)).toBe(61357n);
    expect(await openCents(ctx, invoiceB.id)).toBe(61357n);
    const [reversal] = await ctx.db.select().from(payments).where(eq(payments.reversesId, payment.id));
    expect(reversal).toMatchObject({
      kind: 'reversal',
      fee: '3.50',
      reason: 'Rücklastschrift: MD06 – Widerspruch: Erstattung auf Wunsch des Zahlungspflichtigen',
    });
    const items = await ctx.db.select().from(directDebitItems).where(eq(directDebitItems.runId, run.id));
    expect(items.map((i) => [i.state, i.returnReason, i.returnFee])).toEqual([
      ['returned', 'MD06 – Widerspruch: Erstattung auf Wunsch des Zahlungspflichtigen', '3.50'],
      ['returned', 'AC04 – Konto erloschen', null],
    ]);
    // AC04 (account closed) ends B's mandate; MD06 leaves A's active.
    const mandates = await ctx.db
      .select()
      .from(sepaMandates)
      .where(sql`${sepaMandates.id} IN (${a.mandateId}, ${b.mandateId})`)
      .orderBy(sepaMandates.id);
    expect(mandates.map((m) => [m.status, m.statusReason])).toEqual([
      ['active', null],
      ['closed', 'AC04 – Konto erloschen'],
    ]);
    // The invoices are due again (A by its mandate; B has none left).
    const dueAgain = (
      await ctx.request({ method: 'GET', url: `/api/direct-debit/due?collection_date=${collectionDate}`, token: admin })
    ).json();
    const again = Object.fromEntries(
      dueAgain.items.map((i: { invoice_id: number; blocked: string | null }) => [i.invoice_id, i.blocked]),
    );
    expect(again[invoiceA.id]).toBeNull();
    expect(again[invoiceB.id]).toBe('Kein aktives SEPA-Mandat');

    // Staff digest: both returns, once.
    expect(await mailReturnsDigest(ctx.db, ctx.env, date)).toEqual({ returns: 2, mails: 1 });
    expect(await mailReturnsDigest(ctx.db, ctx.env, date)).toEqual({ returns: 0, mails: 0 });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'direct-debit-returns'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'buero@meinbutler.at',
      subject: `Rücklastschriften: 2 Lastschriften zurückgekommen (${date.split('-').reverse().join('.')})`,
    });
    expect(mails[0].textBody.replace(/\u00a0/g, ' ')).toContain(
      `Kunde21 Größl, Rechnung ${invoiceA.invoiceNumber}, € 613,57: MD06 – Widerspruch: Erstattung auf Wunsch des Zahlungspflichtigen (Gebühr € 3,50)`,
    );
    expect(mails[0].textBody.replace(/\u00a0/g, ' ')).toContain(
      `Kunde22 Größl, Rechnung ${invoiceB.invoiceNumber}, € 613,57: AC04 – Konto erloschen`,
    );
  });

  it('confirms a run group booked as one sum (no transaction details)', async () => {
    const c = await customerWithMandate(ctx, admin, 23);
    const invoice = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    const due = (await ctx.request({ method: 'GET', url: '/api/direct-debit/due', token: admin })).json();
    const day = due.items.find((i: { invoice_id: number }) => i.invoice_id === invoice.id).announced_on;
    const run = (await post('/api/direct-debit/runs', { collection_date: day, invoice_ids: [invoice.id] })).json();
    const summary = await importOk(
      ctx,
      admin,
      'sammel.xml',
      statement([
        {
          direction: 'CRDT',
          date,
          code: ['PMNT', 'RDDT', 'ESDD'],
          batchPaymentInfoId: `${run.message_id}-CORE-FRST`,
          txs: [{ cents: 61357n }],
        },
      ]),
    );
    expect(summary.matched).toBe(1);
    expect((await invoiceRow(ctx, invoice.id)).status).toBe('paid');
  });
});
