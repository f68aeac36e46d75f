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
import { invoices } from '../../db/schema/index.js';
import { divideRounded, toHundredths } from '../../domain/decimal.js';
import { setClock } from '../../lib/clock.js';
import { openItems } from '../quickbill/payments/open-items.js';
import { loadAccountChart } from './accounting-chart.js';
import { bookingFilesForPeriod } from './booking-files.service.js';
import { collectBookings, isBalanced } from './booking-records.js';

/**
 * The booking files of decision 0820 for one month with every kind of document, checked
 * against the field rules of BMD's "Import von Buchungen" and DATEV's Buchungsstapel
 * (Formatversion 13) and against values each rule gives, worked out by hand below.
 */

let ctx: TestContext;
const NOVEMBER = { start: '2026-11-01', end: '2026-11-30', label: '2026-11' };
const values = (row: Cell[]) => row.map((c) => c.value);

type Fixture = Awaited<ReturnType<typeof fixture>>;
let f: Fixture;

async function fixture() {
  const juergen = await buildCustomer(ctx.db, { firstName: 'Jürgen', lastName: 'Müller' });
  const name = 'Jürgen Müller';
  // A: 2 × 50 at 20 %, 1 × 30 at 13 %, 1 × 10 at 10 %: nets 100.00 / 30.00 / 10.00,
  // VAT 20.00 / 3.90 / 1.00, gross 120.00 + 33.90 + 11.00 = 164.90.
  const a = await issueInvoice(ctx.db, {
    customerId: juergen.id,
    customerName: name,
    date: '2026-11-03',
    number: 'RE 2026/0101',
    lines: [
      { quantity: '2', unitPrice: '50.00', taxRate: 20 },
      { quantity: '1', unitPrice: '30.00', taxRate: 13 },
      { quantity: '1', unitPrice: '10.00', taxRate: 10 },
    ],
  });
  // B: Kleinunternehmer, 80.00 net, no VAT whatever rate the line carries.
  const b = await issueInvoice(ctx.db, {
    customerId: juergen.id,
    customerName: name,
    date: '2026-11-05',
    smallBusiness: true,
    lines: [{ quantity: '1', unitPrice: '80.00', taxRate: 20 }],
  });
  // C: 200.00 + 40.00 VAT = 240.00, paid on 8 Nov, cancelled on 20 Nov (Storno −240.00):
  // the payment becomes the customer's credit.
  const c = await issueInvoice(ctx.db, {
    customerId: juergen.id,
    customerName: name,
    date: '2026-11-06',
    lines: [{ quantity: '1', unitPrice: '200.00', taxRate: 20 }],
  });
  const payA1 = await ledgerEntry(ctx.db, {
    kind: 'payment',
    customerId: juergen.id,
    invoiceId: a.id,
    date: '2026-11-10',
    amount: '100.00',
    method: 'ueberweisung',
  });
  const payC = await ledgerEntry(ctx.db, {
    kind: 'payment',
    customerId: juergen.id,
    invoiceId: c.id,
    date: '2026-11-08',
    amount: '240.00',
    method: 'lastschrift',
  });
  const payA2 = await ledgerEntry(ctx.db, {
    kind: 'payment',
    customerId: juergen.id,
    invoiceId: a.id,
    date: '2026-11-12',
    amount: '64.90',
    method: 'bar',
  });
  const reversal = await ledgerEntry(ctx.db, {
    kind: 'reversal',
    customerId: juergen.id,
    reversesId: payA2.id,
    date: '2026-11-15',
    amount: '64.90',
  });
  const storno = await cancelInvoice(ctx.db, c.id, '2026-11-20');
  await reminder(ctx.db, { invoiceId: a.id, level: 1, letterDate: '2026-11-20', fee: '5.00', interest: '1.23' });
  const refund = await ledgerEntry(ctx.db, {
    kind: 'refund',
    customerId: juergen.id,
    date: '2026-11-25',
    amount: '40.00',
    method: 'ueberweisung',
  });
  const applied = await ledgerEntry(ctx.db, {
    kind: 'credit_applied',
    customerId: juergen.id,
    invoiceId: a.id,
    date: '2026-11-26',
    amount: '64.90',
  });
  // Outside the period: an invoice of 1 December and a payment of 31 October (of an October invoice).
  const october = await issueInvoice(ctx.db, {
    customerId: juergen.id,
    customerName: name,
    date: '2026-10-30',
    lines: [{ quantity: '1', unitPrice: '10.00', taxRate: 20 }],
  });
  await ledgerEntry(ctx.db, {
    kind: 'payment',
    customerId: juergen.id,
    invoiceId: october.id,
    date: '2026-10-31',
    amount: '12.00',
    method: 'ueberweisung',
  });
  await issueInvoice(ctx.db, {
    customerId: juergen.id,
    customerName: name,
    date: '2026-12-01',
    lines: [{ quantity: '1', unitPrice: '10.00', taxRate: 20 }],
  });
  return { juergen, a, b, c, storno, payA1, payA2, payC, reversal, refund, applied };
}

