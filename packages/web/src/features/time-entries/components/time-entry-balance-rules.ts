import type { CustomerDashboard } from '@butler/contract/dashboard';
import { formatDate, formatHours, MONTH_NAMES } from '@butler/contract/format';
import type { BillingType } from '@butler/contract/time-entries';
import { butlerUsableText, overdrawn, packagesText } from '@butler/contract/usable-hours-words';

/** "noch 1,75 h verfügbar" or "0,50 h Mehrverbrauch". */
const usableText = (usable: number) => `${butlerUsableText(usable)}${overdrawn(usable) === null ? ' verfügbar' : ''}`;

/** What the dialog needs of the customer's hours (from their dashboard answer). */
export type BookingBalance = Pick<CustomerDashboard, 'usable_hours' | 'subscriptions'>;

type Subscription = BookingBalance['subscriptions'][number];

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** `start` + `months` months, the day clamped to the month's end (DOMAIN-RULES §4, as the server). */
function addMonths(start: string, months: number): string {
  const index = monthIndex(start) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(start.slice(8, 10)), last);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The ButlerPaket period a work date falls in (DOMAIN-RULES §4): period i runs from start + i
 * months to the next period's start − 1 day. Null when no ButlerPaket's term contains the date.
 */
export function periodOfDate(subscriptions: Subscription[], date: string) {
  const subscription = subscriptions.find((s) => s.start_date <= date && date <= s.end_date);
  if (!subscription) return null;
  let i = monthIndex(date) - monthIndex(subscription.start_date);
  if (addMonths(subscription.start_date, i) > date) i -= 1;
  return { subscription, start: addMonths(subscription.start_date, i) };
}

/** "ButlerPaket November" for the period of the work date; the year too when it is not today's year. */
function periodLabel(start: string, today: string) {
  const month = MONTH_NAMES[Number(start.slice(5, 7)) - 1];
  return `ButlerPaket ${month}${start.slice(0, 4) === today.slice(0, 4) ? '' : ` ${start.slice(0, 4)}`}`;
}

type Line = { type: BillingType; text: string; warning?: boolean };

/**
 * The ButlerPaket line for a booking on `date` (decision 0742): the period the date falls in,
 * with the one figure of the current ButlerPaket (an entry in an earlier month of it lowers
 * the same figure); a month not yet begun has its monthly hours, an earlier ButlerPaket its
 * term; a date outside every term says so (the server refuses such a booking).
 */
function butlerLine(balance: BookingBalance, date: string, today: string): Line | null {
  const period = periodOfDate(balance.subscriptions, date);
  const butler = balance.usable_hours.butler;
  if (!period) {
    return butler || balance.subscriptions.length > 0
      ? { type: 'abos', text: 'Für dieses Datum besteht kein ButlerPaket', warning: true }
      : null;
  }
  const label = periodLabel(period.start, today);
  if (butler && period.subscription.id === butler.subscription_id && period.start <= today)
    return { type: 'abos', text: `${label}: ${usableText(butler.usable)}` };
  if (period.start > today)
    return {
      type: 'abos',
      text: `${label}: ${formatHours(period.subscription.monthly_hours)} ab ${formatDate(period.start)}`,
    };
  // An earlier ButlerPaket: a correction of its month; its hours are no longer usable.
  return { type: 'abos', text: `${label} (früheres ButlerPaket, bis ${formatDate(period.subscription.end_date)})` };
}

/** The lines of the balance box: "ButlerPaket November: noch 1,75 h verfügbar", "Stundenpakete: noch 4,00 h". */
export function balanceLines(balance: BookingBalance, date: string, today: string): Line[] {
  const lines: Line[] = [];
  const butler = butlerLine(balance, date, today);
  if (butler) lines.push(butler);
  const packages = balance.usable_hours.packages;
  if (packages) lines.push({ type: 'stundenpakete', text: `Stundenpakete: ${packagesText(packages.remaining)}` });
  return lines;
}

/**
 * "Abbuchen von" for a new entry (decision 0643, with the one figure of 0742): the ButlerPaket
 * while it has hours usable; else Stundenpakete with hours left; else the ButlerPaket if there
 * is one (its overuse is carried); else Stundenpakete (a customer with nothing yet goes into
 * Minus there instead of being refused for lack of a ButlerPaket).
 */
export function suggestedBilling(balance: BookingBalance): BillingType {
  const { butler, packages } = balance.usable_hours;
  if (butler && butler.usable > 0) return 'abos';
  if (packages && packages.remaining > 0) return 'stundenpakete';
  return butler ? 'abos' : 'stundenpakete';
}

/** The warning shown before saving when the hours exceed what is usable of the chosen source; null when they fit. */
export function overuseWarning(balance: BookingBalance, billing: BillingType, hours: number | null): string | null {
  if (hours === null || hours <= 0) return null;
  if (billing === 'abos') {
    const butler = balance.usable_hours.butler;
    if (!butler) return null;
    const rest = butler.usable;
    if (hours <= rest) return null;
    return `${formatHours(hours)} übersteigen das Guthaben (ButlerPaket: ${usableText(rest)}): ${formatHours(hours - Math.max(rest, 0))} werden überzogen.`;
  }
  const rest = balance.usable_hours.packages?.remaining ?? 0;
  if (hours <= rest) return null;
  return rest > 0
    ? `${formatHours(hours)} übersteigen das Guthaben der Stundenpakete (noch ${formatHours(rest)}): ${formatHours(hours - rest)} gehen ins Minus.`
    : `Keine Stunden aus Stundenpaketen übrig: ${formatHours(hours)} gehen ins Minus.`;
}
