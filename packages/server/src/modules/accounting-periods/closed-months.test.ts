import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOk } from '../../../test/bank-import-helpers.js';
import { configureDirectDebit, customerWithMandate } from '../../../test/direct-debit-fixtures.js';
import { buildCustomer } from '../../../test/factories.js';
import { createDraft } from '../../../test/quickbill-helpers.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, bankEntries, closedMonths, directDebitItems, invoices, payments } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { camt053, camt054 } from '../bank-import/camt/camt-writer.js';

/**
 * Festschreibung (decision 0821): with November 2026 closed, every way of booking with a date
 * in it is refused with the German 409 and changes nothing; the same booking dated in
 * December (open) goes through. Reopening is the Inhaber's, with a reason.
 *
 * The clock walks forward: invoices and November bookings are made in November, November is
 * closed on 10 December, and the checks run on 10 December unless a case says otherwise.
 */
const CLOSED = '2026-11';
// The rule's text for a booking and for an invoice, with November's Austrian name.
const BOOKING_REFUSED =
  'Der November 2026 ist abgeschlossen: Buchungen mit einem Datum darin sind nicht mehr möglich. Bitte mit einem Datum im offenen Zeitraum buchen.';
// Removing (or a bank return of) a payment dated in the closed month: no date helps, reopening does.
const REVERSAL_REFUSED =
  'Der November 2026 ist abgeschlossen: Eine Zahlung mit einem Datum darin kann nicht entfernt oder zurückgebucht werden, auch nicht mit heutigem Datum, weil sich sonst die Zahlen des abgeschlossenen Monats ändern. Bitten Sie die Inhaberin oder den Inhaber, den Monat mit einer Begründung wieder zu öffnen; danach lässt sich die Zahlung entfernen.';
const INVOICE_REFUSED =
  'Der November 2026 ist abgeschlossen: Rechnungen mit einem Datum darin können nicht mehr ausgestellt, storniert oder geändert werden. Bitte mit einem Datum im offenen Zeitraum arbeiten.';

let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
let accounting: StaffMember;

/** 1 line of 100.00 net at 20 %: 120.00 gross. */
const ONE_LINE = [{ description: 'Betreuung', quantity: 1, unit: 'h', unit_price: 100, tax_rate: 20 }];
const GROSS = 120;

async function issued(customerId: number, invoiceDate: string) {
  const draft = await createDraft(ctx, owner.token, customerId, { invoice_date: invoiceDate, items: ONE_LINE });
  const res = await as(ctx, owner.token).post(`/api/quickbill/invoices/${draft.id}/send`);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, draft.id));
  return row;
}
const invoiceRow = async (id: number) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const entriesOf = (invoiceId: number) => ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const ledgerCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0].n;
const pay = (invoiceId: number, date: string, amount = GROSS) =>
  as(ctx, office.token).post(`/api/quickbill/invoices/${invoiceId}/payments`, {
    payment_date: date,
    amount,
    method: 'ueberweisung',
  });

// Rows made in November, before the month is closed.
let payLater: typeof invoices.$inferSelect;
let paidInNovember: typeof invoices.$inferSelect;
let toCancel: typeof invoices.$inferSelect;
let toRemind: typeof invoices.$inferSelect;
let byBank: typeof invoices.$inferSelect;
let creditCustomer: number;
let creditTarget: typeof invoices.$inferSelect;
let debitInvoice: typeof invoices.$inferSelect;
let debitEndToEnd: string;

