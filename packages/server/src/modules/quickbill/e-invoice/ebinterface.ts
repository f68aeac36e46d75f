import { countryName } from '@butler/contract/countries';
import { formatDate } from '@butler/contract/format';
import { TAX_EXEMPTION_INFO, type TaxExemption } from '@butler/contract/vat';
import { hundredthsToString, toHundredths } from '../../../domain/decimal.js';
import { computeInvoiceTotals, lineTaxGroup } from '../../../domain/invoice-totals.js';
import { documentTitle, type InvoiceDocument } from '../records/invoice-document.js';
import { unitCode } from './en16931.js';

/**
 * ebInterface 6.1 (Austria's e-invoice format, accepted by the federal portal
 * e-rechnung.gv.at), written from the same stored data as the PDF and the EN 16931 XML.
 * A Stornorechnung is DocumentType CreditMemo with positive amounts and the cancelled
 * invoice in CancelledOriginalDocument (as the CII credit note is type 381 with positive
 * amounts and BT-25/BT-26).
 */

export const EBINTERFACE_NAMESPACE = 'http://www.ebinterface.at/schema/6p1/';
/** ebInterface's value for "no VAT identification number". */
const NO_VAT_ID = '00000000';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const el = (tag: string, value: string | null | undefined, attributes = '') =>
  value === null || value === undefined ? '' : `<${tag}${attributes}>${esc(value)}</${tag}>`;
const money = (cents: bigint) => hundredthsToString(cents);

/** ebInterface tax category (UNCL 5305): S 20 %, AA the reduced rates, else the reason's category. */
function categoryCode(rate: number, exemption: TaxExemption | null): string {
  if (rate === 20) return 'S';
  if (rate > 0) return 'AA';
  return exemption ? TAX_EXEMPTION_INFO[exemption].category : 'E';
}

function taxPercent(rate: number, exemption: TaxExemption | null) {
  return `<TaxPercent TaxCategoryCode="${categoryCode(rate, exemption)}">${rate}</TaxPercent>`;
}

function address(a: {
  name: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  email?: string | null;
  extra?: Array<[string, string]>;
}) {
  return `<Address>${el('Name', a.name)}${a.street ? el('Street', a.street) : ''}${el('Town', a.city)}${el('ZIP', a.postalCode)}${el(
    'Country',
    countryName(a.country),
    ` CountryCode="${esc(a.country)}"`,
  )}${a.email ? el('Email', a.email) : ''}${(a.extra ?? [])
    .map(([key, value]) => el('AdditionalInformation', value, ` Key="${esc(key)}"`))
    .join('')}</Address>`;
}

