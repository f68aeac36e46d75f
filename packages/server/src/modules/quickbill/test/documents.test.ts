import { formatDate } from '@butler/contract/format';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, buildProject, buildTimeEntry, TEST_PASSWORD } from '../../../../test/factories.js';
import { facturXSchemaErrors } from '../../../../test/factur-x-schema.js';
import {
  configureProvider,
  createDraft,
  daysAgo,
  PROVIDER,
  pdfAttachments,
  pdfText,
  sendInvoice,
} from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { generateValidated } from '../e-invoice/factur-x.js';
import { epcPayload, epcQrPng } from '../pdf/epc-qr.js';
import { loadInvoiceDocument } from '../records/invoice-document.js';

// jsqr is CommonJS whose types declare an ES default export; take whichever the loader gives.
const jsQR: typeof jsQRModule.default = (jsQRModule as any).default ?? jsQRModule;

let ctx: TestContext;
let token: string;
let customer: Awaited<ReturnType<typeof buildCustomer>>;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  customer = await buildCustomer(ctx.db, {
    firstName: 'Maria',
    lastName: 'Gruber',
    company: 'Gruber Consulting GmbH',
    uid: 'ATU87654321',
    street: 'Herrengasse 3',
    postalCode: '8010',
    city: 'Graz',
  });
  await configureProvider(ctx, token);
});

const getPdf = async (id: number) => {
  const res = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${id}/pdf`, token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
  return res.rawPayload;
};

/** Text of the first element of that name inside `scope` (a preceding element name). */
const xmlValue = (xml: string, scope: string, tag: string) =>
  new RegExp(`<${scope}>[\\s\\S]*?<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml)?.[1];

