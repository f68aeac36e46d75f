import { todayInVienna as today } from '@butler/contract/format';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildAdmin, buildCustomer, buildProject, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { timeEntries } from '../../db/schema/index.js';
import { EXPORT_PAGE } from './export-sources.service.js';

/**
 * Decision 0422: exports read back by independent readers — csv-parse (semicolon, BOM) and
 * SheetJS for XLSX (the writer is exceljs) — with umlauts, dates and amounts intact.
 */

let ctx: TestContext;
let admin: string;
let customerToken: string;
let juergen: { id: number };
let other: { id: number };
const MANY = EXPORT_PAGE * 2 + 37;

async function download(url: string, token = admin) {
  const res = await ctx.request({ method: 'GET', url, token });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

function readCsv(body: Buffer): string[][] {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(body, { delimiter: ';', bom: true, relax_column_count: false });
}

/** An Excel date cell (serial number with a date format) as `YYYY-MM-DD`, no time zone involved. */
function excelDate(serial: unknown): string {
  expect(typeof serial).toBe('number');
  const d = XLSX.SSF.parse_date_code(serial as number);
  return `${d.y}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
}

function readXlsx(body: Buffer): unknown[][] {
  const book = XLSX.read(body, { type: 'buffer' });
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: null });
}

const api = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
  const res = await ctx.request({ method, url, token: admin, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', a.username, TEST_PASSWORD);
  juergen = await buildCustomer(ctx.db, {
    firstName: 'Jürgen',
    lastName: 'Öhlinger',
    company: 'Bäckerei Größ & Söhne; KG',
    street: 'Hauptstraße 5',
    postalCode: '8010',
    city: 'Graz',
    birthdate: '1969-02-28',
  });
  const jProject = await buildProject(ctx.db, juergen.id, { name: 'Übersiedlung Graz' });
  other = await buildCustomer(ctx.db, { firstName: 'Zoë', lastName: 'Zach' });
  const oProject = await buildProject(ctx.db, other.id, { name: 'Garten' });
  const customer = await buildCustomer(ctx.db, { firstName: 'Kai' });
  customerToken = await ctx.login('customer', customer.email, TEST_PASSWORD);

  await ctx.db.insert(timeEntries).values([
    {
      customerId: juergen.id,
      projectId: jProject.id,
      hours: '1.25',
      activityDescription: 'Möbelpacker „Schöller“ beauftragt; Termin fixiert',
      workDate: '2026-03-02',
      createdBy: 'admin',
      billingType: 'stundenpakete',
    },
    {
      customerId: juergen.id,
      projectId: jProject.id,
      hours: '-0.5',
      activityDescription: 'Korrektur',
      workDate: '2026-04-01',
      createdBy: 'admin',
      billingType: 'stundenpakete',
    },
    // Many entries of another customer: the export crosses several keyset pages.
    ...Array.from({ length: MANY }, (_, i) => ({
      customerId: other.id,
      projectId: oProject.id,
      hours: '0.25',
      activityDescription: `Rasen gemäht ${i + 1}`,
      workDate: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
      createdBy: 'admin',
      billingType: 'abos' as const,
    })),
  ]);

  await api('PUT', '/api/quickbill/settings', {
    company_name: 'Mein BUTLER e.U.',
    street: 'Kaiserstraße 45/3',
    postal_code: '1070',
    city: 'Wien',
    uid: 'ATU12345675',
    iban: 'AT611904300234573201',
  });
  const paid = await api('POST', '/api/quickbill/invoices', {
    customer_id: juergen.id,
    invoice_date: '2026-03-10',
    due_date: '2026-03-24',
    items: [
      { description: 'Butler-Stunde', quantity: 2.5, unit: 'h', unit_price: 49, tax_rate: 20 },
      { description: 'Ratgeber „Haushalt“', quantity: 1, unit: 'Stk.', unit_price: 24.9, tax_rate: 10 },
    ],
  });
  await api('POST', `/api/quickbill/invoices/${paid.id}/send`, {});
  await api('POST', `/api/quickbill/invoices/${paid.id}/mark-paid`, { paid_at: '2026-03-20' });
  const cancelled = await api('POST', '/api/quickbill/invoices', {
    customer_id: juergen.id,
    invoice_date: '2026-03-11',
    due_date: '2026-03-25',
    items: [{ description: 'Fahrtpauschale', quantity: 1, unit: 'pauschal', unit_price: 18, tax_rate: 20 }],
  });
  await api('POST', `/api/quickbill/invoices/${cancelled.id}/send`, {});
  await api('POST', `/api/quickbill/invoices/${cancelled.id}/cancel`, {});
}, 120_000);

describe('time entry export', () => {
  it('CSV: BOM, semicolons, German dates and decimal commas, umlauts and quoted semicolons', async () => {
    const res = await download(`/api/exports/time-entries.csv?customer_id=${juergen.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`zeiteintraege-kunde-${juergen.id}.csv`);
    const rows = readCsv(res.body);
    expect(rows[0]).toEqual([
      'Datum',
      'Kunde',
      'Projekt',
      'Stunden',
      'Aktivität',
      'Abrechnung',
      'Abrechenbar',
      'Erfasst von',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        '02.03.2026',
        'Jürgen Öhlinger',
        'Übersiedlung Graz',
        '1,25',
        'Möbelpacker „Schöller“ beauftragt; Termin fixiert',
        'Stundenpaket',
        'ja',
        'admin',
      ],
      ['01.04.2026', 'Jürgen Öhlinger', 'Übersiedlung Graz', '-0,50', 'Korrektur', 'Stundenpaket', 'ja', 'admin'],
    ]);
  });

  it('month filter and all entries across keyset pages, each row once, in date order', async () => {
    const april = readCsv((await download('/api/exports/time-entries.csv?month=2026-04')).body);
    expect(april.length).toBe(2);
    const all = readCsv((await download('/api/exports/time-entries.csv')).body).slice(1);
    expect(all.length).toBe(MANY + 2);
    expect(new Set(all.filter((r) => r[1] === 'Zoë Zach').map((r) => r[4])).size).toBe(MANY);
    const iso = all.map((r) => r[0].split('.').reverse().join('-'));
    expect(iso).toEqual([...iso].sort());
  });

  it('XLSX read by SheetJS: real dates and numbers', async () => {
    const res = await download(`/api/exports/time-entries.xlsx?customer_id=${juergen.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = readXlsx(res.body);
    expect(rows[0]).toEqual([
      'Datum',
      'Kunde',
      'Projekt',
      'Stunden',
      'Aktivität',
      'Abrechnung',
      'Abrechenbar',
      'Erfasst von',
    ]);
    const first = rows[1] as [number, string, string, number, string];
    expect(excelDate(first[0])).toBe('2026-03-02');
    expect(first.slice(1, 5)).toEqual([
      'Jürgen Öhlinger',
      'Übersiedlung Graz',
      1.25,
      'Möbelpacker „Schöller“ beauftragt; Termin fixiert',
    ]);
    expect((rows[2] as unknown[])[3]).toBe(-0.5);
    expect(readXlsx((await download('/api/exports/time-entries.xlsx')).body).length).toBe(MANY + 3);
  });
});

describe('invoice export', () => {
  it('invoices and the credit note with net and VAT per rate, gross, status and paid date (CSV)', async () => {
    const rows = readCsv((await download('/api/exports/invoices.csv?status=all')).body);
    const header = rows[0];
    expect(header).toEqual([
      'Nummer',
      'Art',
      'Datum',
      'Fällig am',
      'Kunde',
      'Netto 20\u00a0%',
      'USt 20\u00a0%',
      'Netto 13\u00a0%',
      'USt 13\u00a0%',
      'Netto 10\u00a0%',
      'USt 10\u00a0%',
      'Netto 0\u00a0%',
      'Netto gesamt',
      'USt gesamt',
      'Brutto',
      'Status',
      'Erhalten',
      'Offen',
      'Bezahlt am',
    ]);
    const byKindStatus = (art: string, status: string) => rows.find((r) => r[1] === art && r[15] === status)!;
    const paid = byKindStatus('Rechnung', 'Bezahlt');
    // 2.5 × 49 = 122.50 (+24.50 VAT); 24.90 at 10 % (+2.49); gross 174.39.
    expect(paid.slice(2)).toEqual([
      '10.03.2026',
      '24.03.2026',
      // A business customer is invoiced under the company name (with its semicolon).
      'Bäckerei Größ & Söhne; KG',
      '122,50',
      '24,50',
      '0,00',
      '0,00',
      '24,90',
      '2,49',
      '0,00',
      '147,40',
      '26,99',
      '174,39',
      'Bezahlt',
      '174,39',
      '0,00',
      '20.03.2026',
    ]);
    expect(paid[0]).toMatch(/\d/);
    expect(byKindStatus('Rechnung', 'Storniert').slice(5, 7)).toEqual(['18,00', '3,60']);
    const storno = rows.find((r) => r[1] === 'Stornorechnung')!;
    expect(storno.slice(5, 7)).toEqual(['-18,00', '-3,60']);
    expect(storno[14]).toBe('-21,60');
  });

  it('same filters as the list (status, search) and XLSX with numbers', async () => {
    const paidOnly = readCsv((await download('/api/exports/invoices.csv?status=paid')).body);
    expect(paidOnly.slice(1).map((r) => r[15])).toEqual(['Bezahlt']);
    const none = readCsv((await download('/api/exports/invoices.csv?search=Niemand')).body);
    expect(none.length).toBe(1);
    const rows = readXlsx((await download('/api/exports/invoices.xlsx?status=paid')).body);
    const paid = rows[1] as unknown[];
    expect(paid[4]).toBe('Bäckerei Größ & Söhne; KG');
    expect(paid.slice(5, 15)).toEqual([122.5, 24.5, 0, 0, 24.9, 2.49, 0, 147.4, 26.99, 174.39]);
    expect(paid.slice(16, 18)).toEqual([174.39, 0]);
    expect(excelDate(paid[18])).toBe('2026-03-20');
  });
});

describe('payment export (Ist-Besteuerung)', () => {
  it('one row per ledger entry by payment date: money in, out, and removals on their own day', async () => {
    const partial = await api('POST', '/api/quickbill/invoices', {
      customer_id: other.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      items: [{ description: 'Gartenpflege', quantity: 2, unit: 'h', unit_price: 50, tax_rate: 20 }],
    });
    await api('POST', `/api/quickbill/invoices/${partial.id}/send`, {});
    const first = await api('POST', `/api/quickbill/invoices/${partial.id}/payments`, {
      payment_date: '2026-04-10',
      amount: 150,
      method: 'bar',
      reference: 'Quittung 17',
    });
    // 150 of 120 paid: 30 credit, of which 30 paid back; then the cash payment is found to be wrong.
    const refunded = await api('POST', `/api/quickbill/customers/${other.id}/credit/refund`, {
      payment_date: '2026-04-12',
      amount: 30,
      method: 'ueberweisung',
    });
    // The refund did not go out after all: removed today, the 30 are money of the portal again.
    const refund = refunded.entries.find((e: { kind: string }) => e.kind === 'refund');
    await api('POST', `/api/quickbill/payments/${refund.id}/reverse`, { reason: 'Überweisung zurückgekommen' });
    const rows = readCsv((await download(`/api/exports/payments.csv?customer_id=${other.id}`)).body);
    expect(rows[0]).toEqual([
      'Datum',
      'Buchung',
      'Rechnung',
      'Kunde',
      'Zahlungseingang',
      'Betrag',
      'Zahlungsart',
      'Quelle',
      'Referenz',
      'Notiz',
      'Grund',
      'Gebühr',
      'Erfasst von',
    ]);
    const number = first.entries[0].invoice_number;
    expect(rows.slice(1).map((r) => r.slice(0, 9))).toEqual([
      ['10.04.2026', 'Zahlung', number, 'Zoë Zach', '150,00', '150,00', 'bar', 'manuell erfasst', 'Quittung 17'],
      ['12.04.2026', 'Guthaben erstattet', '', 'Zoë Zach', '-30,00', '30,00', 'Überweisung', 'manuell erfasst', ''],
      [
        today().split('-').reverse().join('.'),
        'Storno: Guthaben erstattet',
        '',
        'Zoë Zach',
        '30,00',
        '30,00',
        'Überweisung',
        'manuell erfasst',
        '',
      ],
    ]);
    expect(rows[3][10]).toBe('Überweisung zurückgekommen');
    // The paid invoice of Jürgen: its payment from the old "mark paid" counts on its own day.
    const all = readCsv((await download('/api/exports/payments.csv')).body);
    expect(all.find((r) => r[0] === '20.03.2026')?.slice(0, 5)).toEqual([
      '20.03.2026',
      'Zahlung',
      expect.stringMatching(/\d/),
      'Bäckerei Größ & Söhne; KG',
      '174,39',
    ]);
    const xlsx = readXlsx((await download(`/api/exports/payments.xlsx?customer_id=${other.id}`)).body);
    expect((xlsx[2] as unknown[]).slice(4, 6)).toEqual([-30, 30]);
    expect((await download('/api/exports/payments.csv', customerToken)).status).toBe(403);
  });
});

describe('customer export', () => {
  it('search as on screen; umlauts, semicolon inside a quoted field, birthdate', async () => {
    const rows = readCsv((await download('/api/exports/customers.csv?search=hlinger')).body);
    expect(rows.length).toBe(2);
    const j = rows[1];
    expect(j.slice(0, 2)).toEqual(['Öhlinger', 'Jürgen']);
    expect(j[4]).toBe('Bäckerei Größ & Söhne; KG');
    expect(j[10]).toBe('28.02.1969');
    const all = readXlsx((await download('/api/exports/customers.xlsx')).body);
    expect(all.length).toBe(4);
    expect(all.slice(1).map((r) => (r as string[])[1])).toContain('Zoë');
  });
});

describe('access and bad input', () => {
  it('staff only; unknown format and bad month are German 400s', async () => {
    expect((await download('/api/exports/customers.csv', customerToken)).status).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/exports/customers.csv' })).statusCode).toBe(401);
    const pdf = await ctx.request({ method: 'GET', url: '/api/exports/customers.pdf', token: admin });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.body).toContain('Unbekanntes Format');
    const month = await ctx.request({
      method: 'GET',
      url: '/api/exports/time-entries.csv?month=2026-13',
      token: admin,
    });
    expect(month.statusCode).toBe(400);
    expect(month.body).toContain('JJJJ-MM');
  });
});