export function toEbInterface(d: InvoiceDocument): string {
  const { invoice, settings } = d;
  if (!invoice.invoiceNumber) throw new Error('An e-invoice needs an invoice number');
  const credit = invoice.kind === 'credit_note';
  const sign = credit ? -1n : 1n;
  const lineInputs = d.items.map((i) => ({
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    taxRate: i.taxRate,
    taxExemption: i.taxExemption,
  }));
  const totals = computeInvoiceTotals(lineInputs, invoice.smallBusiness);
  const periodStart = invoice.servicePeriodStart ?? invoice.invoiceDate;
  const periodEnd = invoice.servicePeriodEnd ?? periodStart;

  const lines = d.items
    .map((item, index) => {
      const group = lineTaxGroup(lineInputs[index], invoice.smallBusiness);
      const price = toHundredths(item.unitPrice);
      const lineSign = (price < 0n ? -1n : 1n) * sign;
      const net = totals.lineNets[index] * sign;
      return `<ListLineItem><PositionNumber>${index + 1}</PositionNumber>${el('Description', item.description)}${el(
        'Quantity',
        money(toHundredths(item.quantity) * lineSign),
        ` Unit="${unitCode(item.unit)}"`,
      )}<UnitPrice>${money(price < 0n ? -price : price)}</UnitPrice><TaxItem><TaxableAmount>${money(net)}</TaxableAmount>${taxPercent(
        group.taxRate,
        group.exemption,
      )}</TaxItem><LineItemAmount>${money(net)}</LineItemAmount></ListLineItem>`;
    })
    .join('');

  const taxItems = totals.byRate
    .map(
      (r) =>
        `<TaxItem><TaxableAmount>${money(r.net * sign)}</TaxableAmount>${taxPercent(r.taxRate, r.exemption)}<TaxAmount>${money(
          r.tax * sign,
        )}</TaxAmount>${r.exemption ? el('Comment', TAX_EXEMPTION_INFO[r.exemption].note) : ''}</TaxItem>`,
    )
    .join('');

  const exemptionNotes = [...new Set(totals.byRate.map((r) => r.exemption))]
    .filter((e): e is TaxExemption => e !== null)
    .map((e) => TAX_EXEMPTION_INFO[e].note);
  const comment = [...exemptionNotes, invoice.notes].filter(Boolean).join('\n');

  const billerIds = [
    settings.companyRegister && el('FurtherIdentification', settings.companyRegister, ' IdentificationType="FN"'),
    settings.companyCourt && el('FurtherIdentification', settings.companyCourt, ' IdentificationType="FBG"'),
  ].join('');
  const biller = `<Biller>${el('VATIdentificationNumber', settings.uid || NO_VAT_ID)}${billerIds}${address({
    name: settings.companyName,
    street: settings.street,
    city: settings.city,
    postalCode: settings.postalCode,
    country: settings.country || 'AT',
    email: settings.contactEmail,
    extra: settings.taxNumber ? [['Steuernummer', settings.taxNumber]] : [],
  })}</Biller>`;
  const recipient = `<InvoiceRecipient>${el('VATIdentificationNumber', invoice.customerUid || NO_VAT_ID)}${address({
    name: invoice.customerName,
    street: invoice.customerStreet,
    city: invoice.customerCity,
    postalCode: invoice.customerPostalCode,
    country: invoice.customerCountry,
    email: invoice.customerEmail,
  })}${invoice.customerId ? el('BillersInvoiceRecipientID', String(invoice.customerId)) : ''}</InvoiceRecipient>`;

  const directDebit = d.directDebit;
  const payment = credit
    ? `<PaymentMethod>${el('Comment', 'Der Betrag wird erstattet bzw. mit offenen Forderungen verrechnet.')}<NoPayment/></PaymentMethod>`
    : directDebit
      ? `<PaymentMethod>${el('Comment', 'SEPA-Lastschrift')}<SEPADirectDebit>${el(
          'Type',
          directDebit.scheme === 'B2B' ? 'B2B' : 'B2C',
        )}${el('IBAN', directDebit.debtorIban)}${el('CreditorID', directDebit.creditorId)}${el(
          'MandateReference',
          directDebit.mandateReference,
        )}${el('DebitCollectionDate', directDebit.announcedOn)}</SEPADirectDebit></PaymentMethod>`
      : settings.iban
        ? `<PaymentMethod>${el('Comment', 'Zahlbar per Überweisung')}<UniversalBankTransaction><BeneficiaryAccount>${el(
            'BIC',
            settings.bic || null,
          )}${el('IBAN', settings.iban.replace(/\s+/g, ''))}${el(
            'BankAccountOwner',
            settings.companyName.slice(0, 70),
          )}</BeneficiaryAccount>${el('PaymentReference', (invoice.paymentReference ?? invoice.invoiceNumber).slice(0, 35))}</UniversalBankTransaction></PaymentMethod>`
        : '';
  const conditions = credit
    ? ''
    : `<PaymentConditions>${el('DueDate', invoice.dueDate)}${el(
        'Comment',
        `Zahlbar ohne Abzug bis ${formatDate(invoice.dueDate)}.`,
      )}</PaymentConditions>`;

  const cancelled =
    credit && d.original
      ? `<CancelledOriginalDocument>${el('InvoiceNumber', d.original.number)}${el('InvoiceDate', d.original.date)}<DocumentType>Invoice</DocumentType>${el(
          'Comment',
          `Storno der Rechnung Nr. ${d.original.number} vom ${formatDate(d.original.date)}`,
        )}</CancelledOriginalDocument>`
      : '';

  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="${EBINTERFACE_NAMESPACE}" GeneratingSystem="Butler-Portal Quickbill" DocumentType="${
    credit ? 'CreditMemo' : 'Invoice'
  }" InvoiceCurrency="EUR" DocumentTitle="${esc(`${documentTitle(d)} ${invoice.invoiceNumber}`)}" Language="de">${el(
    'InvoiceNumber',
    invoice.invoiceNumber,
  )}${el('InvoiceDate', invoice.invoiceDate)}${cancelled}<Delivery><Period>${el('FromDate', periodStart)}${el(
    'ToDate',
    periodEnd,
  )}</Period></Delivery>${biller}${recipient}<Details><ItemList>${lines}</ItemList></Details><Tax>${taxItems}</Tax>${el(
    'TotalGrossAmount',
    money(totals.gross * sign),
  )}${el('PayableAmount', money(totals.gross * sign))}${payment}${conditions}${comment ? el('Comment', comment) : ''}</Invoice>
`;
}