beforeAll(async () => {
  ctx = await createTestContext();
  f = await fixture();
});

describe('the chart', () => {
  it('is the schema default while nobody saved the settings', async () => {
    const chart = await loadAccountChart(ctx.db);
    expect(chart).toEqual({
      revenue: { 20: '4000', 13: '4013', 10: '4010', 0: '4020' },
      smallBusinessRevenue: '4030',
      receivables: { mode: 'collective', account: '2000' },
      bank: '2800',
      cash: '2700',
      reminderFee: '4880',
      interest: '8100',
      fiscalYearStartMonth: 1,
      datev: { consultantNumber: null, clientNumber: null, accountLength: 4 },
    });
  });

  it('refuses DATEV in German while Beraternummer and Mandantennummer are missing; BMD needs neither', async () => {
    await expect(bookingFilesForPeriod(ctx.db, NOVEMBER, ['datev'])).rejects.toThrow(
      'Für DATEV fehlen Beraternummer und Mandantennummer (Einstellungen → Buchhaltung).',
    );
    const { files } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['bmd']);
    expect(files.map((file) => file.name)).toEqual(['BMD_Buchungen_2026-11.csv']);
  });
});

describe('the booking documents', () => {
  it('balance, one by one', async () => {
    const documents = await collectBookings(ctx.db, NOVEMBER);
    expect(documents.length).toBe(11);
    for (const document of documents) expect(isBalanced(document), document.number).toBe(true);
    expect(documents.map((d) => d.date).every((d) => d >= NOVEMBER.start && d <= NOVEMBER.end)).toBe(true);
  });
});

