import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The business's wall clock: every planned time is Vienna's (DOMAIN-RULES: today is Vienna's). */
export const VIENNA = 'Europe/Vienna';

/**
 * The instant of a Vienna wall time (`2027-03-28`, `09:00`). A time that does not exist (the
 * hour skipped in spring) moves forward by that hour; the repeated autumn hour is its first.
 */
export function viennaInstant(date: string, time: string): Date {
  return dayjs.tz(`${date} ${time}`, VIENNA).toDate();
}

// One formatter for every call: dayjs' tz() costs ~280 µs a call here, a reused Intl formatter
// a few µs (a team's week at scale 10 has ~400 visits, two instants each).
const WALL = new Intl.DateTimeFormat('en-GB', {
  timeZone: VIENNA,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as Vienna's day and wall time. */
export function viennaParts(instant: Date): { date: string; time: string } {
  const p: Record<string, string> = {};
  for (const part of WALL.formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The first instant of a Vienna day. */
export const viennaDayStart = (date: string) => viennaInstant(date, '00:00');
