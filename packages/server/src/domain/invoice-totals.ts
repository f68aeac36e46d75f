/**
 * Invoice totals, exact (DOMAIN-RULES §7; § 11 UStG): each line's net is quantity × unit
 * price rounded half-up to cents; VAT is computed once per tax rate on the sum of that
 * rate's line nets (not per line, so no rounding drift); gross = net + tax.
 */
import { SMALL_BUSINESS_NOTE, TAX_EXEMPTIONS, TAX_RATES, type TaxExemption, type TaxRate } from '@butler/contract/vat';
import { divideRounded, hundredthsToString, toHundredths } from './decimal.js';

export { SMALL_BUSINESS_NOTE, TAX_RATES, type TaxExemption, type TaxRate };

export type LineInput = {
  quantity: string | number;
  unitPrice: string | number;
  taxRate: number;
  taxExemption?: string | null;
};

/** One VAT group: a rate, and for 0 % the reason (each reason is its own EN 16931 category). */
export type RateTotal = { taxRate: number; exemption: TaxExemption | null; net: bigint; tax: bigint; gross: bigint };

export type InvoiceTotals = {
  /** Net per line, same order as the input, in cents. */
  lineNets: bigint[];
  /** One entry per tax rate (0 %: per reason) used, highest rate first. */
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

/** The VAT group of a line: Kleinunternehmer mode puts every line at 0 % small_business. */
export function lineTaxGroup(
  line: LineInput,
  smallBusiness: boolean,
): { taxRate: number; exemption: TaxExemption | null } {
  if (smallBusiness) return { taxRate: 0, exemption: 'small_business' };
  if (line.taxRate !== 0) return { taxRate: line.taxRate, exemption: null };
  const exemption = TAX_EXEMPTIONS.find((e) => e === line.taxExemption) ?? null;
  return { taxRate: 0, exemption };
}

const exemptionOrder = (e: TaxExemption | null) => (e === null ? -1 : TAX_EXEMPTIONS.indexOf(e));

/**
 * Totals of an invoice. In Kleinunternehmer mode (`smallBusiness`) no VAT is charged:
 * every line counts at 0 % whatever rate it carries.
 */
export function computeInvoiceTotals(lines: LineInput[], smallBusiness = false): InvoiceTotals {
  const lineNets = lines.map((l) => lineNet(l.quantity, l.unitPrice));
  const groups = new Map<string, { taxRate: number; exemption: TaxExemption | null; net: bigint }>();
  lines.forEach((line, i) => {
    const group = lineTaxGroup(line, smallBusiness);
    const key = `${group.taxRate}:${group.exemption ?? ''}`;
    const current = groups.get(key) ?? { ...group, net: 0n };
    current.net += lineNets[i];
    groups.set(key, current);
  });
  const byRate = [...groups.values()]
    .sort((a, b) => b.taxRate - a.taxRate || exemptionOrder(a.exemption) - exemptionOrder(b.exemption))
    .map(({ taxRate, exemption, net }) => {
      const tax = taxOf(net, taxRate);
      return { taxRate, exemption, net, tax, gross: net + tax };
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
