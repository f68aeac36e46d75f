import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import { buildCustomer } from '../../../../test/factories.js';
import { configureProvider, createDraft, daysAgo, sendInvoice, today } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { customers, invoiceDocuments } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { readBlob } from '../../../lib/blob-store.js';

let ctx: TestContext;
let actors: Actors;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
  await configureProvider(ctx, admin);
  // Sending needs the recipient's address above € 400 (§ 11 UStG).
  for (const c of [actors.customerA, actors.customerB]) {
    await ctx.db
      .update(customers)
      .set({ street: 'Herrengasse 3', postalCode: '8010', city: 'Graz' })
      .where(eq(customers.id, c.id));
  }
});

const asCustomer = (token: string | undefined, url: string) => ctx.request({ method: 'GET', url, token });

async function issued(customerId: number, overrides: Record<string, unknown> = {}) {
  const draft = await createDraft(ctx, admin, customerId, overrides);
  const { invoice_number } = await sendInvoice(ctx, admin, draft.id);
  return { id: draft.id as number, number: invoice_number };
}

describe('Meine Rechnungen (decision 0587)', () => {
  it('lists a customer’s issued invoices and Stornorechnungen with state and open amount, never drafts', async () => {
    const a = actors.customerA.id;
    const paid = await issued(a, { invoice_date: daysAgo(40), due_date: daysAgo(26) });
    const partial = await issued(a, { invoice_date: daysAgo(30), due_date: daysAgo(16) });
    const cancelled = await issued(a);
    const draft = await createDraft(ctx, admin, a);
    await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${paid.id}/payments`,
      token: admin,
      payload: { payment_date: today(), amount: 613.57, method: 'ueberweisung' },
    });
    await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${partial.id}/payments`,
      token: admin,
      payload: { payment_date: today(), amount: 100, method: 'bar' },
    });
    const storno = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${cancelled.id}/cancel`,
      token: admin,
    });
    expect(storno.statusCode, storno.body).toBe(200);

    const res = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    const byNumber = Object.fromEntries(res.json().map((i: { invoice_number: string }) => [i.invoice_number, i]));
    expect(res.json().some((i: { id: number }) => i.id === draft.id)).toBe(false);
    expect(byNumber[paid.number]).toMatchObject({ state: 'paid', open_amount: 0, total_gross: 613.57 });
    expect(byNumber[partial.number]).toMatchObject({ state: 'partially_paid', open_amount: 513.57 });
    expect(byNumber[cancelled.number]).toMatchObject({ state: 'cancelled', open_amount: 0 });
    const credit = res.json().find((i: { kind: string }) => i.kind === 'credit_note');
    expect(credit).toMatchObject({
      state: 'credit_note',
      credit_note_for_number: cancelled.number,
      total_gross: -613.57,
    });

    const page = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices?page=2&page_size=3`);
    expect(page.json()).toHaveLength(1);
  });

  it('answers only the customer’s own invoices: another customer’s list, PDF and draft are refused', async () => {
    const a = actors.customerA.id;
    const b = actors.customerB.id;
    const own = await issued(a);
    const foreign = await issued(b);
    const draft = await createDraft(ctx, admin, a);
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${a}/invoices` },
      {
        customerA: 200,
        customerB: 403,
        admin: 200,
      },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${a}/invoices/${own.id}/pdf` },
      {
        customerA: 200,
        customerB: 403,
        admin: 200,
      },
    );
    // B's invoice under A's own path is not A's: 404, nothing of it answered.
    const smuggled = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices/${foreign.id}/pdf`);
    expect(smuggled.statusCode).toBe(404);
    expect(smuggled.body).not.toContain('%PDF');
    for (const kind of ['pdf', 'xml', 'payment']) {
      const res = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices/${draft.id}/${kind}`);
      expect(res.statusCode, kind).toBe(404);
      expect(res.json().error).toBe('Rechnung nicht gefunden');
    }
  });

  it('downloads the PDF and the e-invoice exactly as stored at issue', async () => {
    const a = actors.customerA.id;
    const inv = await issued(a);
    const stored = await ctx.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, inv.id));
    const bytesOf = async (kind: string) => readBlob(ctx.db, stored.find((d) => d.kind === kind)!.blobId);
    const pdf = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices/${inv.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Rechnung-${inv.number}.pdf"`);
    expect(pdf.rawPayload.equals((await bytesOf('pdf'))!)).toBe(true);
    const xml = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices/${inv.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.rawPayload.equals((await bytesOf('xml'))!)).toBe(true);
    expect(xml.body).toContain('<ram:PaymentReference>RF');
  });

  it('gives the payment details of what is still open with the RF reference in the EPC QR code', async () => {
    const a = actors.customerA.id;
    const inv = await issued(a);
    await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${inv.id}/payments`,
      token: admin,
      payload: { payment_date: today(), amount: 13.57, method: 'ueberweisung' },
    });
    const res = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices/${inv.id}/payment`);
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json();
    expect(details).toMatchObject({
      invoice_number: inv.number,
      recipient: 'Mein BUTLER e.U.',
      iban: 'AT61 1904 3002 3457 3201',
      bic: 'BKAUATWW',
      amount: 600,
    });
    expect(details.reference).toMatch(/^RF\d{2} /);
    expect(details.qr_code).toMatch(/^data:image\/png;base64,/);
    // The same payload the PDF's code carries: what the banking app reads.
    const png = await QRCode.toBuffer(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'BKAUATWW',
        'Mein BUTLER e.U.',
        'AT611904300234573201',
        'EUR600.00',
        '',
        details.reference.replace(/\s+/g, ''),
        '',
        `Rechnung ${inv.number}`,
      ].join('\n'),
      { errorCorrectionLevel: 'M', margin: 1, width: 300 },
    );
    expect(details.qr_code).toBe(`data:image/png;base64,${png.toString('base64')}`);

    await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${inv.id}/payments`,
      token: admin,
      payload: { payment_date: today(), amount: 600, method: 'ueberweisung' },
    });
    const paid = await asCustomer(actors.tokens.customerA, `/api/customers/${a}/invoices/${inv.id}/payment`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe('Diese Rechnung ist nicht mehr zu bezahlen');
  });

  it('says on an overdue invoice which reminder was sent and until when to pay, while it is open (decision 0772)', async () => {
    const b = actors.customerB.id;
    const overdue = await issued(b, { invoice_date: daysAgo(30), due_date: daysAgo(16) });
    const listed = async () =>
      (await asCustomer(actors.tokens.customerB, `/api/customers/${b}/invoices`))
        .json()
        .find((i: { id: number }) => i.id === overdue.id);
    expect((await listed()).last_reminder).toBeNull();
    const sent = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${overdue.id}/reminders`,
      token: admin,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await listed()).last_reminder).toEqual({
      label: 'Zahlungserinnerung',
      sent_on: today(),
      pay_by: addDays(today(), 7),
    });
    await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${overdue.id}/mark-paid`,
      token: admin,
      payload: { paid_at: today() },
    });
    // Paid: the reminder is history, the lounge no longer mentions it.
    expect((await listed()).last_reminder).toBeNull();
  });

  it('a customer without invoices gets an empty list', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await ctx.request({ method: 'GET', url: `/api/customers/${c.id}/invoices`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });
});