beforeAll(async () => {
  setClock('2026-11-02');
  ctx = await createTestContext();
  owner = await staffMember(ctx, 'owner', 'Olga Inhaber');
  office = await staffMember(ctx, 'office', 'Otto Büro');
  accounting = await staffMember(ctx, 'accounting', 'Berta Buchhaltung');
  await configureDirectDebit(ctx, owner.token);
  // A Zahlungserinnerung that charges Mahnspesen: a money row on its letter's date.
  await ctx.db.execute(sql`UPDATE reminder_levels SET fee = 5.00 WHERE level = 1`);

  const customer = async (lastName: string) =>
    (await buildCustomer(ctx.db, { lastName, street: 'Gasse 1', postalCode: '1010', city: 'Wien' })).id;
  payLater = await issued(await customer('Später'), '2026-11-02');
  paidInNovember = await issued(await customer('November'), '2026-11-02');
  toCancel = await issued(await customer('Storno'), '2026-11-02');
  toRemind = await issued(await customer('Mahnung'), '2026-11-02');
  byBank = await issued(await customer('Bank'), '2026-11-02');
  creditCustomer = await customer('Guthaben');
  creditTarget = await issued(creditCustomer, '2026-11-02');

  // A ButlerPaket invoice collected by SEPA-Lastschrift in November.
  const debtor = await customerWithMandate(ctx, owner.token, 1);
  const debitDraft = await createDraft(ctx, owner.token, debtor.customer.id, { invoice_date: '2026-11-02' });
  await ctx.db.update(invoices).set({ subscriptionId: debtor.subscription.id }).where(eq(invoices.id, debitDraft.id));
  expect((await as(ctx, owner.token).post(`/api/quickbill/invoices/${debitDraft.id}/send`)).statusCode).toBe(200);
  debitInvoice = await invoiceRow(debitDraft.id);
  const due = (await as(ctx, owner.token).get('/api/direct-debit/due')).json();
  const announced = due.items.find((i: { invoice_id: number }) => i.invoice_id === debitInvoice.id).announced_on;
  expect(announced.slice(0, 7)).toBe(CLOSED);
  const run = await as(ctx, owner.token).post('/api/direct-debit/runs', {
    collection_date: announced,
    invoice_ids: [debitInvoice.id],
  });
  expect(run.statusCode, run.body).toBe(201);
  debitEndToEnd = run.json().items[0].end_to_end_id;

  setClock('2026-11-20');
  expect((await pay(paidInNovember.id, '2026-11-18')).statusCode).toBe(201);
  await importOk(
    ctx,
    owner.token,
    'einzug-november.xml',
    camt053('EINZUG-NOV', [
      [
        {
          direction: 'CRDT',
          date: announced,
          code: ['PMNT', 'RDDT', 'ESDD'],
          bankRef: 'EINZUG-1',
          txs: [{ cents: BigInt(Math.round(Number(debitInvoice.totalGross) * 100)), endToEndId: debitEndToEnd }],
        },
      ],
    ]),
  );
  expect((await invoiceRow(debitInvoice.id)).status).toBe('paid');

  setClock('2026-12-10');
  const closed = await as(ctx, accounting.token).post('/api/accounting/closed-months', { months: [CLOSED] });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json().closed).toEqual([CLOSED]);
});
afterAll(() => setClock(null));

