import { fromHundredths, sum } from './decimal.js';

export type PackageBalance = { purchased: number; used: number; remaining: number };

/**
 * DOMAIN-RULES §4 (Stundenpakete): purchased = sum of package hours, used = sum of the
 * customer's `stundenpakete` entries (negative corrections give hours back),
 * remaining = purchased − used; below zero the customer is in Minus.
 */
export function packageBalance(
  packages: Array<{ hours: string | number }>,
  entries: Array<{ hours: string | number }>,
): PackageBalance {
  const purchased = sum(packages.map((p) => p.hours));
  const used = sum(entries.map((e) => e.hours));
  return {
    purchased: fromHundredths(purchased),
    used: fromHundredths(used),
    remaining: fromHundredths(purchased - used),
  };
}
