import { formatDate } from '@butler/contract/format';
import { TAX_EXEMPTION_INFO, type TaxExemption } from '@butler/contract/vat';
import type { Invoice } from '@e-invoice-eu/core';
import { hundredthsToString, toHundredths } from '../../../domain/decimal.js';
import { computeInvoiceTotals, lineTaxGroup } from '../../../domain/invoice-totals.js';
import type { InvoiceDocument } from '../records/invoice-document.js';

/** UN/ECE Rec. 20 unit codes for the units the editor offers; anything else counts as "one" (C62). */
const UNIT_CODES: Record<string, string> = {
  h: 'HUR',
  std: 'HUR',
  'std.': 'HUR',
  stunde: 'HUR',
  stunden: 'HUR',
  monat: 'MON',
  monate: 'MON',
  tag: 'DAY',
  tage: 'DAY',
  km: 'KMT',
  'stk.': 'H87',
  stk: 'H87',
  stück: 'H87',
  pauschale: 'LS',
};

export function unitCode(unit: string): string {
  return UNIT_CODES[unit.trim().toLowerCase()] ?? 'C62';
}

const money = (cents: bigint) => hundredthsToString(cents);

/**
 * EN 16931 VAT category of a group: S with its rate, else the reason's category (E, AE
 * with rate 0; O without a rate, BR-O-05).
 */
export function taxCategory(rate: number, exemption: TaxExemption | null) {
  const scheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } as const;
  if (rate > 0) return { 'cbc:ID': 'S', 'cbc:Percent': String(rate), ...scheme } as const;
  const category = exemption ? TAX_EXEMPTION_INFO[exemption].category : 'E';
  if (category === 'O') return { 'cbc:ID': 'O', ...scheme } as const;
  return { 'cbc:ID': category, 'cbc:Percent': '0', ...scheme } as const;
}

/** BT-120/BT-121 of a 0 % group (legacy lines without a reason: a plain "exempt"). */
function exemptionFields(exemption: TaxExemption | null) {
  if (!exemption) return { 'cbc:TaxExemptionReason': 'Steuerfreie Leistung' };
  const info = TAX_EXEMPTION_INFO[exemption];
  return {
    ...(info.vatex ? { 'cbc:TaxExemptionReasonCode': info.vatex } : {}),
    'cbc:TaxExemptionReason': info.note,
  };
}

/**
 * The invoice in e-invoice-eu's internal (UBL-shaped) format, EN 16931. A credit note
 * (Storno) is type 381 with positive amounts and a reference to the cancelled invoice;
 * lines with a negative price are written as negative quantities (BR-27: no negative prices).
 */
