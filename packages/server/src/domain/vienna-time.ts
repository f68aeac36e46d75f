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

/** An instant as Vienna's day and wall time. */
export function viennaParts(instant: Date): { date: string; time: string } {
  const local = dayjs(instant).tz(VIENNA);
  return { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}

/** The first instant of a Vienna day. */
export const viennaDayStart = (date: string) => viennaInstant(date, '00:00');
