/**
 * Invoice totals, exact (DOMAIN-RULES §7, §11 UStG): each line's net is quantity × unit
 * price rounded half-up to cents; VAT is computed once per tax rate on the sum of that
 * rate's line nets (not per line, so no rounding drift); gross = net + tax.
 */
import { divideRounded, hundredthsToString, toHundredths } from './decimal.js';

export const TAX_RATES = [20, 10, 0] as const;
export type TaxRate = (typeof TAX_RATES)[number];

/** The legal note a Kleinunternehmer must print instead of VAT. */
export const SMALL_BUSINESS_NOTE = 'Umsatzsteuerbefreit – Kleinunternehmer gem. § 6 Abs. 1 Z 27 UStG';

export type LineInput = { quantity: string | number; unitPrice: string | number; taxRate: number };

export type RateTotal = { taxRate: number; net: bigint; tax: bigint; gross: bigint };

export type InvoiceTotals = {
  /** Net per line, same order as the input, in cents. */
  lineNets: bigint[];
  /** One entry per tax rate used, highest rate first. */
  byRate: RateTotal[];
  net: bigint;
  tax: bigint;
  gross: bigint;
};

/** quantity × unit price, rounded half-up (away from zero) to cents. */
export function lineNet(quantity: string | number, unitPrice: string | number): bigint {
  return divideRounded(toHundredths(quantity) * toHundredths(unitPrice), 100n);
}

/** VAT of a net amount at a percent rate, rounded half-up to cents. */
export function taxOf(net: bigint, taxRate: number): bigint {
  return divideRounded(net * BigInt(taxRate), 100n);
}

/**
 * Totals of an invoice. In Kleinunternehmer mode (`smallBusiness`) no VAT is charged:
 * every line counts at 0 % whatever rate it carries.
 */
export function computeInvoiceTotals(lines: LineInput[], smallBusiness = false): InvoiceTotals {
  const lineNets = lines.map((l) => lineNet(l.quantity, l.unitPrice));
  const netByRate = new Map<number, bigint>();
  lines.forEach((line, i) => {
    const rate = smallBusiness ? 0 : line.taxRate;
    netByRate.set(rate, (netByRate.get(rate) ?? 0n) + lineNets[i]);
  });
  const byRate = [...netByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([taxRate, net]) => {
      const tax = taxOf(net, taxRate);
      return { taxRate, net, tax, gross: net + tax };
    });
  const net = byRate.reduce((acc, r) => acc + r.net, 0n);
  const tax = byRate.reduce((acc, r) => acc + r.tax, 0n);
  return { lineNets, byRate, net, tax, gross: net + tax };
}

/** The same totals as numeric column strings, for storing. */
export function totalsAsStrings(totals: InvoiceTotals) {
  return {
    totalNet: hundredthsToString(totals.net),
    totalTax: hundredthsToString(totals.tax),
    totalGross: hundredthsToString(totals.gross),
  };
}