export function toEn16931(d: InvoiceDocument): Invoice {
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
  const exemptions = [...new Set(totals.byRate.map((r) => r.exemption).filter((e) => e !== null))];
  // BR-O-02: an invoice "not subject to VAT" names neither the seller's nor the buyer's VAT id.
  const notSubject = totals.byRate.some((r) => r.exemption && TAX_EXEMPTION_INFO[r.exemption].category === 'O');
  const periodStart = invoice.servicePeriodStart ?? invoice.invoiceDate;
  const periodEnd = invoice.servicePeriodEnd ?? periodStart;
  const net = totals.net * sign;
  const gross = totals.gross * sign;

  const lines = d.items.map((item, index) => {
    const priceCents = toHundredths(item.unitPrice);
    const lineSign = (priceCents < 0n ? -1n : 1n) * sign;
    const quantity = toHundredths(item.quantity) * lineSign;
    return {
      'cbc:ID': String(index + 1),
      'cbc:InvoicedQuantity': money(quantity),
      'cbc:InvoicedQuantity@unitCode': unitCode(item.unit),
      'cbc:LineExtensionAmount': money(totals.lineNets[index] * sign),
      'cbc:LineExtensionAmount@currencyID': 'EUR',
      'cac:Item': {
        'cbc:Name': item.description.slice(0, 200),
        ...(item.description.length > 200 ? { 'cbc:Description': item.description } : {}),
        'cac:ClassifiedTaxCategory': (() => {
          const group = lineTaxGroup(lineInputs[index], invoice.smallBusiness);
          return taxCategory(group.taxRate, group.exemption);
        })(),
      },
      'cac:Price': {
        'cbc:PriceAmount': money(priceCents < 0n ? -priceCents : priceCents),
        'cbc:PriceAmount@currencyID': 'EUR',
      },
    };
  });

  // BT-31 (UID, scheme VA) first, then BT-32 (Steuernummer, scheme FC): e-invoice-eu maps
  // the first entry with tax scheme VAT to VA and keeps the others' scheme.
  const sellerTaxSchemes = [
    ...(settings.uid && !notSubject ? [{ 'cbc:CompanyID': settings.uid, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    ...(settings.taxNumber ? [{ 'cbc:CompanyID': settings.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ];
  const seller = {
    ...(settings.contactEmail ? { 'cbc:EndpointID': settings.contactEmail, 'cbc:EndpointID@schemeID': 'EM' } : {}),
    'cac:PartyName': { 'cbc:Name': settings.companyName },
    'cac:PostalAddress': {
      'cbc:StreetName': settings.street || undefined,
      'cbc:CityName': settings.city || undefined,
      'cbc:PostalZone': settings.postalCode || undefined,
      'cac:Country': { 'cbc:IdentificationCode': settings.country || 'AT' },
    },
    ...(sellerTaxSchemes.length > 0 ? { 'cac:PartyTaxScheme': sellerTaxSchemes } : {}),
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': settings.companyName,
      ...(settings.companyRegister ? { 'cbc:CompanyID': settings.companyRegister } : {}),
    },
  };

  const body: Record<string, unknown> = {
    'cbc:ID': invoice.invoiceNumber,
    'cbc:IssueDate': invoice.invoiceDate,
    ...(credit ? {} : { 'cbc:DueDate': invoice.dueDate }),
    'cbc:InvoiceTypeCode': credit ? '381' : '380',
    ...(exemptions.length > 0 ? { 'cbc:Note': exemptions.map((e) => TAX_EXEMPTION_INFO[e].note) } : {}),
    'cbc:DocumentCurrencyCode': 'EUR',
    'cbc:BuyerReference': invoice.customerId ? String(invoice.customerId) : undefined,
    // BG-14 and BT-72 together satisfy BR-FX-EN-04 (a delivery date or an invoicing period).
    'cac:InvoicePeriod': { 'cbc:StartDate': periodStart, 'cbc:EndDate': periodEnd },
    ...(credit && d.original
      ? {
          'cac:BillingReference': [
            { 'cac:InvoiceDocumentReference': { 'cbc:ID': d.original.number, 'cbc:IssueDate': d.original.date } },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': { 'cac:Party': seller },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        ...(invoice.customerEmail ? { 'cbc:EndpointID': invoice.customerEmail, 'cbc:EndpointID@schemeID': 'EM' } : {}),
        'cac:PartyName': { 'cbc:Name': invoice.customerName },
        'cac:PostalAddress': {
          'cbc:StreetName': invoice.customerStreet || undefined,
          'cbc:CityName': invoice.customerCity || undefined,
          'cbc:PostalZone': invoice.customerPostalCode || undefined,
          'cac:Country': { 'cbc:IdentificationCode': invoice.customerCountry },
        },
        ...(invoice.customerUid && !notSubject
          ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': invoice.customerUid, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
          : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': invoice.customerName },
      },
    },
    'cac:Delivery': { 'cbc:ActualDeliveryDate': periodEnd },
    ...(!credit && d.directDebit
      ? {
          // SEPA direct debit (decision 0602): payment means 59 with the mandate (BT-89), the
          // creditor identifier (BT-90, as the payee's SEPA id) and the debited account (BT-91).
          'cac:PayeeParty': {
            'cac:PartyIdentification': { 'cbc:ID': d.directDebit.creditorId, 'cbc:ID@schemeID': 'SEPA' },
            'cac:PartyName': { 'cbc:Name': settings.companyName },
          },
          'cac:PaymentMeans': [
            {
              'cbc:PaymentMeansCode': '59',
              'cbc:PaymentID': invoice.paymentReference ?? invoice.invoiceNumber,
              'cac:PaymentMandate': {
                'cbc:ID': d.directDebit.mandateReference,
                'cac:PayerFinancialAccount': { 'cbc:ID': d.directDebit.debtorIban },
              },
            },
          ],
        }
      : !credit && settings.iban
        ? {
            'cac:PaymentMeans': [
              {
                'cbc:PaymentMeansCode': '58',
                // BT-83 remittance information: the RF creditor reference (decision 0584).
                'cbc:PaymentID': invoice.paymentReference ?? invoice.invoiceNumber,
                'cac:PayeeFinancialAccount': {
                  'cbc:ID': settings.iban.replace(/\s+/g, ''),
                  'cbc:Name': settings.companyName,
                  ...(settings.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': settings.bic } } : {}),
                },
              },
            ],
          }
        : {}),
    'cac:PaymentTerms': {
      'cbc:Note': credit
        ? 'Der Betrag wird gutgeschrieben.'
        : d.directDebit
          ? `Wird am ${formatDate(d.directDebit.announcedOn)} per SEPA-Lastschrift eingezogen.`
          : `Zahlbar ohne Abzug bis ${formatDate(invoice.dueDate)}.`,
    },
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': money(totals.tax * sign),
        'cbc:TaxAmount@currencyID': 'EUR',
        'cac:TaxSubtotal': totals.byRate.map((rate) => ({
          'cbc:TaxableAmount': money(rate.net * sign),
          'cbc:TaxableAmount@currencyID': 'EUR',
          'cbc:TaxAmount': money(rate.tax * sign),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxCategory': {
            ...taxCategory(rate.taxRate, rate.exemption),
            ...(rate.taxRate === 0 ? exemptionFields(rate.exemption) : {}),
          },
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(net),
      'cbc:LineExtensionAmount@currencyID': 'EUR',
      'cbc:TaxExclusiveAmount': money(net),
      'cbc:TaxExclusiveAmount@currencyID': 'EUR',
      'cbc:TaxInclusiveAmount': money(gross),
      'cbc:TaxInclusiveAmount@currencyID': 'EUR',
      'cbc:PayableAmount': money(gross),
      'cbc:PayableAmount@currencyID': 'EUR',
    },
    'cac:InvoiceLine': lines,
  };
  return { 'ubl:Invoice': JSON.parse(JSON.stringify(body)) } as Invoice;
}
