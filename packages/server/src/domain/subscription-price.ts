import { divideRounded, hundredthsToString, multiply, toHundredths } from './decimal.js';

type Priced = { monthlyPrice: string; originalMonthlyPrice: string; hasReferralDiscount: boolean };

/**
 * The monthly price after a ButlerPaket's template or monthly hours change (decision 0103):
 * hours × the template's price per hour now; a referral discount keeps its share of the
 * price (new original × old price / old original). One rule for the staff's edit and the
 * lounge's "Paket ändern" (decision 0851).
 */
export function changedMonthlyPrice(before: Priced, monthlyHours: string | number, pricePerHour: string | number) {
  const original = multiply(monthlyHours, pricePerHour);
  const oldOriginal = toHundredths(before.originalMonthlyPrice);
  const discounted =
    before.hasReferralDiscount && oldOriginal > 0n
      ? divideRounded(original * toHundredths(before.monthlyPrice), oldOriginal)
      : original;
  return { originalMonthlyPrice: hundredthsToString(original), monthlyPrice: hundredthsToString(discounted) };
}
