import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, buildProject, buildTimeEntry, TEST_PASSWORD } from '../../../../test/factories.js';
import {
  configureProvider,
  createDraft,
  daysAgo,
  ITEMS,
  sendInvoice,
  today,
} from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { addDays } from '../../../domain/calendar.js';

let ctx: TestContext;
let token: string;
let customer: Awaited<ReturnType<typeof buildCustomer>>;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  customer = await buildCustomer(ctx.db, {
    firstName: 'Franz',
    lastName: 'Berger',
    street: 'Ring 1',
    postalCode: '1010',
    city: 'Wien',
  });
});

const list = async (query: string) => {
  const res = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as Array<Record<string, any>>, total: Number(res.headers['x-total-count']) };
};

describe('drafts', () => {
  it('computes totals per tax rate and defaults the due date to 14 days', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    expect(draft).toMatchObject({
      status: 'draft',
      invoice_number: null,
      customer_name: 'Franz Berger',
      customer_address: 'Ring 1\n1010 Wien',
      customer_street: 'Ring 1',
      customer_postal_code: '1010',
      customer_city: 'Wien',
      customer_country: 'AT',
      customer_is_business: false,
      due_date: addDays(today(), 14),
      total_net: 512.34,
      total_tax: 101.23,
      total_gross: 613.57,
    });
    expect(draft.tax_breakdown).toEqual([
      { tax_rate: 20, tax_exemption: null, net: 500, tax: 100, gross: 600 },
      { tax_rate: 10, tax_exemption: null, net: 12.34, tax: 1.23, gross: 13.57 },
    ]);
    expect(draft.items.map((i: { line_net: number }) => i.line_net)).toEqual([500, 12.34]);
  });

  it('rejects invalid input with German field messages', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices',
      token,
      payload: {
        customer_id: customer.id,
        invoice_date: '2026-03-10',
        due_date: '2026-03-01',
        items: [{ description: '', quantity: 0, unit: 'h', unit_price: 1.234, tax_rate: 19 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      due_date: 'Das Fälligkeitsdatum darf nicht vor dem Rechnungsdatum liegen',
      'items.0.description': 'Bitte geben Sie eine Beschreibung an',
      'items.0.quantity': 'Die Menge muss größer als 0 sein',
      'items.0.unit_price': 'Höchstens 2 Nachkommastellen',
      'items.0.tax_rate': 'Der Steuersatz muss 20, 13, 10 oder 0\u00a0% sein',
    });
    const empty = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices',
      token,
      payload: { customer_id: customer.id, invoice_date: today(), items: [] },
    });
    expect(empty.json().details.items).toBe('Bitte fügen Sie mindestens eine Position hinzu');
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices',
      token,
      payload: { customer_id: 999_999, invoice_date: today(), items: ITEMS },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.customer_id).toBe('Kunde nicht gefunden');
    const negative = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices',
      token,
      payload: {
        customer_id: customer.id,
        invoice_date: today(),
        items: [{ description: 'Rabatt', quantity: 1, unit: 'Stk.', unit_price: -5, tax_rate: 20 }],
      },
    });
    expect(negative.json().details.items).toBe('Der Rechnungsbetrag darf nicht negativ sein');
  });

  it('updates and deletes drafts, and duplicates an invoice into a new draft', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/quickbill/invoices/${draft.id}`,
      token,
      payload: { customer_id: customer.id, invoice_date: today(), due_date: addDays(today(), 30), items: [ITEMS[0]] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ total_gross: 600, due_date: addDays(today(), 30) });
    const dup = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/duplicate`, token });
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toMatchObject({ status: 'draft', total_gross: 600, invoice_date: today() });
    expect(dup.json().id).not.toBe(draft.id);
    const del = await ctx.request({ method: 'DELETE', url: `/api/quickbill/invoices/${draft.id}`, token });
    expect(del.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token })).statusCode).toBe(
      404,
    );
  });

  it('sums the waiting billable time per customer: count, hours, first and last date', async () => {
    const waiting = await buildCustomer(ctx.db, { firstName: 'Zita', lastName: 'Zeitsumme' });
    const project = await buildProject(ctx.db, waiting.id);
    await buildTimeEntry(ctx.db, waiting.id, project.id, { workDate: '2026-03-02', hours: '1.25' });
    await buildTimeEntry(ctx.db, waiting.id, project.id, { workDate: '2026-04-20', hours: '2.50' });
    await buildTimeEntry(ctx.db, waiting.id, project.id, { workDate: '2026-05-01', hours: '9', isBillable: false });
    const invoiced = await buildTimeEntry(ctx.db, waiting.id, project.id, { workDate: '2026-01-10', hours: '4' });
    await createDraft(ctx, token, waiting.id, { time_entry_ids: [invoiced.id] });

    const res = await ctx.request({ method: 'GET', url: '/api/quickbill/billable-time-entries/customers', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().find((c: { customer_id: number }) => c.customer_id === waiting.id)).toEqual({
      customer_id: waiting.id,
      customer_name: 'Zita Zeitsumme',
      entry_count: 2,
      total_hours: 3.75,
      first_work_date: '2026-03-02',
      last_work_date: '2026-04-20',
    });
  });

  it('attaches billable time entries, never offers invoiced ones again, and releases them when the draft goes', async () => {
    const project = await buildProject(ctx.db, customer.id);
    const a = await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: daysAgo(5) });
    const b = await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: daysAgo(2) });
    const notBillable = await buildTimeEntry(ctx.db, customer.id, project.id, { isBillable: false });
    const other = await buildCustomer(ctx.db);
    const billable = async () =>
      (
        await ctx.request({
          method: 'GET',
          url: `/api/quickbill/billable-time-entries?customer_id=${customer.id}`,
          token,
        })
      )
        .json()
        .map((e: { id: number }) => e.id);
    expect(await billable()).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await billable()).not.toContain(notBillable.id);

    const refused = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices',
      token,
      payload: { customer_id: other.id, invoice_date: today(), items: ITEMS, time_entry_ids: [a.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.time_entry_ids).toBe(
      'Nur verrechenbare, noch nicht verrechnete Zeiteinträge dieses Kunden können übernommen werden',
    );

    const draft = await createDraft(ctx, token, customer.id, { time_entry_ids: [a.id, b.id] });
    expect(draft.time_entries.map((e: { id: number }) => e.id)).toEqual([a.id, b.id]);
    expect(draft).toMatchObject({ service_period_start: daysAgo(5), service_period_end: daysAgo(2) });
    expect(await billable()).not.toContain(a.id);
    const twice = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices',
      token,
      payload: { customer_id: customer.id, invoice_date: today(), items: ITEMS, time_entry_ids: [a.id] },
    });
    expect(twice.statusCode).toBe(400);

    await ctx.request({ method: 'DELETE', url: `/api/quickbill/invoices/${draft.id}`, token });
    expect(await billable()).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('list and dashboard', () => {
  it('filters by search, status (incl. overdue) and period, paginates and counts in X-Total-Count', async () => {
    const ctxCustomer = await buildCustomer(ctx.db, {
      firstName: 'Zita',
      lastName: 'Listig',
      street: 'Weg 2',
      postalCode: '4020',
      city: 'Linz',
    });
    await configureProvider(ctx, token);
    const overdue = await createDraft(ctx, token, ctxCustomer.id, { invoice_date: daysAgo(40), due_date: daysAgo(26) });
    const { invoice_number } = await sendInvoice(ctx, token, overdue.id);
    const open = await createDraft(ctx, token, ctxCustomer.id);
    await sendInvoice(ctx, token, open.id);
    const draft = await createDraft(ctx, token, ctxCustomer.id);

    const byName = await list('search=listig');
    expect(byName.total).toBe(3);
    expect(byName.items.map((i) => i.id)).toEqual([draft.id, open.id, overdue.id]);
    expect((await list(`search=${invoice_number}`)).items.map((i) => i.id)).toEqual([overdue.id]);

    const overdueOnly = await list('search=listig&status=overdue');
    expect(overdueOnly.items.map((i) => i.id)).toEqual([overdue.id]);
    expect(overdueOnly.items[0]).toMatchObject({ is_overdue: true, status: 'sent' });
    expect((await list('search=listig&status=sent')).items.map((i) => i.id)).toEqual([open.id]);
    expect((await list('search=listig&status=draft')).items.map((i) => i.id)).toEqual([draft.id]);
    expect((await list('search=listig&date_filter=today')).items.map((i) => i.id)).toEqual([draft.id, open.id]);

    const page2 = await list('search=listig&page=2&page_size=2');
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.items.map((i) => i.id)).toEqual([overdue.id]);
    expect((await list('limit=1')).items).toHaveLength(1);

    const bad = await ctx.request({ method: 'GET', url: '/api/quickbill/invoices?status=bogus', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.status).toBe('Unbekannter Status');
  });

  it('moves the dashboard figures on send, payment and cancellation', async () => {
    const figures = async () =>
      (await ctx.request({ method: 'GET', url: '/api/quickbill/invoices/dashboard', token })).json();
    await configureProvider(ctx, token);
    const start = await figures();
    const draft = await createDraft(ctx, token, customer.id);
    const afterDraft = await figures();
    expect(afterDraft.invoices_count).toBe(start.invoices_count + 1);
    expect(afterDraft.invoices_open_amount).toBe(start.invoices_open_amount);

    await sendInvoice(ctx, token, draft.id);
    const afterSend = await figures();
    expect(afterSend.invoices_open_amount).toBeCloseTo(start.invoices_open_amount + 613.57, 2);
    expect(afterSend.invoices_total_amount).toBeCloseTo(start.invoices_total_amount + 613.57, 2);

    await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/mark-paid`, token, payload: {} });
    const afterPaid = await figures();
    expect(afterPaid.invoices_open_amount).toBeCloseTo(start.invoices_open_amount, 2);
    expect(afterPaid.revenue_this_month).toBeCloseTo(start.revenue_this_month + 613.57, 2);
    expect(afterPaid.revenue_this_year).toBeCloseTo(start.revenue_this_year + 613.57, 2);

    const late = await createDraft(ctx, token, customer.id, { invoice_date: daysAgo(30), due_date: daysAgo(1) });
    await sendInvoice(ctx, token, late.id);
    expect((await figures()).invoices_overdue_count).toBe(start.invoices_overdue_count + 1);
    await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${late.id}/cancel`, token });
    const afterCancel = await figures();
    expect(afterCancel.invoices_overdue_count).toBe(start.invoices_overdue_count);
    expect(afterCancel.invoices_total_amount).toBeCloseTo(afterPaid.invoices_total_amount, 2);
  });

  it('keeps invoice_totals equal to a count over all invoices (dashboard count, unfiltered list totals)', async () => {
    await configureProvider(ctx, token);
    const direct = async () =>
      (
        await ctx.db.execute(sql`SELECT kind, status, count(*)::int AS invoices, sum(total_gross)::text AS total_gross
          FROM invoices GROUP BY kind, status ORDER BY kind, status`)
      ).rows;
    const kept = async () =>
      (
        await ctx.db.execute(sql`SELECT kind, status, invoices, total_gross::text AS total_gross
          FROM invoice_totals WHERE invoices <> 0 ORDER BY kind, status`)
      ).rows;
    const edited = await createDraft(ctx, token, customer.id);
    // A changed gross total of a draft, a deleted draft, a sent, a paid and a cancelled invoice.
    const again = await ctx.request({
      method: 'PUT',
      url: `/api/quickbill/invoices/${edited.id}`,
      token,
      payload: { customer_id: customer.id, invoice_date: today(), items: [ITEMS[0]] },
    });
    expect(again.statusCode, again.body).toBe(200);
    const gone = await createDraft(ctx, token, customer.id);
    await ctx.request({ method: 'DELETE', url: `/api/quickbill/invoices/${gone.id}`, token });
    const paid = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, paid.id);
    await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${paid.id}/mark-paid`, token, payload: {} });
    const cancelled = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, cancelled.id);
    await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${cancelled.id}/cancel`, token });
    expect(await kept()).toEqual(await direct());

    const counted = async (where: string) =>
      Number((await ctx.db.execute(sql.raw(`SELECT count(*) AS n FROM invoices ${where}`))).rows[0].n);
    expect((await list('')).total).toBe(await counted(''));
    expect((await list('status=all')).total).toBe(await counted(''));
    expect((await list('status=paid')).total).toBe(await counted("WHERE status = 'paid'"));
    expect((await list('status=cancelled&date_filter=all')).total).toBe(await counted("WHERE status = 'cancelled'"));
    expect((await list('status=draft')).total).toBe(await counted("WHERE status = 'draft'"));
    const dashboard = (await ctx.request({ method: 'GET', url: '/api/quickbill/invoices/dashboard', token })).json();
    expect(dashboard.invoices_count).toBe(await counted("WHERE kind = 'invoice'"));
  });
});
