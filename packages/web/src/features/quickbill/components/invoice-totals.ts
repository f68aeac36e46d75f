import { TAX_EXEMPTIONS, type TaxExemption } from '@butler/contract/vat';

export type RateTotal = {
  tax_rate: number;
  tax_exemption: TaxExemption | null;
  net: number;
  tax: number;
  gross: number;
};

/** Euro → integer cents, half-up away from zero (the server's rule, domain/invoice-totals.ts). */
function toCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 100);
}
function divideRounded(value: number, divisor: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) / divisor);
}

/** Line net in cents: quantity × unit price rounded to cents. */
export function lineNetCents(quantity: number, unitPrice: number): number {
  return divideRounded(toCents(quantity) * toCents(unitPrice), 100);
}

/**
 * Live totals for the editor, shown only: the server recomputes and stores the real
 * figures. Same rule as the server: VAT once per rate on the sum of that rate's nets.
 */
export function previewTotals(
  items: Array<{ quantity: number; unit_price: number; tax_rate: number; tax_exemption?: TaxExemption | null }>,
  smallBusiness: boolean,
) {
  // One group per rate; 0 % lines with different reasons are separate groups, as on the server.
  const groups = new Map<string, { rate: number; exemption: TaxExemption | null; net: number }>();
  for (const item of items) {
    const rate = smallBusiness ? 0 : Number(item.tax_rate);
    const exemption = smallBusiness ? 'small_business' : rate === 0 ? (item.tax_exemption ?? null) : null;
    const key = `${rate}:${exemption ?? ''}`;
    const group = groups.get(key) ?? { rate, exemption, net: 0 };
    group.net += lineNetCents(Number(item.quantity) || 0, Number(item.unit_price) || 0);
    groups.set(key, group);
  }
  const order = (e: TaxExemption | null) => (e === null ? -1 : TAX_EXEMPTIONS.indexOf(e));
  const rates: RateTotal[] = [...groups.values()]
    .sort((a, b) => b.rate - a.rate || order(a.exemption) - order(b.exemption))
    .map(({ rate, exemption, net }) => {
      const tax = divideRounded(net * rate, 100);
      return { tax_rate: rate, tax_exemption: exemption, net: net / 100, tax: tax / 100, gross: (net + tax) / 100 };
    });
  const sum = (pick: (r: RateTotal) => number) => Math.round(rates.reduce((a, r) => a + pick(r) * 100, 0)) / 100;
  return { rates, net: sum((r) => r.net), tax: sum((r) => r.tax), gross: sum((r) => r.gross) };
}
