export type RateTotal = { tax_rate: number; net: number; tax: number; gross: number };

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
  items: Array<{ quantity: number; unit_price: number; tax_rate: number }>,
  smallBusiness: boolean,
) {
  const byRate = new Map<number, number>();
  for (const item of items) {
    const rate = smallBusiness ? 0 : Number(item.tax_rate);
    const net = lineNetCents(Number(item.quantity) || 0, Number(item.unit_price) || 0);
    byRate.set(rate, (byRate.get(rate) ?? 0) + net);
  }
  const rates: RateTotal[] = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, net]) => {
      const tax = divideRounded(net * rate, 100);
      return { tax_rate: rate, net: net / 100, tax: tax / 100, gross: (net + tax) / 100 };
    });
  const sum = (pick: (r: RateTotal) => number) => Math.round(rates.reduce((a, r) => a + pick(r) * 100, 0)) / 100;
  return { rates, net: sum((r) => r.net), tax: sum((r) => r.tax), gross: sum((r) => r.gross) };
}