describe('a closed month refuses bookings dated in it (decision 0821)', () => {
  it('a payment: November refused and nothing booked, December accepted', async () => {
    const before = await ledgerCount();
    const refused = await pay(payLater.id, '2026-11-25');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe(BOOKING_REFUSED);
    expect(await ledgerCount()).toBe(before);
    expect(await invoiceRow(payLater.id)).toMatchObject({ status: 'sent', paidAmount: null });

    const accepted = await pay(payLater.id, '2026-12-05');
    expect(accepted.statusCode, accepted.body).toBe(201);
    // A November invoice is paid by a December payment: its paid markers may change.
    expect(await invoiceRow(payLater.id)).toMatchObject({ status: 'paid', paidAt: '2026-12-05' });
  });

  it('removing a payment dated in November is refused; removing a December one is accepted', async () => {
    const [november] = await entriesOf(paidInNovember.id);
    // The ledger says which entries lie in the closed month, so the screen offers no removal there.
    const ledger = (await as(ctx, office.token).get(`/api/quickbill/invoices/${paidInNovember.id}/payments`)).json();
    expect(ledger.entries.find((e: { id: number }) => e.id === november.id).closed_month).toBe(CLOSED);
    const refused = await as(ctx, office.token).post(`/api/quickbill/payments/${november.id}/reverse`, {
      reason: 'Falsch zugeordnet',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    // Its own text: no other date helps (the dialog has none), reopening the month does.
    expect(refused.json().error).toBe(REVERSAL_REFUSED);
    expect(await ctx.db.select().from(payments).where(eq(payments.reversesId, november.id))).toEqual([]);
    expect((await invoiceRow(paidInNovember.id)).status).toBe('paid');

    const [december] = await entriesOf(payLater.id);
    expect(december.paymentDate).toBe('2026-12-05');
    const open = (await as(ctx, office.token).get(`/api/quickbill/invoices/${payLater.id}/payments`)).json();
    expect(open.entries.find((e: { id: number }) => e.id === december.id).closed_month).toBeNull();
    const accepted = await as(ctx, office.token).post(`/api/quickbill/payments/${december.id}/reverse`, {
      reason: 'Falsch zugeordnet',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await invoiceRow(payLater.id)).status).toBe('sent');
  });

  it('a refund and a credit application dated in November are refused, in December accepted', async () => {
    // 50.00 more than the November invoice's total, paid in December: 50.00 credit.
    const overpaid = await issued(creditCustomer, '2026-12-01');
    expect((await pay(overpaid.id, '2026-12-02', GROSS + 50)).statusCode).toBe(201);
    const refund = (date: string, amount: number) =>
      as(ctx, office.token).post(`/api/quickbill/customers/${creditCustomer}/credit/refund`, {
        payment_date: date,
        amount,
        method: 'ueberweisung',
      });
    const before = await ledgerCount();
    const refused = await refund('2026-11-28', 20);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe(BOOKING_REFUSED);
    expect(await ledgerCount()).toBe(before);
    expect((await refund('2026-12-06', 20)).statusCode).toBe(200);

    // A credit application is dated today: with the clock in November it is refused.
    const apply = () =>
      as(ctx, office.token).post(`/api/quickbill/customers/${creditCustomer}/credit/apply`, {
        invoice_id: creditTarget.id,
        amount: 30,
      });
    setClock('2026-11-28');
    try {
      const late = await apply();
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().error).toBe(BOOKING_REFUSED);
    } finally {
      setClock('2026-12-10');
    }
    expect(await entriesOf(creditTarget.id)).toEqual([]);
    const applied = await apply();
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().credit).toBe(0);
  });

  it('issuing a draft dated in November is refused and it stays a draft; a December draft is issued', async () => {
    const c = await buildCustomer(ctx.db, { lastName: 'Entwurf', street: 'Gasse 1', postalCode: '1010', city: 'Wien' });
    const draft = await createDraft(ctx, owner.token, c.id, { invoice_date: '2026-11-30', items: ONE_LINE });
    const refused = await as(ctx, owner.token).post(`/api/quickbill/invoices/${draft.id}/send`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe(INVOICE_REFUSED);
    expect(await invoiceRow(draft.id)).toMatchObject({ status: 'draft', invoiceNumber: null });

    const december = await createDraft(ctx, owner.token, c.id, { invoice_date: '2026-12-09', items: ONE_LINE });
    const sent = await as(ctx, owner.token).post(`/api/quickbill/invoices/${december.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await invoiceRow(december.id)).status).toBe('sent');
  });

  it('a Storno of a November invoice is a Stornorechnung dated in December; November keeps the invoice as booked', async () => {
    const before = await invoiceRow(toCancel.id);
    const storno = await as(ctx, owner.token).post(`/api/quickbill/invoices/${toCancel.id}/cancel`);
    expect(storno.statusCode, storno.body).toBe(200);
    const after = await invoiceRow(toCancel.id);
    expect(after.status).toBe('cancelled');
    expect([after.invoiceDate, after.totalGross, after.invoiceNumber]).toEqual([
      before.invoiceDate,
      before.totalGross,
      before.invoiceNumber,
    ]);
    const [stornoNote] = await ctx.db.select().from(invoices).where(eq(invoices.creditNoteForId, toCancel.id));
    expect(stornoNote!.invoiceDate).toBe('2026-12-10');
    // Cancelled is final: the step back is refused like any other change in November.
    const back = await ctx.db
      .execute(sql`UPDATE invoices SET status = 'sent', cancelled_at = NULL WHERE id = ${toCancel.id}`)
      .then(
        () => 'accepted',
        (error) => (error.cause?.code ?? error.code) as string,
      );
    expect(back).toBe('FS821');

    const c = await buildCustomer(ctx.db, {
      lastName: 'StornoDez',
      street: 'Gasse 1',
      postalCode: '1010',
      city: 'Wien',
    });
    const december = await issued(c.id, '2026-12-03');
    const cancelled = await as(ctx, owner.token).post(`/api/quickbill/invoices/${december.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [credit] = await ctx.db.select().from(invoices).where(eq(invoices.creditNoteForId, december.id));
    expect(credit.invoiceDate).toBe('2026-12-10');
  });

  it('a reminder with a fee dated in November is refused; on a December day it is sent', async () => {
    const remind = () =>
      as(ctx, office.token).post(`/api/quickbill/invoices/${toRemind.id}/reminders`, { early: true });
    setClock('2026-11-28');
    try {
      const refused = await remind();
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toBe(BOOKING_REFUSED);
    } finally {
      setClock('2026-12-10');
    }
    expect((await invoiceRow(toRemind.id)).reminderLevel).toBe(0);
    const sent = await remind();
    expect(sent.statusCode, sent.body).toBe(200);
    // The letter is dated in December; the November invoice's reminder level may change.
    expect((await invoiceRow(toRemind.id)).reminderLevel).toBe(1);
  });

  it('an issued November invoice is frozen in the database; only the free columns change', async () => {
    const attempt = (change: ReturnType<typeof sql>) =>
      ctx.db.execute(sql`UPDATE invoices SET ${change} WHERE id = ${toCancel.id}`).then(
        () => 'accepted',
        (error) => (error.cause?.code ?? error.code) as string,
      );
    expect(await attempt(sql`total_gross = total_gross + 1`)).toBe('FS821');
    expect(await attempt(sql`due_date = due_date + 1`)).toBe('FS821');
    expect(await attempt(sql`notes = 'nachträglich'`)).toBe('FS821');
    expect(await attempt(sql`status = 'draft', cancelled_at = NULL`)).toBe('FS821');
    expect(await attempt(sql`sent_at = now()`)).toBe('accepted');
    expect(await attempt(sql`reminder_level = 1`)).toBe('accepted');
    const line = await ctx.db
      .execute(sql`UPDATE invoice_items SET line_net = 1 WHERE invoice_id = ${toCancel.id}`)
      .then(
        () => 'accepted',
        (error) => (error.cause?.code ?? error.code) as string,
      );
    expect(line).toBe('FS821');
    const row = await invoiceRow(toCancel.id);
    expect(row).toMatchObject({ totalGross: String(GROSS.toFixed(2)), status: 'cancelled', notes: null });
  });

  it('a bank credit booked in November stays "nicht zugeordnet" with the reason; one in December is booked', async () => {
    const cents = BigInt(GROSS * 100);
    const summary = await importOk(
      ctx,
      office.token,
      'auszug-dezember.xml',
      camt053('AUSZUG-DEZ', [
        [
          {
            direction: 'CRDT',
            date: '2026-11-27',
            bankRef: 'NOV-27',
            txs: [{ cents, name: 'Bank Kunde', reference: byBank.paymentReference!, text: 'im November' }],
          },
          {
            direction: 'CRDT',
            date: '2026-12-04',
            bankRef: 'DEZ-04',
            txs: [{ cents, name: 'Bank Kunde', reference: byBank.paymentReference!, text: 'im Dezember' }],
          },
        ],
      ]),
    );
    expect(summary).toMatchObject({ new_entries: 2, matched: 1, unassigned: 1 });
    const [november] = await ctx.db.select().from(bankEntries).where(sql`${bankEntries.remittance} = 'im November'`);
    expect(november).toMatchObject({
      matchState: 'unassigned',
      paymentId: null,
      bookingProblem: `Nicht gebucht: ${BOOKING_REFUSED} (Buchungstag 27.11.2026)`,
    });
    const entries = await entriesOf(byBank.id);
    expect(entries.map((e) => e.paymentDate)).toEqual(['2026-12-04']);
    expect((await invoiceRow(byBank.id)).status).toBe('paid');

    // Assigning it by hand books it on its booking day: refused the same way, nothing changes.
    const assigned = await as(ctx, office.token).post(`/api/bank-entries/${november.id}/assign`, {
      invoice_id: toRemind.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(409);
    expect(assigned.json().error).toBe(BOOKING_REFUSED);
    expect(await entriesOf(toRemind.id)).toEqual([]);
    const [after] = await ctx.db.select().from(bankEntries).where(eq(bankEntries.id, november.id));
    expect(after).toMatchObject({ matchState: 'unassigned', paymentId: null });
  });

  it('a direct-debit return of a November collection is not booked and changes nothing', async () => {
    const [collected] = await entriesOf(debitInvoice.id);
    expect(collected.paymentDate.slice(0, 7)).toBe(CLOSED);
    const summary = await importOk(
      ctx,
      office.token,
      'ruecklastschrift.xml',
      camt054('RUECK-DEZ', [
        {
          direction: 'DBIT',
          reversal: true,
          date: '2026-12-08',
          code: ['PMNT', 'RDDT', 'UPDD'],
          bankRef: 'RUECK-1',
          txs: [
            {
              cents: BigInt(Math.round(Number(debitInvoice.totalGross) * 100)),
              endToEndId: debitEndToEnd,
              returnReason: 'AM04',
              text: 'zurueck',
            },
          ],
        },
      ]),
    );
    expect(summary).toMatchObject({ new_entries: 1, unassigned: 1 });
    const [entry] = await ctx.db
      .select()
      .from(bankEntries)
      .where(and(eq(bankEntries.kind, 'return'), sql`${bankEntries.remittance} = 'zurueck'`));
    expect(entry.bookingProblem).toBe(`Nicht gebucht: ${REVERSAL_REFUSED} (Buchungstag 08.12.2026)`);
    const [item] = await ctx.db.select().from(directDebitItems).where(eq(directDebitItems.invoiceId, debitInvoice.id));
    expect(item.state).toBe('collected');
    expect(await ctx.db.select().from(payments).where(eq(payments.reversesId, collected.id))).toEqual([]);
    expect((await invoiceRow(debitInvoice.id)).status).toBe('paid');
  });

  it('a reminder fee row dated in the closed month is refused by the database itself', async () => {
    const insert = (letterDate: string, fee: string) =>
      ctx.db
        .execute(
          sql`INSERT INTO invoice_reminders (invoice_id, level, fee, letter_date, created_by)
            VALUES (${paidInNovember.id}, 3, ${fee}, ${letterDate}, 'Test')`,
        )
        .then(
          () => 'accepted',
          (error) => (error.cause?.code ?? error.code) as string,
        );
    expect(await insert('2026-11-30', '5.00')).toBe('FS821');
    expect(await insert('2026-12-01', '5.00')).toBe('accepted');
  });
});

describe('closing and reopening (decision 0821)', () => {
  it('GET shows the closed month with who and when, for Büro, Buchhaltung and Inhaber', async () => {
    for (const member of [office, accounting, owner]) {
      const res = await as(ctx, member.token).get('/api/accounting/closed-months');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().months).toEqual([
        expect.objectContaining({
          month: CLOSED,
          label: 'November 2026',
          state: 'closed',
          closed_by: accounting.name,
          export_id: null,
          reopened_at: null,
          needs_correction_export: false,
        }),
      ]);
    }
  });

  it('closing again changes nothing; a running or future month is refused with a German 400', async () => {
    const again = await as(ctx, accounting.token).post('/api/accounting/closed-months', { months: [CLOSED] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().closed).toEqual([]);
    const running = await as(ctx, accounting.token).post('/api/accounting/closed-months', { months: ['2026-12'] });
    expect(running.statusCode).toBe(400);
    expect(running.json().error).toBe(
      'Der Dezember 2026 ist noch nicht zu Ende und kann noch nicht abgeschlossen werden',
    );
    const malformed = await as(ctx, accounting.token).post('/api/accounting/closed-months', { months: ['2026-13'] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Bitte geben Sie den Monat als JJJJ-MM an');
    expect(await ctx.db.select().from(closedMonths)).toHaveLength(1);
    // Büro may see but not close.
    expect(
      (await as(ctx, office.token).post('/api/accounting/closed-months', { months: ['2026-10'] })).statusCode,
    ).toBe(403);
  });

  it('only the Inhaber reopens, with a reason of at least 10 characters; then November takes bookings again', async () => {
    const reopen = (member: StaffMember, payload: unknown) =>
      as(ctx, member.token).post(`/api/accounting/closed-months/${CLOSED}/reopen`, payload);
    const reason = 'Zahlung vom 25.11. fehlte';
    expect((await reopen(office, { reason })).statusCode).toBe(403);
    expect((await reopen(accounting, { reason })).statusCode).toBe(403);
    const missing = await reopen(owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.reason).toBe('Bitte geben Sie einen Grund an');
    const short = await reopen(owner, { reason: 'zu kurz  ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.reason).toBe('Bitte begründen Sie das Wiederöffnen (mindestens 10 Zeichen)');
    expect((await ctx.db.select().from(closedMonths))[0].reopenedAt).toBeNull();

    const res = await reopen(owner, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'reopened',
      reopened_by: owner.name,
      reopen_reason: reason,
      needs_correction_export: true,
    });
    const list = (await as(ctx, office.token).get('/api/accounting/closed-months')).json();
    expect(list.months[0]).toMatchObject({ state: 'reopened', reopen_reason: reason, needs_correction_export: true });
    expect((await reopen(owner, { reason })).statusCode).toBe(409);

    expect((await pay(payLater.id, '2026-11-25')).statusCode).toBe(201);
  });

  it('closing a reopened month clears the reopening, keeps the correction mark and the history in the Protokoll', async () => {
    const res = await as(ctx, accounting.token).post('/api/accounting/closed-months', { months: [CLOSED] });
    expect(res.json().closed).toEqual([CLOSED]);
    expect(res.json().months[0]).toMatchObject({
      state: 'closed',
      reopened_at: null,
      reopen_reason: null,
      needs_correction_export: true,
    });
    expect((await pay(payLater.id, '2026-11-26', 1)).statusCode).toBe(409);
    const trail = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'closed_month'), eq(auditLog.entityId, CLOSED)))
      .orderBy(auditLog.id);
    expect(trail.map((row) => [row.action, row.actorName])).toEqual([
      ['close', accounting.name],
      ['reopen', owner.name],
      ['close', accounting.name],
    ]);
  });
});