describe('the BMD file', () => {
  it('has the field names first, then every booking line by the rules of BMD’s booking import', async () => {
    const { files, totals } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['bmd']);
    const [header, ...rows] = readBack(files[0].bytes).map(values);
    expect(header).toEqual([
      'satzart',
      'konto',
      'gkonto',
      'belegnr',
      'belegdat',
      'buchsymbol',
      'buchcode',
      'prozent',
      'steuercode',
      'betrag',
      'steuer',
      'text',
      'extbelegnr',
    ]);
    const a = 'RE 2026/0101';
    const c = f.c.invoiceNumber!;
    const s = f.storno.invoiceNumber!;
    const b = f.b.invoiceNumber!;
    const jm = 'Jürgen Müller';
    // satzart konto gkonto belegnr belegdat symbol code prozent steuercode betrag steuer text extbelegnr
    expect(rows).toEqual([
      ['0', '2000', '4000', a, '03.11.2026', 'AR', '1', '20', '1', '120,00', '-20,00', `RE ${a} ${jm}`, a],
      ['0', '2000', '4013', a, '03.11.2026', 'AR', '1', '13', '1', '33,90', '-3,90', `RE ${a} ${jm}`, a],
      ['0', '2000', '4010', a, '03.11.2026', 'AR', '1', '10', '1', '11,00', '-1,00', `RE ${a} ${jm}`, a],
      ['0', '2000', '4030', b, '05.11.2026', 'AR', '1', '', '', '80,00', '', `RE ${b} ${jm}`, b],
      ['0', '2000', '4000', c, '06.11.2026', 'AR', '1', '20', '1', '240,00', '-40,00', `RE ${c} ${jm}`, c],
      ['0', '2800', '2000', c, '08.11.2026', 'BK', '1', '', '', '240,00', '', `Zahlung ${c} ${jm}`, `Z${f.payC.id}`],
      ['0', '2800', '2000', a, '10.11.2026', 'BK', '1', '', '', '100,00', '', `Zahlung ${a} ${jm}`, `Z${f.payA1.id}`],
      ['0', '2700', '2000', a, '12.11.2026', 'KA', '1', '', '', '64,90', '', `Zahlung ${a} ${jm}`, `Z${f.payA2.id}`],
      [
        '0',
        '2700',
        '2000',
        a,
        '15.11.2026',
        'KA',
        '1',
        '',
        '',
        '-64,90',
        '',
        `Storno Zahlung ${a} ${jm}`,
        `Z${f.reversal.id}`,
      ],
      // The Storno: the negated gross and, seen from the customer's account, the VAT positive.
      ['0', '2000', '4000', c, '20.11.2026', 'AR', '1', '20', '1', '-240,00', '40,00', `Storno ${s} zu ${c} ${jm}`, s],
      [
        '0',
        '2000',
        '4880',
        a,
        '20.11.2026',
        'AR',
        '1',
        '',
        '',
        '5,00',
        '',
        `Mahnspesen 1. Stufe ${a} ${jm}`,
        `M1-${a}`,
      ],
      ['0', '2000', '8100', a, '20.11.2026', 'AR', '1', '', '', '1,23', '', `Verzugszinsen ${a} ${jm}`, `M1-${a}`],
      // Money out: the bank on the Haben side.
      [
        '0',
        '2800',
        '2000',
        `Z${f.refund.id}`,
        '25.11.2026',
        'BK',
        '2',
        '',
        '',
        '40,00',
        '',
        `Guthaben erstattet ${jm}`,
        `Z${f.refund.id}`,
      ],
      [
        '0',
        '2000',
        '2000',
        a,
        '26.11.2026',
        'UM',
        '1',
        '',
        '',
        '64,90',
        '',
        `Guthaben verrechnet ${a} ${jm}`,
        `Z${f.applied.id}`,
      ],
    ]);
    // Invoices 164.90 + 80.00 + 240.00 − 240.00; money 240.00 + 100.00 + 64.90 − 64.90 − 40.00.
    // Open on 30 Nov: A 164.90 − 100.00 − 64.90 applied = 0, B 80.00, C cancelled.
    expect(totals).toEqual({ invoicesGross: '244.90', paymentsNet: '300.00', openItemsAtEnd: '80.00' });
  });

  it('writes Windows-1252: the umlauts of the customer’s name are single bytes, never UTF-8', async () => {
    const { files } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['bmd']);
    const bytes = files[0].bytes;
    expect(bytes.includes(Buffer.from('J\xfcrgen M\xfcller', 'latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from('ü', 'utf8'))).toBe(false);
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false); // no BOM
    expect(bytes.toString('latin1').split('\r\n').at(-1)).toBe(''); // CRLF after every record
    expect(bytes.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('says what was open at the end of an earlier period', async () => {
    // On 7 Nov: A 164.90, B 80.00 and C 240.00 (paid on the 8th) are all open.
    const { totals } = await bookingFilesForPeriod(ctx.db, { start: '2026-11-01', end: '2026-11-07', label: 'x' }, []);
    expect(totals).toEqual({ invoicesGross: '484.90', paymentsNet: '0.00', openItemsAtEnd: '484.90' });
  });

  it('agrees with "Offene Posten" when the period ends today', async () => {
    const today = '2026-12-01';
    const op = await openItems(ctx.db, today, { page: 1, page_size: 100 });
    const { totals } = await bookingFilesForPeriod(ctx.db, { start: '2026-12-01', end: today, label: 'x' }, []);
    expect(Number(totals.openItemsAtEnd)).toBe(op.totals.total);
  });
});

describe('the DATEV file', () => {
  beforeAll(async () => {
    await saveChart(ctx.db, { datevConsultantNumber: 1234567, datevClientNumber: 42 });
  });

  it('has the 31 header fields of version 700, category 21, Formatversion 13, in order', async () => {
    setClock(new Date('2026-12-01T09:30:15.123Z'));
    const { files } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['datev']);
    expect(files[0].name).toBe('EXTF_Buchungsstapel_2026-11.csv');
    const [header, headings] = readBack(files[0].bytes);
    expect(header).toHaveLength(31);
    expect(values(header)).toEqual([
      'EXTF',
      '700',
      '21',
      'Buchungsstapel',
      '13',
      '20261201103015123', // 09:30:15.123 UTC is 10:30:15.123 in Vienna in winter
      '',
      '',
      '',
      '',
      '1234567',
      '42',
      '20260101',
      '4',
      '20261101',
      '20261130',
      'Buchungen 2026-11',
      '',
      '1',
      '0',
      '0',
      'EUR',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    // Text fields in quotes, numbers without (fields 1, 4, 8, 9, 10, 17, 18, 22, 27, 31 are text).
    const quoted = header.flatMap((cell, i) => (cell.quoted ? [i + 1] : []));
    expect(quoted).toEqual([1, 4, 8, 9, 10, 17, 18, 22, 24, 27, 30, 31]);
    expect(headings).toHaveLength(125);
    expect(values(headings).slice(0, 14)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
      'Kurs',
      'Basis-Umsatz',
      'WKZ Basis-Umsatz',
      'Konto',
      'Gegenkonto (ohne BU-Schlüssel)',
      'BU-Schlüssel',
      'Belegdatum',
      'Belegfeld 1',
      'Belegfeld 2',
      'Skonto',
      'Buchungstext',
    ]);
    expect(values(headings).at(-1)).toBe('Abw. Skontokonto');
  });

  it('marks a correction in both file names and in DATEV’s Bezeichnung, within its 30 characters', async () => {
    setClock(new Date('2026-12-01T09:30:15.123Z'));
    const first = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['bmd', 'datev']);
    const correction = await bookingFilesForPeriod(ctx.db, { ...NOVEMBER, correction: true }, ['bmd', 'datev']);
    expect(correction.files.map((f) => f.name)).toEqual([
      'BMD_Buchungen_2026-11_Korrektur.csv',
      'EXTF_Buchungsstapel_2026-11_Korrektur.csv',
    ]);
    const [header, headings, ...rows] = readBack(correction.files[1].bytes);
    expect(header).toHaveLength(31);
    expect(header[16]).toEqual({ value: 'Korrektur Buchungen 2026-11', quoted: true });
    const [firstHeader, firstHeadings, ...firstRows] = readBack(first.files[1].bytes);
    // Only the Bezeichnung differs; the bookings are those of the first export, field by field.
    expect(values(header).filter((_, i) => i !== 16)).toEqual(values(firstHeader).filter((_, i) => i !== 16));
    expect(headings).toEqual(firstHeadings);
    expect(rows).toEqual(firstRows);
    // BMD has no header record: the file's content is the same, its name says "Korrektur".
    expect(correction.files[0].bytes).toEqual(first.files[0].bytes);
    // The longest label, a quarter, still fits DATEV's 30 characters.
    const quarter = await bookingFilesForPeriod(
      ctx.db,
      { start: '2026-10-01', end: '2026-12-31', label: '2026-Q4', correction: true },
      ['datev'],
    );
    const [quarterHeader] = readBack(quarter.files[0].bytes);
    expect(quarterHeader[16].value).toBe('Korrektur Buchungen 2026-Q4');
    expect(quarterHeader[16].value.length).toBeLessThanOrEqual(30);
  });

  it('books every line with a positive Umsatz and the Soll/Haben of Konto, within DATEV’s field rules', async () => {
    const { files } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['datev']);
    const [, , ...rows] = readBack(files[0].bytes);
    for (const row of rows) {
      expect(row).toHaveLength(125);
      const v = values(row);
      expect(v[0]).toMatch(/^\d{1,10},\d{2}$/);
      expect(commaCents(v[0]) > 0n).toBe(true);
      expect(['S', 'H']).toContain(v[1]);
      expect(v[2]).toBe('EUR');
      for (const account of [v[6], v[7]]) expect(account).toMatch(/^\d{1,5}$/); // Sachkontenlänge 4 (+1)
      expect(v[8]).toBe('');
      expect(v[9]).toMatch(/^(0[1-9]|[12]\d|30)11$/); // TTMM within November
      expect(v[10].length).toBeLessThanOrEqual(36);
      expect(v[10]).toMatch(/^[A-Za-z0-9$&%*+\-/_]+$/);
      expect(v[11].length).toBeLessThanOrEqual(12);
      expect(v[13].length).toBeLessThanOrEqual(60);
      // Text columns quoted, numbers and accounts not.
      expect([1, 2, 8, 10, 11, 13].every((i) => row[i].quoted)).toBe(true);
      expect([0, 6, 7, 9].some((i) => row[i].quoted)).toBe(false);
      expect(v.slice(14).every((x) => x === '')).toBe(true);
    }
    const pick = (v: string[]) => [v[0], v[1], v[6], v[7], v[9], v[10], v[11], v[13]];
    const a = 'RE2026/0101'; // Belegfeld 1 keeps only the characters DATEV allows
    const c = f.c.invoiceNumber!;
    const s = f.storno.invoiceNumber!;
    const jm = 'Jürgen Müller';
    expect(rows.map(values).map(pick)).toEqual([
      ['120,00', 'S', '2000', '4000', '0311', a, '', `RE RE 2026/0101 ${jm}`],
      ['33,90', 'S', '2000', '4013', '0311', a, '', `RE RE 2026/0101 ${jm}`],
      ['11,00', 'S', '2000', '4010', '0311', a, '', `RE RE 2026/0101 ${jm}`],
      ['80,00', 'S', '2000', '4030', '0511', f.b.invoiceNumber, '', `RE ${f.b.invoiceNumber} ${jm}`],
      ['240,00', 'S', '2000', '4000', '0611', c, '', `RE ${c} ${jm}`],
      ['240,00', 'S', '2800', '2000', '0811', c, `Z${f.payC.id}`, `Zahlung ${c} ${jm}`],
      ['100,00', 'S', '2800', '2000', '1011', a, `Z${f.payA1.id}`, `Zahlung RE 2026/0101 ${jm}`],
      ['64,90', 'S', '2700', '2000', '1211', a, `Z${f.payA2.id}`, `Zahlung RE 2026/0101 ${jm}`],
      // A removed payment: the same accounts, the other side.
      ['64,90', 'H', '2700', '2000', '1511', a, `Z${f.reversal.id}`, `Storno Zahlung RE 2026/0101 ${jm}`],
      // The Storno: Haben on the customer's account, Belegfeld 1 the original invoice, 2 its own number.
      ['240,00', 'H', '2000', '4000', '2011', c, s, `Storno ${s} zu ${c} ${jm}`],
      // The reminder's own number (M1-RE2026/0101) is longer than Belegfeld 2's 12 characters: left out.
      ['5,00', 'S', '2000', '4880', '2011', a, '', `Mahnspesen 1. Stufe RE 2026/0101 ${jm}`],
      ['1,23', 'S', '2000', '8100', '2011', a, '', `Verzugszinsen RE 2026/0101 ${jm}`],
      ['40,00', 'H', '2800', '2000', '2511', `Z${f.refund.id}`, '', `Guthaben erstattet ${jm}`],
      ['64,90', 'S', '2000', '2000', '2611', a, `Z${f.applied.id}`, `Guthaben verrechnet RE 2026/0101 ${jm}`],
    ]);
  });

  it('balances each document read back from the file, with the totals of the invoice as issued', async () => {
    const { files } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['bmd']);
    const [, ...rows] = readBack(files[0].bytes).map(values);
    // Per document (its own number): Soll the gross on konto; Haben the net on gkonto and the VAT.
    const byDocument = new Map<string, { soll: bigint; net: bigint; vat: bigint }>();
    for (const r of rows) {
      const sign = r[6] === '1' ? 1n : -1n;
      const betrag = sign * commaCents(r[9]);
      const vat = r[10] === '' ? 0n : -sign * commaCents(r[10]);
      const doc = byDocument.get(r[12]) ?? { soll: 0n, net: 0n, vat: 0n };
      doc.soll += betrag;
      doc.net += betrag - vat;
      doc.vat += vat;
      byDocument.set(r[12], doc);
      // VAT is the rate's share of the net, rounded half-up to the cent (§ 11 UStG, DOMAIN-RULES §7).
      if (r[7] !== '') expect(vat, `${r[12]} ${r[7]} %`).toBe(divideRounded((betrag - vat) * BigInt(r[7]), 100n));
    }
    for (const [number, doc] of byDocument) expect(doc.soll, number).toBe(doc.net + doc.vat);
    const rows0 = await ctx.db.select().from(invoices);
    for (const invoice of rows0.filter((i) => i.invoiceDate >= NOVEMBER.start && i.invoiceDate <= NOVEMBER.end)) {
      const doc = byDocument.get(invoice.invoiceNumber!);
      expect(doc, invoice.invoiceNumber!).toEqual({
        soll: toHundredths(invoice.totalGross),
        net: toHundredths(invoice.totalNet),
        vat: toHundredths(invoice.totalTax),
      });
    }
  });

  it('refuses a period that spans two fiscal years, in German', async () => {
    await saveChart(ctx.db, { fiscalYearStartMonth: 7 });
    try {
      const { files } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['datev']);
      expect(values(readBack(files[0].bytes)[0])[12]).toBe('20260701');
      await expect(
        bookingFilesForPeriod(ctx.db, { start: '2026-01-01', end: '2026-12-31', label: '2026' }, ['datev']),
      ).rejects.toThrow('Ein DATEV-Buchungsstapel umfasst höchstens ein Kalenderjahr und ein Wirtschaftsjahr.');
    } finally {
      await saveChart(ctx.db, { fiscalYearStartMonth: 1 });
    }
  });

  it('books per customer on start + customer id, and refuses accounts DATEV cannot read', async () => {
    await saveChart(ctx.db, {
      receivablesMode: 'per_customer',
      customerAccountStart: 20000,
      customerAccountEnd: 29999,
    });
    try {
      const account = String(20000 + f.juergen.id);
      const { files } = await bookingFilesForPeriod(ctx.db, NOVEMBER, ['bmd', 'datev']);
      const bmd = readBack(files[0].bytes).slice(1).map(values);
      expect(bmd[0].slice(1, 3)).toEqual([account, '4000']);
      expect(bmd.at(-1)!.slice(1, 3)).toEqual([account, account]);
      const datev = readBack(files[1].bytes).slice(2).map(values);
      expect(datev[5].slice(6, 8)).toEqual(['2800', account]);

      // Six digits for the customers with Sachkontenlänge 4: DATEV's Personenkonten have five.
      await saveChart(ctx.db, { customerAccountStart: 200000, customerAccountEnd: 299999 });
      await expect(bookingFilesForPeriod(ctx.db, NOVEMBER, ['datev'])).rejects.toThrow(
        `Das Kundenkonto ${200000 + f.juergen.id} passt nicht zur Sachkontenlänge 4`,
      );
      // A range too small for the customer's number.
      const zoe = await buildCustomer(ctx.db, { firstName: 'Zoë', lastName: 'Zach' });
      await issueInvoice(ctx.db, {
        customerId: zoe.id,
        customerName: 'Zoë Zach',
        date: '2026-09-10',
        lines: [{ quantity: '1', unitPrice: '10.00', taxRate: 20 }],
      });
      await saveChart(ctx.db, { customerAccountStart: 20000, customerAccountEnd: 20001 });
      const september = { start: '2026-09-01', end: '2026-09-30', label: '2026-09' };
      await expect(bookingFilesForPeriod(ctx.db, september, ['bmd'])).rejects.toThrow(
        `Das Kundenkonto ${20000 + zoe.id} (Kunde ${zoe.id}) liegt außerhalb des Bereichs 20000–20001`,
      );
    } finally {
      await saveChart(ctx.db, {
        receivablesMode: 'collective',
        customerAccountStart: 200000,
        customerAccountEnd: 299999,
      });
    }
  });
});
