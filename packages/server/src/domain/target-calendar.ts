import { addDays, parseDate } from './calendar.js';

/**
 * TARGET2 closing days (the interbank calendar of SEPA): Saturdays, Sundays, New Year's
 * Day, Good Friday, Easter Monday, 1 May, 25 and 26 December. A direct debit is settled
 * only on a TARGET day.
 */

/** Easter Sunday of a Gregorian year (Anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isTargetHoliday(date: string): boolean {
  const { year } = parseDate(date);
  const monthDay = date.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return true;
  const easter = easterSunday(year);
  return date === addDays(easter, -2) || date === addDays(easter, 1);
}

export function isWeekend(date: string): boolean {
  const { year, month, day } = parseDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

export function isTargetDay(date: string): boolean {
  return !isWeekend(date) && !isTargetHoliday(date);
}

/** The date itself when it is a TARGET day, else the next one. */
export function nextTargetDay(date: string): string {
  let day = date;
  while (!isTargetDay(day)) day = addDays(day, 1);
  return day;
}

/** The TARGET day `count` TARGET days after `date` (count ≥ 1). */
export function addTargetDays(date: string, count: number): string {
  let day = date;
  for (let n = 0; n < count; n++) day = nextTargetDay(addDays(day, 1));
  return day;
}
