import type { VisitRepeat } from '@butler/contract/visits';
import rrule from 'rrule';

const { RRule } = rrule;

/**
 * The days of a visit series (decision 0840), from the RFC 5545 rule of its repeat: "Jede
 * Woche" (FREQ=WEEKLY), "Jede zweite Woche" (INTERVAL=2), "Jeden Monat am gleichen Wochentag"
 * (FREQ=MONTHLY;BYDAY=+1TU for the first Tuesday, -1TU when the first visit is on a month's
 * fifth Tuesday, which not every month has). The rule runs on floating days (rrule's UTC
 * fields as wall days), so summer time never moves a day; the wall time is added per day.
 */
export function seriesRule(firstDate: string, repeat: Exclude<VisitRepeat, 'none'>, until: string) {
  const [y, m, d] = firstDate.split('-').map(Number);
  const [uy, um, ud] = until.split('-').map(Number);
  const dtstart = new Date(Date.UTC(y, m - 1, d));
  const weekday = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA][dtstart.getUTCDay()];
  const nth = Math.ceil(d / 7);
  return new RRule({
    dtstart,
    until: new Date(Date.UTC(uy, um - 1, ud, 23, 59, 59)),
    ...(repeat === 'monthly_weekday'
      ? { freq: RRule.MONTHLY, byweekday: [weekday.nth(nth >= 5 ? -1 : nth)] }
      : { freq: RRule.WEEKLY, interval: repeat === 'biweekly' ? 2 : 1, byweekday: [weekday] }),
  });
}

/** The series' days as `YYYY-MM-DD`, the first one included. */
export function seriesDates(firstDate: string, repeat: Exclude<VisitRepeat, 'none'>, until: string): string[] {
  return seriesRule(firstDate, repeat, until)
    .all()
    .map((day) => day.toISOString().slice(0, 10));
}
