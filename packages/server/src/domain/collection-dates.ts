import { addDays } from './calendar.js';
import { addTargetDays, isTargetDay, nextTargetDay } from './target-calendar.js';

/**
 * When a SEPA direct debit may be collected (SEPA-SDD-FACTS.md, decision 0603):
 * - the debtor is told at least `preNotificationDays` calendar days before (default 14,
 *   shorter when agreed), so an invoice announces the first TARGET day on or after both its
 *   due date and its date plus those days;
 * - the file reaches the creditor bank before its cut-off and the debtor bank by D-1, so a
 *   run's date is at least two TARGET days after the day it is written;
 * - a collection is presented at most 14 calendar days before it is due;
 * - it is settled only on a TARGET day.
 */

export const MIN_TARGET_DAYS_AHEAD = 2;
export const MAX_DAYS_AHEAD = 14;

/** The collection date printed in an invoice's pre-notification. */
export function announcedCollectionDate(invoiceDate: string, dueDate: string, preNotificationDays: number): string {
  const notified = addDays(invoiceDate, preNotificationDays);
  return nextTargetDay(notified > dueDate ? notified : dueDate);
}

/** The earliest collection date of a run written on `today`. */
export function earliestCollectionDate(today: string): string {
  return addTargetDays(today, MIN_TARGET_DAYS_AHEAD);
}

export function latestCollectionDate(today: string): string {
  return addDays(today, MAX_DAYS_AHEAD);
}

const de = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** German reason why a run cannot collect on `date` when written on `today`, or null. */
export function collectionDateProblem(date: string, today: string): string | null {
  const earliest = earliestCollectionDate(today);
  if (!isTargetDay(date)) {
    const next = nextTargetDay(date < earliest ? earliest : date);
    return `Der ${de(date)} ist kein Bankarbeitstag (Wochenende oder TARGET-Feiertag). Nächster möglicher Tag: ${de(next)}`;
  }
  if (date < earliest) {
    return `Die Bank braucht zwei Bankarbeitstage Vorlauf: frühestens am ${de(earliest)} einziehbar`;
  }
  if (date > latestCollectionDate(today)) {
    return `Eine Lastschrift darf höchstens 14 Tage vor dem Einzugstag eingereicht werden: spätestens ${de(latestCollectionDate(today))}`;
  }
  return null;
}
