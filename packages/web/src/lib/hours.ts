import { formatNumber } from './format';

/**
 * Display rules of the hour rings and balances (SPEC §4), shared by the lounge and the
 * deduction screens. Pure, so both screens show the same figures for the same data.
 */

/** A typographic minus (U+2212): screen readers say "minus", and it lines up with "+". */
export const MINUS = '\u2212';

/** `+2,50 h` / `−1,00 h` / `0,00 h` (history balances). */
export function signedHours(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (rounded > 0) return `+${formatNumber(rounded)} h`;
  if (rounded < 0) return `${MINUS}${formatNumber(-rounded)} h`;
  return `${formatNumber(0)} h`;
}

/**
 * An entry of a deduction list, shown negated (SPEC: "hours shown negative"): a booking of
 * 2,50 h reads `−2,50 h`; a correction that gives hours back (stored negative) reads `+0,75 h`,
 * so the list adds up to the "verbraucht" figure above it (decision 0801).
 */
export function deductedHours(value: number): string {
  return Math.round(value * 100) < 0 ? `+${formatNumber(Math.abs(value))} h` : `${MINUS}${formatNumber(value)} h`;
}

export type BalanceTone = 'positive' | 'negative' | 'neutral';
export function balanceTone(value: number): BalanceTone {
  const rounded = Math.round(value * 100);
  return rounded > 0 ? 'positive' : rounded < 0 ? 'negative' : 'neutral';
}

export type SubscriptionGauge = {
  overused: boolean;
  /** Ring fill: the usable share of the month's hours (capped at 100), or full when overused. */
  ringValue: number;
  /** Usable hours (absolute value), or the overuse when overused. */
  amount: number;
};

/**
 * Subscription ring (SPEC §4, decision 0742): the hours usable now, this month's rest with
 * what the earlier months left or overused; below 0 the overuse in orange. Never the month's
 * rest on its own: after overused months that is more than can be used.
 */
export function subscriptionGauge(monthlyHours: number, usableHours: number): SubscriptionGauge {
  const usable = Math.round(usableHours * 100) / 100;
  const overused = usable < 0;
  const share = monthlyHours > 0 ? (usable / monthlyHours) * 100 : usable > 0 ? 100 : 0;
  return {
    overused,
    ringValue: overused ? 100 : Math.max(0, Math.min(100, share)),
    amount: Math.abs(usable),
  };
}

export type PackageGauge = {
  /** Used share, capped at 100 (0 when nothing was purchased). */
  ringValue: number;
  minus: boolean;
  remaining: number;
};

/** Hour-package ring: fill = used share capped at 100; remaining below zero is 'Minus'. */
export function packageGauge(purchasedHours: number, usedHours: number, remainingHours: number): PackageGauge {
  const used = purchasedHours > 0 ? (usedHours / purchasedHours) * 100 : 0;
  return {
    ringValue: Math.max(0, Math.min(100, used)),
    minus: Math.round(remainingHours * 100) < 0,
    remaining: remainingHours,
  };
}
