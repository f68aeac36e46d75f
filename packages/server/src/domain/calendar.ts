import { MONTH_NAMES } from '@butler/contract/format';

/** Calendar arithmetic on `YYYY-MM-DD` strings (no time zones involved). */

const pad = (n: number) => String(n).padStart(2, '0');

export function parseDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Adds months, clamping the day to the target month's end (PostgreSQL's `date + interval 'n months'`). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseDate(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return formatIsoDate(y, m, Math.min(day, daysInMonth(y, m)));
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return formatIsoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** `2026-01` → `Jänner 2026`. */
export function monthDisplay(monthKey: string): string {
  const [year, month] = monthKey.split('-').map(Number);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

export function monthKeyOf(date: string): string {
  return date.slice(0, 7);
}

export function firstDayOfMonth(year: number, month: number): string {
  return formatIsoDate(year, month, 1);
}

export function lastDayOfMonth(year: number, month: number): string {
  return formatIsoDate(year, month, daysInMonth(year, month));
}
