import fs from 'node:fs/promises';
import path from 'node:path';
import { formatDate } from '@butler/contract/format';
import { REVERSE_CHARGE_NOTE, SMALL_BUSINESS_NOTE, TAX_EXEMPTION_INFO } from '@butler/contract/vat';
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cenFatalErrors,
  ebInterfaceSchemaErrors,
  parseUtf8Xml,
  pdfFonts,
  pdfMetadata,
  tagValue,
} from '../../../../test/e-invoice-validators.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { facturXSchemaErrors } from '../../../../test/factur-x-schema.js';
import {
  configureProvider,
  createDraft,
  daysAgo,
  PROVIDER,
  pdfAttachments,
  pdfText,
} from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';

/**
 * Issues invoices for every VAT case the portal supports and runs each issued document
 * through the independent checks: CEN EN 16931 schematron, Factur-X XSD, ebInterface 6.1
 * XSD, pdffonts, the XMP packet and the PDF's text (§ 11 UStG).
 */

let ctx: TestContext;
let token: string;

const SELLER = {
  ...PROVIDER,
  company_name: 'Gärtner & Söhne Hausbetreuung e.U.',
  street: 'Währinger Straße 12',
  city: 'Wien',
  postal_code: '1090',
  tax_number: '',
  small_business: false,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  await configureProvider(ctx, token, SELLER);
});

const line = (description: string, quantity: number, unit_price: number, tax_rate: number, tax_exemption?: string) => ({
  description,
  quantity,
  unit: 'h',
  unit_price,
  tax_rate,
  ...(tax_exemption ? { tax_exemption } : {}),
});

