import { formatDate, formatDayWithWeekday } from '@butler/contract/format';
import type { Visit } from '@butler/contract/visits';
import dayjs from 'dayjs';

/**
 * The calendar's days (decision 0840). Days are Vienna's calendar days as `YYYY-MM-DD`;
 * dayjs does the arithmetic on them (a day is a day, across the change to summer time),
 * the weekday comes from the same day.
 */
const ISO = 'YYYY-MM-DD';

/** The Monday of the week `date` lies in (weeks run Monday to Sunday in Austria). */
export function mondayOf(date: string): string {
  const day = dayjs(date);
  return day.subtract((day.day() + 6) % 7, 'day').format(ISO);
}

/** `date` plus `days` (negative: back). */
export const shiftDay = (date: string, days: number) => dayjs(date).add(days, 'day').format(ISO);

/** The seven days of the week that starts on `monday`. */
export function weekDays(monday: string): string[] {
  const start = dayjs(monday);
  return Array.from({ length: 7 }, (_, i) => start.add(i, 'day').format(ISO));
}

/** What the list asks the server for: the whole week of `date`, or the day alone. */
export function rangeOf(date: string, view: 'week' | 'day'): { from: string; to: string } {
  if (view === 'day') return { from: date, to: date };
  const monday = mondayOf(date);
  return { from: monday, to: shiftDay(monday, 6) };
}

/** `30.11.–06.12.2026`; a week across the new year names both years (`29.12.2025–04.01.2026`). */
export function weekLabel(monday: string): string {
  const sunday = shiftDay(monday, 6);
  const first = formatDate(monday);
  const last = formatDate(sunday);
  const sameYear = monday.slice(0, 4) === sunday.slice(0, 4);
  return `${sameYear ? first.slice(0, 6) : first}–${last}`;
}

/** A week column's heading: `Mo.` and `30.11.`. */
export function dayHeading(date: string): { weekday: string; day: string } {
  return { weekday: formatDayWithWeekday(date).slice(0, 3), day: formatDate(date).slice(0, 6) };
}

/** The visits of each day, each day's in the order of their start (then their end). */
export function visitsByDay<V extends Pick<Visit, 'date' | 'start_time' | 'end_time'>>(
  visits: readonly V[],
  days: readonly string[],
): Map<string, V[]> {
  const byDay = new Map<string, V[]>(days.map((day) => [day, []]));
  for (const visit of visits) byDay.get(visit.date)?.push(visit);
  for (const list of byDay.values())
    list.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.end_time.localeCompare(b.end_time));
  return byDay;
}
