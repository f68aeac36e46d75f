import { addDays, addMonths } from './calendar.js';

/** Monatsfreigabe (decision 0852): which months a customer confirms, and when one confirms itself. */

/** `2026-10` → `2026-10-01`. */
export const monthStart = (month: string) => `${month}-01`;

/** A month has ended once Vienna's today lies in a later month. */
export const monthEnded = (month: string, today: string) => monthStart(month) < `${today.slice(0, 7)}-01`;

/** The month's first day after it: `2026-12` → `2027-01-01`. */
export const dayAfterMonth = (month: string) => addMonths(monthStart(month), 1);

/**
 * The day a month without an open Rückfrage counts as confirmed: `days` after the latest of the
 * month's end, the day the Monatsfreigabe took it in (switched on or moved, `enabledOn`) and the
 * last message of its Rückfragen (an answer restarts the quiet days). December 2026 with 14
 * days and no question: 15.01.2027.
 */
export function autoConfirmDate(month: string, days: number, enabledOn: string, lastMessageOn: string | null): string {
  const from = [dayAfterMonth(month), enabledOn, lastMessageOn ?? ''].sort().at(-1) as string;
  return addDays(from, days);
}

/** Whether `month` may be the first month of the Monatsfreigabe when saved on `today` (± range months). */
export function startsMonthAllowed(month: string, today: string, range: number) {
  const current = `${today.slice(0, 7)}-01`;
  const first = monthStart(month);
  return first >= addMonths(current, -range) && first <= addMonths(current, range);
}

/** What changed on a corrected entry, in the words both sides read ("2,00 h → 1,50 h"). */
export function correctionWords(
  before: { workDate: string; hours: string; activity: string },
  after: { workDate: string; hours: string; activity: string } | null,
  formatters: { date: (d: string) => string; hours: (h: string) => string },
): string | null {
  if (!after) return 'Eintrag entfernt';
  const parts: string[] = [];
  if (Number(before.hours) !== Number(after.hours)) {
    parts.push(`${formatters.hours(before.hours)} → ${formatters.hours(after.hours)}`);
  }
  if (before.workDate !== after.workDate) {
    parts.push(`Datum ${formatters.date(before.workDate)} → ${formatters.date(after.workDate)}`);
  }
  if (before.activity.trim() !== after.activity.trim()) parts.push(`Tätigkeit jetzt „${after.activity.trim()}“`);
  return parts.length ? parts.join(', ') : null;
}
