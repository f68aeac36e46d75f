import type { CustomerDashboard } from '@butler/contract/dashboard';
import { formatHours, MONTH_NAMES } from '@butler/contract/format';
import type { BillingType } from '@butler/contract/time-entries';

/** What the dialog needs of the customer's hours (from their dashboard answer). */
export type BookingBalance = Pick<CustomerDashboard, 'subscription' | 'remaining_hours' | 'total_hours_purchased'>;

/** "ButlerPaket November" for the current period, or null without a ButlerPaket today. */
function subscriptionLabel(balance: BookingBalance) {
  const s = balance.subscription;
  if (!s) return null;
  return `ButlerPaket ${MONTH_NAMES[Number(s.current_period_start.slice(5, 7)) - 1]}`;
}

const left = (hours: number) => (hours >= 0 ? `noch ${formatHours(hours)}` : `${formatHours(-hours)} im Minus`);

/** The lines of the balance box: "ButlerPaket November: noch 1,75 h", "Stundenpakete: noch 4,00 h". */
export function balanceLines(balance: BookingBalance): { type: BillingType; text: string }[] {
  const lines: { type: BillingType; text: string }[] = [];
  const label = subscriptionLabel(balance);
  const s = balance.subscription;
  if (label && s) {
    // The month's rest decides the booking; what is usable with the carry-over is the lounge's
    // "Jetzt verfügbar" (decision 0623), named when the earlier months left something or owe.
    const carried = s.total_balance !== s.current_month_hours_remaining;
    const withCarry = carried ? ` (mit Übertrag ${formatHours(s.total_balance)})` : '';
    lines.push({ type: 'abos', text: `${label}: ${left(s.current_month_hours_remaining)}${withCarry}` });
  }
  if (balance.total_hours_purchased > 0 || balance.remaining_hours !== 0)
    lines.push({ type: 'stundenpakete', text: `Stundenpakete: ${left(balance.remaining_hours)}` });
  return lines;
}

/**
 * "Abbuchen von" for a new entry (decision 0643): the ButlerPaket while its month has hours
 * left; else Stundenpakete with hours left; else the ButlerPaket if there is one (its
 * overuse is carried); else Stundenpakete (a customer with nothing yet goes into Minus
 * there instead of being refused for lack of a ButlerPaket).
 */
export function suggestedBilling(balance: BookingBalance): BillingType {
  const s = balance.subscription;
  if (s && s.current_month_hours_remaining > 0) return 'abos';
  if (balance.remaining_hours > 0) return 'stundenpakete';
  return s ? 'abos' : 'stundenpakete';
}

/** The warning shown before saving when the hours exceed what is left of the chosen source; null when they fit. */
export function overuseWarning(balance: BookingBalance, billing: BillingType, hours: number | null): string | null {
  if (hours === null || hours <= 0) return null;
  if (billing === 'abos') {
    const label = subscriptionLabel(balance);
    if (!label || !balance.subscription) return null;
    const rest = balance.subscription.current_month_hours_remaining;
    if (hours <= rest) return null;
    return `${formatHours(hours)} übersteigen das Guthaben (${label}: ${left(rest)}): ${formatHours(hours - Math.max(rest, 0))} werden überzogen.`;
  }
  const rest = balance.remaining_hours;
  if (hours <= rest) return null;
  return rest > 0
    ? `${formatHours(hours)} übersteigen das Guthaben der Stundenpakete (noch ${formatHours(rest)}): ${formatHours(hours - rest)} gehen ins Minus.`
    : `Keine Stunden aus Stundenpaketen übrig: ${formatHours(hours)} gehen ins Minus.`;
}