describe('invoice PDF (§11 UStG)', () => {
  it('shows every item §11 UStG requires, plus payment terms, bank details and the payment code', async () => {
    const project = await buildProject(ctx.db, customer.id, { name: 'Büro' });
    const entry = await buildTimeEntry(ctx.db, customer.id, project.id, {
      workDate: daysAgo(3),
      hours: '2.5',
      activityDescription: 'Ablage sortiert',
    });
    const draft = await createDraft(ctx, token, customer.id, {
      invoice_date: daysAgo(1),
      service_period_start: daysAgo(10),
      service_period_end: daysAgo(2),
      time_entry_ids: [entry.id],
    });
    const { invoice_number } = await sendInvoice(ctx, token, draft.id);
    const text = await pdfText(await getPdf(draft.id));
    const expected = [
      PROVIDER.company_name,
      'Mariahilfer Straße 12',
      '1060 Wien',
      `UID: ${PROVIDER.uid}`,
      'Gruber Consulting GmbH',
      'Herrengasse 3',
      '8010 Graz',
      'UID: ATU87654321',
      formatDate(daysAgo(1)),
      `Rechnung ${invoice_number}`,
      `Leistungszeitraum ${formatDate(daysAgo(10))} – ${formatDate(daysAgo(2))}`,
      'Haushaltsbetreuung Jänner',
      '10,00 h',
      'Fahrtkosten',
      'Netto 20 % € 500,00',
      'USt. 20 % von € 500,00 € 100,00',
      'Netto 10 % € 12,34',
      'USt. 10 % von € 12,34 € 1,23',
      'Gesamtbetrag (brutto) € 613,57',
      `zahlbar ohne Abzug bis ${formatDate(draft.due_date)}`,
      'IBAN AT61 1904 3002 3457 3201',
      'BIC BKAUATWW',
      'Zahlen mit Code',
      `Leistungsnachweis zu ${invoice_number}`,
      'Ablage sortiert',
      'Firmenbuch FN 123456a',
    ];
    for (const part of expected) expect(text, part).toContain(part);
  });

  it('prints the Kleinunternehmer note and charges no VAT in that mode', async () => {
    await configureProvider(ctx, token, { small_business: true });
    try {
      const draft = await createDraft(ctx, token, customer.id);
      expect(draft).toMatchObject({ small_business: true, total_tax: 0, total_gross: 512.34 });
      expect(draft.tax_breakdown).toEqual([
        { tax_rate: 0, tax_exemption: 'small_business', net: 512.34, tax: 0, gross: 512.34 },
      ]);
      await sendInvoice(ctx, token, draft.id);
      const pdf = await getPdf(draft.id);
      expect(await pdfText(pdf)).toContain('Umsatzsteuerbefreit – Kleinunternehmer gem. § 6 Abs. 1 Z 27 UStG');
      const xml = (await pdfAttachments(pdf))['factur-x.xml'];
      expect(await facturXSchemaErrors(xml)).toEqual([]);
      expect(xmlValue(xml, 'ram:ApplicableTradeTax', 'ram:CategoryCode')).toBe('E');
      expect(xml).toContain(
        '<ram:ExemptionReason>Umsatzsteuerbefreit – Kleinunternehmer gem. § 6 Abs. 1 Z 27 UStG</ram:ExemptionReason>',
      );
    } finally {
      await configureProvider(ctx, token, { small_business: false });
    }
  });

  it('marks a draft preview as Entwurf and embeds no e-invoice', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const pdf = await getPdf(draft.id);
    expect(await pdfText(pdf)).toContain('Entwurf – noch keine gültige Rechnung.');
    expect(await pdfAttachments(pdf)).toEqual({});
    const xml = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}/xml`, token });
    expect(xml.statusCode).toBe(409);
    expect(xml.json().error).toBe('Die E-Rechnung entsteht erst beim Versenden der Rechnung');
  });

  it('serves the stored PDF of an issued invoice unchanged after the settings change', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, draft.id);
    const first = await getPdf(draft.id);
    await configureProvider(ctx, token, { company_name: 'Neuer Name GmbH' });
    try {
      const second = await getPdf(draft.id);
      expect(Buffer.compare(first, second)).toBe(0);
      expect(await pdfText(second)).toContain(PROVIDER.company_name);
    } finally {
      await configureProvider(ctx, token);
    }
  });
});

describe('e-invoice (EN 16931 CII, Factur-X)', () => {
  it('the schema check finds errors in XML that breaks the Factur-X schema', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, draft.id);
    const xml = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}/xml`, token })).body;
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    // BT-1 missing: the document ID is mandatory in the EN 16931 profile.
    const broken = xml.replace(/(<rsm:ExchangedDocument>\s*)<ram:ID>[^<]*<\/ram:ID>/, '$1');
    expect(broken).not.toBe(xml);
    expect((await facturXSchemaErrors(broken)).length).toBeGreaterThan(0);
  });

  it('embeds factur-x.xml whose mandatory BT fields match the invoice, and serves the same XML alone', async () => {
    const draft = await createDraft(ctx, token, customer.id, { invoice_date: daysAgo(1) });
    const { invoice_number } = await sendInvoice(ctx, token, draft.id);
    const embedded = (await pdfAttachments(await getPdf(draft.id)))['factur-x.xml'];
    const res = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}/xml`, token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toBe(embedded);

    const xml = embedded;
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    const compact = daysAgo(1).replace(/-/g, '');
    expect(xml).toContain('<rsm:CrossIndustryInvoice');
    expect(xmlValue(xml, 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID')).toBe('urn:cen.eu:en16931:2017'); // BT-24
    expect(xmlValue(xml, 'rsm:ExchangedDocument', 'ram:ID')).toBe(invoice_number); // BT-1
    expect(xmlValue(xml, 'rsm:ExchangedDocument', 'ram:TypeCode')).toBe('380'); // BT-3
    expect(xmlValue(xml, 'ram:IssueDateTime', 'udt:DateTimeString')).toBe(compact); // BT-2
    expect(xmlValue(xml, 'ram:SellerTradeParty', 'ram:Name')).toBe(PROVIDER.company_name); // BT-27
    expect(xmlValue(xml, 'ram:SellerTradeParty', 'ram:CountryID')).toBe('AT'); // BT-40
    expect(xmlValue(xml, 'ram:SpecifiedTaxRegistration', 'ram:ID')).toBe(PROVIDER.uid); // BT-31
    expect(xmlValue(xml, 'ram:BuyerTradeParty', 'ram:Name')).toBe('Gruber Consulting GmbH'); // BT-44
    expect(xmlValue(xml, 'ram:BuyerTradeParty', 'ram:PostcodeCode')).toBe('8010'); // BT-53
    expect(xmlValue(xml, 'ram:BuyerTradeParty', 'ram:CityName')).toBe('Graz'); // BT-52
    expect(xmlValue(xml, 'ram:ApplicableHeaderTradeSettlement', 'ram:InvoiceCurrencyCode')).toBe('EUR'); // BT-5
    // BR-FX-EN-04: a delivery date (BT-72) or an invoicing period (BG-14) — both are present.
    expect(xmlValue(xml, 'ram:ActualDeliverySupplyChainEvent', 'udt:DateTimeString')).toBe(compact);
    expect(xmlValue(xml, 'ram:BillingSpecifiedPeriod', 'udt:DateTimeString')).toBe(compact);
    expect(xmlValue(xml, 'ram:PayeePartyCreditorFinancialAccount', 'ram:IBANID')).toBe('AT611904300234573201');
    expect(xmlValue(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation', 'ram:LineTotalAmount')).toBe('512.34'); // BT-106
    expect(xmlValue(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation', 'ram:GrandTotalAmount')).toBe('613.57'); // BT-112
    expect(xmlValue(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation', 'ram:DuePayableAmount')).toBe('613.57'); // BT-115
    expect(xml.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(2); // BG-25
    expect(xml.match(/<ram:CategoryCode>S<\/ram:CategoryCode>/g)!.length).toBeGreaterThanOrEqual(4);
  });

  it('passes e-invoice-eu’s own input validation for invoices and credit notes', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const { invoice_number } = await sendInvoice(ctx, token, draft.id);
    const cancel = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
    for (const id of [draft.id, cancel.json().credit_note_id]) {
      const document = await loadInvoiceDocument(ctx.db, id);
      const xml = String(await generateValidated(document, 'CII'));
      expect(xml).toContain(`<ram:ID>${document.invoice.invoiceNumber}</ram:ID>`);
    }
    const credit = (
      await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${cancel.json().credit_note_id}/xml`, token })
    ).body;
    expect(await facturXSchemaErrors(credit)).toEqual([]);
    expect(xmlValue(credit, 'rsm:ExchangedDocument', 'ram:TypeCode')).toBe('381');
    expect(xmlValue(credit, 'ram:InvoiceReferencedDocument', 'ram:IssuerAssignedID')).toBe(invoice_number);
    expect(xmlValue(credit, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation', 'ram:GrandTotalAmount')).toBe(
      '613.57',
    );
  });
});

describe('EPC payment code', () => {
  it('encodes BIC, name, IBAN, amount, the RF reference (structured) and the invoice number as EPC069-12 and decodes back', async () => {
    const payment = {
      bic: 'BKAUATWW',
      name: 'Mein BUTLER e.U.',
      iban: 'AT61 1904 3002 3457 3201',
      amountCents: 61357n,
      reference: 'RF6320260007',
      information: 'Rechnung 2026-0007',
    };
    expect(epcPayload(payment).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'BKAUATWW',
      'Mein BUTLER e.U.',
      'AT611904300234573201',
      'EUR613.57',
      '',
      'RF6320260007',
      '',
      'Rechnung 2026-0007',
    ]);
    const png = PNG.sync.read(await epcQrPng(payment));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(epcPayload(payment));
  });
});