async function send(id: number, expected = 200) {
  const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${id}/send`, token });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json();
}

async function get(url: string) {
  const res = await ctx.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Every independent check on one issued document; answers its texts for case checks. */
async function checkIssued(id: number) {
  const pdf = (await get(`/api/quickbill/invoices/${id}/pdf`)).rawPayload;
  // QUICKBILL_PDF_DIR=… keeps the PDFs to look at them.
  if (process.env.QUICKBILL_PDF_DIR)
    await fs.writeFile(path.join(process.env.QUICKBILL_PDF_DIR, `invoice-${id}.pdf`), pdf);
  const cii = (await pdfAttachments(pdf))['factur-x.xml'];
  expect(await facturXSchemaErrors(cii)).toEqual([]);
  expect(await cenFatalErrors(cii)).toEqual([]);

  const eb = (await get(`/api/quickbill/invoices/${id}/ebinterface`)).body;
  expect(await ebInterfaceSchemaErrors(eb)).toEqual([]);

  const fonts = await pdfFonts(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true });

  const meta = await pdfMetadata(pdf);
  expect(meta.xmp).not.toBeNull();
  expect(meta.filtered).toBe(false);
  expect(meta.iccComponents).toEqual([3]);
  const xmp = await parseUtf8Xml(meta.xmp!);
  expect(tagValue(xmp, 'pdfaid:part')).toBe('3');
  expect(tagValue(xmp, 'fx:DocumentType')).toBe('INVOICE');
  expect(tagValue(xmp, 'fx:DocumentFileName')).toBe('factur-x.xml');
  expect(tagValue(xmp, 'fx:Version')).toBe('1.0');
  expect(tagValue(xmp, 'fx:ConformanceLevel')).toBe('EN 16931');
  // The info dictionary says what the XMP says (PDF/A 6.6.3).
  const unXml = (s?: string) => s?.replace(/&amp;/g, '&');
  expect(unXml(/<dc:title>[\s\S]*?<rdf:li[^>]*>([^<]*)</.exec(xmp)?.[1])).toBe(meta.info.title);
  expect(unXml(/<dc:creator>[\s\S]*?<rdf:li>([^<]*)</.exec(xmp)?.[1])).toBe(meta.info.author);
  expect(unXml(/<dc:description>[\s\S]*?<rdf:li[^>]*>([^<]*)</.exec(xmp)?.[1])).toBe(meta.info.subject);
  expect(tagValue(xmp, 'xmp:CreatorTool')).toBe(meta.info.creator);
  expect(tagValue(xmp, 'pdf:Producer')).toBe(meta.info.producer);
  expect(tagValue(xmp, 'pdf:Keywords')).toBe(meta.info.keywords);
  expect(new Date(tagValue(xmp, 'xmp:CreateDate')!).toISOString()).toBe(meta.info.created);

  const text = await pdfText(pdf);
  // BT-83: the RF creditor reference in both e-invoices and printed (decision 0584), on every
  // tax case this file issues, with the schematron passing above.
  const detail = (await get(`/api/quickbill/invoices/${id}`)).json();
  if (detail.kind === 'invoice') {
    const rf = detail.payment_reference.replace(/\s+/g, '');
    expect(rf).toMatch(/^RF\d{2}[0-9A-Z]+$/);
    expect(cii).toContain(`<ram:PaymentReference>${rf}</ram:PaymentReference>`);
    expect(eb).toContain(`<PaymentReference>${rf}</PaymentReference>`);
    expect(text).toContain(`Zahlungsreferenz: ${detail.payment_reference}`);
  }
  // § 11 Abs. 1 Z 3 UStG items every invoice carries.
  for (const part of [SELLER.company_name, SELLER.street, `${SELLER.postal_code} ${SELLER.city}`]) {
    expect(text, part).toContain(part);
  }
  return { pdf, cii, eb, xmp, text, title: meta.info.title };
}

describe('issued documents pass every validator', () => {
  it('mixed 20/13/10/0 % with umlauts everywhere, a disbursement and a domestic business customer', async () => {
    const customer = await buildCustomer(ctx.db, {
      firstName: 'Jürgen',
      lastName: 'Größ',
      company: 'Müller-Lüdenscheidt „Häuser“ GmbH',
      street: 'Äußere Hauptstraße 5/Top 3',
      postalCode: '5020',
      city: 'Salzburg',
      uid: 'ATU87654321',
      isBusiness: true,
    });
    const draft = await createDraft(ctx, token, customer.id, {
      invoice_date: daysAgo(1),
      service_period_start: daysAgo(20),
      service_period_end: daysAgo(2),
      notes: 'Danke für Ihr Vertrauen – schöne Grüße aus Wien!',
      items: [
        line('Gartenpflege „Frühjahr“ – Rückschnitt', 10, 50, 20),
        line('Übernachtung Hüttenwirt (Beherbergung)', 1, 80, 13),
        line('Bücher für Ö1-Quiz', 2, 12.5, 10),
        line('Parkgebühr, verauslagt für Sie', 1, 7.4, 0, 'disbursement'),
      ],
    });
    expect(draft.tax_breakdown.map((r: any) => [r.tax_rate, r.tax_exemption, r.tax])).toEqual([
      [20, null, 100],
      [13, null, 10.4],
      [10, null, 2.5],
      [0, 'disbursement', 0],
    ]);
    const { invoice_number } = await send(draft.id);
    const { cii, eb, text, title } = await checkIssued(draft.id);
    expect(title).toBe(`Rechnung ${invoice_number}`);
    for (const part of [
      'Müller-Lüdenscheidt „Häuser“ GmbH',
      'z. H. Jürgen Größ',
      'Äußere Hauptstraße 5/Top 3',
      '5020 Salzburg',
      'UID: ATU87654321',
      `UID: ${SELLER.uid}`,
      `Rechnung ${invoice_number}`,
      formatDate(daysAgo(1)),
      `Leistungszeitraum ${formatDate(daysAgo(20))} – ${formatDate(daysAgo(2))}`,
      'Gartenpflege „Frühjahr“ – Rückschnitt',
      'USt. 20 % von € 500,00 € 100,00',
      'USt. 13 % von € 80,00 € 10,40',
      'USt. 10 % von € 25,00 € 2,50',
      'Netto 0 % (durchlaufender Posten) € 7,40',
      `Ohne USt.: ${TAX_EXEMPTION_INFO.disbursement.label}`,
      TAX_EXEMPTION_INFO.disbursement.note,
      'Gesamtbetrag (brutto) € 725,30',
      'Danke für Ihr Vertrauen – schöne Grüße aus Wien!',
    ]) {
      expect(text, part).toContain(part);
    }
    expect(cii).toContain('<ram:RateApplicablePercent>13</ram:RateApplicablePercent>');
    expect(cii).toContain('<ram:ExemptionReasonCode>VATEX-EU-79-C</ram:ExemptionReasonCode>');
    expect(cii).toContain('<ram:CountryID>AT</ram:CountryID>');
    expect(eb).toContain('<TaxPercent TaxCategoryCode="AA">13</TaxPercent>');
    expect(eb).toContain('<TaxPercent TaxCategoryCode="E">0</TaxPercent>');
    expect(eb).toContain('<TotalGrossAmount>725.30</TotalGrossAmount>');
    expect(eb).toContain('<Name>Müller-Lüdenscheidt „Häuser“ GmbH</Name>');

    // The Stornorechnung: its own checks, the reference to the cancelled invoice, BT-26 as 102.
    const cancel = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const credit = await checkIssued(cancel.json().credit_note_id);
    expect(credit.title).toMatch(/^Stornorechnung /);
    expect(credit.text).toContain(`Storno der Rechnung Nr. ${invoice_number} vom ${formatDate(daysAgo(1))}`);
    expect(credit.text).not.toContain('Gutschrift');
    expect(credit.cii).toContain(
      `<qdt:DateTimeString format="102">${daysAgo(1).replace(/-/g, '')}</qdt:DateTimeString>`,
    );
    expect(credit.eb).toContain('DocumentType="CreditMemo"');
    expect(credit.eb).toContain(
      `<CancelledOriginalDocument><InvoiceNumber>${invoice_number}</InvoiceNumber><InvoiceDate>${daysAgo(1)}</InvoiceDate>`,
    );
  });

  it('reverse charge to a business in another EU state: category AE, both UIDs and the note', async () => {
    const customer = await buildCustomer(ctx.db, {
      company: 'Bäckerei Schäfer GmbH',
      street: 'Königstraße 7',
      postalCode: '80331',
      city: 'München',
      country: 'DE',
      uid: 'DE123456789',
      isBusiness: true,
    });
    const draft = await createDraft(ctx, token, customer.id, {
      items: [line('Betreuung Messestand', 8, 55, 0, 'reverse_charge')],
    });
    await send(draft.id);
    const { cii, eb, text } = await checkIssued(draft.id);
    for (const part of ['Bäckerei Schäfer GmbH', '80331 München', 'Deutschland', 'UID: DE123456789']) {
      expect(text, part).toContain(part);
    }
    expect(text).toContain('Übergang der Steuerschuld auf den Leistungsempfänger');
    expect(text).toContain(REVERSE_CHARGE_NOTE.replace(/\s+/g, ' '));
    expect(cii).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(cii).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
    expect(cii).toContain('<ram:CountryID>DE</ram:CountryID>');
    expect(cii).toContain('DE123456789');
    expect(eb).toContain('<TaxPercent TaxCategoryCode="AE">0</TaxPercent>');
    expect(eb).toContain('<Country CountryCode="DE">Deutschland</Country>');
  });

  it('refuses reverse charge for a private customer or without the customer’s UID', async () => {
    const privateCustomer = await buildCustomer(ctx.db, {
      street: 'Königstraße 7',
      postalCode: '80331',
      city: 'München',
      country: 'DE',
    });
    const draft = await createDraft(ctx, token, privateCustomer.id, {
      items: [line('Betreuung', 1, 55, 0, 'reverse_charge')],
    });
    expect((await send(draft.id, 409)).error).toMatch(/^Reverse Charge gilt nur für Unternehmer/);
    const noUid = await buildCustomer(ctx.db, { country: 'IT', isBusiness: true, company: 'Caffè Rossi Srl' });
    const second = await createDraft(ctx, token, noUid.id, { items: [line('Betreuung', 1, 55, 0, 'reverse_charge')] });
    expect((await send(second.id, 409)).error).toBe(
      'Für Reverse Charge ist die UID-Nummer des Kunden erforderlich. Bitte tragen Sie sie beim Kunden ein.',
    );
  });

  it('a foreign private customer pays Austrian VAT at 20 %; a business outside the EU is not subject to it', async () => {
    const tourist = await buildCustomer(ctx.db, {
      firstName: 'Françoise',
      lastName: 'Dübois',
      street: 'Rue de l’Église 3',
      postalCode: '75001',
      city: 'Paris',
      country: 'FR',
    });
    const draft = await createDraft(ctx, token, tourist.id, { items: [line('Stadtführung', 3, 40, 20)] });
    await send(draft.id);
    const fr = await checkIssued(draft.id);
    expect(fr.text).toContain('Frankreich');
    expect(fr.cii).toContain('<ram:CountryID>FR</ram:CountryID>');

    const swiss = await buildCustomer(ctx.db, {
      company: 'Zürcher Uhren AG',
      street: 'Bahnhofstrasse 1',
      postalCode: '8001',
      city: 'Zürich',
      country: 'CH',
      uid: 'CHE123456789',
      isBusiness: true,
    });
    const bad = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices',
      token,
      payload: {
        customer_id: swiss.id,
        invoice_date: daysAgo(0),
        items: [line('Beratung', 1, 100, 0, 'third_country'), line('Spesen', 1, 10, 20)],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details['items.0.tax_exemption']).toBe(
      'Nicht steuerbare Drittlandsleistungen müssen allein auf einer Rechnung stehen',
    );
    const ch = await createDraft(ctx, token, swiss.id, { items: [line('Beratung', 2, 100, 0, 'third_country')] });
    await send(ch.id);
    const docs = await checkIssued(ch.id);
    expect(docs.text).toContain(TAX_EXEMPTION_INFO.third_country.note);
    expect(docs.text).toContain('Schweiz');
    expect(docs.cii).toContain('<ram:CategoryCode>O</ram:CategoryCode>');
    expect(docs.eb).toContain('<TaxPercent TaxCategoryCode="O">0</TaxPercent>');
  });

  it('a 0 % line needs a reason; a reason needs 0 %', async () => {
    const customer = await buildCustomer(ctx.db);
    for (const [item, message] of [
      [line('Ohne Grund', 1, 10, 0), 'Bitte wählen Sie für 0\u00a0% den Grund der Steuerbefreiung'],
      [line('Grund bei 20 %', 1, 10, 20, 'disbursement'), 'Ein Befreiungsgrund ist nur bei 0\u00a0% möglich'],
      [
        line('Kleinunternehmer', 1, 10, 0, 'small_business'),
        'Die Kleinunternehmerbefreiung gilt nur im Kleinunternehmer-Modus der Rechnungseinstellungen',
      ],
    ] as const) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/quickbill/invoices',
        token,
        payload: { customer_id: customer.id, invoice_date: daysAgo(0), items: [item] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details['items.0.tax_exemption']).toBe(message);
    }
  });
});

describe('§ 11 Abs. 1 Z 3 lit. b UStG: over € 10,000 to a business needs the customer’s UID', () => {
  it('refuses without the UID and issues once the customer has one', async () => {
    const customer = await buildCustomer(ctx.db, {
      company: 'Großhandel Öztürk KG',
      street: 'Lände 1',
      postalCode: '4020',
      city: 'Linz',
      isBusiness: true,
    });
    const draft = await createDraft(ctx, token, customer.id, { items: [line('Jahresbetreuung', 200, 45, 20)] });
    expect(draft.total_gross).toBe(10_800);
    expect((await send(draft.id, 409)).error).toBe(
      'Rechnungen über € 10.000 brutto an Unternehmer müssen die UID-Nummer des Kunden enthalten ' +
        '(§ 11 Abs. 1 Z 3 lit. b UStG). Bitte tragen Sie die UID-Nummer beim Kunden ein.',
    );
    const update = await ctx.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      token,
      payload: { uid: 'atu 1234 5675' },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().uid).toBe('ATU12345675');
    await send(draft.id);
    const { text } = await checkIssued(draft.id);
    expect(text).toContain('UID: ATU12345675');
  });

  it('a private customer over € 10,000 needs no UID', async () => {
    const customer = await buildCustomer(ctx.db, { street: 'Lände 1', postalCode: '4020', city: 'Linz' });
    const draft = await createDraft(ctx, token, customer.id, { items: [line('Hausbau-Betreuung', 200, 45, 20)] });
    await send(draft.id);
  });
});

describe('Kleinunternehmer (§ 6 Abs. 1 Z 27 UStG)', () => {
  const customerData = { street: 'Grünbergstraße 2', postalCode: '1120', city: 'Wien' };

  it('with UID: category E with the note, no VAT', async () => {
    await configureProvider(ctx, token, { ...SELLER, small_business: true });
    try {
      const customer = await buildCustomer(ctx.db, customerData);
      const draft = await createDraft(ctx, token, customer.id, { items: [line('Einkaufsservice', 3, 30, 20)] });
      expect(draft.total_tax).toBe(0);
      await send(draft.id);
      const { cii, eb, text } = await checkIssued(draft.id);
      expect(text).toContain(SMALL_BUSINESS_NOTE);
      expect(cii).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
      expect(cii).toContain(`<ram:ID schemeID="VA">${SELLER.uid}</ram:ID>`);
      expect(eb).toContain(`<VATIdentificationNumber>${SELLER.uid}</VATIdentificationNumber>`);
    } finally {
      await configureProvider(ctx, token, SELLER);
    }
  });

  it('with the Steuernummer only: BT-32 (scheme FC) satisfies BR-E-02', async () => {
    const customer = await buildCustomer(ctx.db, customerData);
    await configureProvider(ctx, token, { ...SELLER, small_business: true, uid: '', tax_number: '' });
    try {
      const draft = await createDraft(ctx, token, customer.id, { items: [line('Einkaufsservice', 3, 30, 20)] });
      expect((await send(draft.id, 409)).error).toBe(
        'Bitte vervollständigen Sie zuerst die Rechnungseinstellungen: UID-Nummer oder Steuernummer',
      );
      await configureProvider(ctx, token, { ...SELLER, small_business: true, uid: '', tax_number: '12 345/6789' });
      await send(draft.id);
      const { cii, eb, text } = await checkIssued(draft.id);
      expect(text).toContain('Steuernummer: 12 345/6789');
      expect(text).toContain(SMALL_BUSINESS_NOTE);
      expect(cii).toContain('<ram:ID schemeID="FC">12 345/6789</ram:ID>');
      expect(cii).not.toContain('schemeID="VA"');
      expect(eb).toContain('<VATIdentificationNumber>00000000</VATIdentificationNumber>');
      expect(eb).toContain('<AdditionalInformation Key="Steuernummer">12 345/6789</AdditionalInformation>');
    } finally {
      await configureProvider(ctx, token, SELLER);
    }
  });

  it('the schematron check itself finds BR-E-02 when neither UID nor Steuernummer is present', async () => {
    const customer = await buildCustomer(ctx.db, customerData);
    await configureProvider(ctx, token, { ...SELLER, small_business: true, uid: '', tax_number: '12 345/6789' });
    try {
      const draft = await createDraft(ctx, token, customer.id, { items: [line('Einkaufsservice', 1, 30, 20)] });
      await send(draft.id);
      const xml = (await get(`/api/quickbill/invoices/${draft.id}/xml`)).body;
      const broken = xml.replace(/<ram:SpecifiedTaxRegistration>[\s\S]*?<\/ram:SpecifiedTaxRegistration>/g, '');
      expect(broken).not.toBe(xml);
      expect((await cenFatalErrors(broken)).some((e) => e.startsWith('[BR-E-02]'))).toBe(true);
    } finally {
      await configureProvider(ctx, token, SELLER);
    }
  });

  it('the font check itself finds a font that is not embedded, also inside a form XObject', async () => {
    const doc = await PDFDocument.create();
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    const courier = await doc.embedFont(StandardFonts.Courier);
    const page = doc.addPage();
    page.drawText('Grüß Gott', { font: helvetica });
    const form = doc.context.formXObject([], { Resources: { Font: { F9: courier.ref } } });
    page.node.setXObject(PDFName.of('X9'), doc.context.register(form));
    expect(await pdfFonts(Buffer.from(await doc.save()))).toEqual([
      { name: 'Helvetica', type: 'Type1', embedded: false },
      { name: 'Courier', type: 'Type1', embedded: false },
    ]);
  });
});
