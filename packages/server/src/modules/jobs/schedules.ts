import { TIME_ZONE } from '@butler/contract/format';
import { addDays, addMonths, formatIsoDate } from '../../domain/calendar.js';

/** When a scheduled job is due: the latest slot at or before a moment, and how late it may still run. */
export type Schedule = {
  /** English, for the README and the log: `daily 07:00 Europe/Vienna`. */
  description: string;
  latestSlot(now: Date): { key: string; dueAt: Date };
  /** A slot missed by more than this (portal down) is skipped, not run late. */
  catchUpMs: number;
};

const HOUR = 3_600_000;
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Wall-clock date and time in Vienna at `at`. */
export function viennaWallClock(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

function offsetMs(at: Date): number {
  const w = viennaWallClock(at);
  const [y, m, d] = w.date.split('-').map(Number);
  return Date.UTC(y, m - 1, d, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant when Vienna's clocks show `date` `hour`:`minute` (times in the spring-forward gap move on by the gap). */
export function viennaInstant(date: string, hour: number, minute: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y, m - 1, d, hour, minute);
  const first = naive - offsetMs(new Date(naive));
  return new Date(naive - offsetMs(new Date(first)));
}

const parseTime = (time: string) => time.split(':').map(Number) as [number, number];

/** Every day at `time` (Vienna). Slot key: the date. */
export function daily(time: string, catchUpHours = 12): Schedule {
  const [hour, minute] = parseTime(time);
  return {
    description: `daily ${time} ${TIME_ZONE}`,
    catchUpMs: catchUpHours * HOUR,
    latestSlot(now) {
      let date = viennaWallClock(now).date;
      if (viennaInstant(date, hour, minute) > now) date = addDays(date, -1);
      return { key: date, dueAt: viennaInstant(date, hour, minute) };
    },
  };
}

/** On day `day` of every month at `time` (Vienna). Slot key: `YYYY-MM` of that day. */
export function monthly(day: number, time: string, catchUpDays = 3): Schedule {
  const [hour, minute] = parseTime(time);
  return {
    description: `monthly on day ${day}, ${time} ${TIME_ZONE}`,
    catchUpMs: catchUpDays * 24 * HOUR,
    latestSlot(now) {
      const today = viennaWallClock(now).date;
      let date = formatIsoDate(Number(today.slice(0, 4)), Number(today.slice(5, 7)), day);
      if (viennaInstant(date, hour, minute) > now) date = addMonths(date, -1);
      return { key: date.slice(0, 7), dueAt: viennaInstant(date, hour, minute) };
    },
  };
}

/** Every hour at `minute` past. Slot key: the UTC hour `YYYY-MM-DDTHH`. */
export function hourly(minute: number): Schedule {
  return {
    description: `hourly at minute ${minute}`,
    catchUpMs: HOUR,
    latestSlot(now) {
      const due = new Date(now);
      due.setUTCMinutes(minute, 0, 0);
      if (due > now) due.setUTCHours(due.getUTCHours() - 1);
      return { key: due.toISOString().slice(0, 13), dueAt: due };
    },
  };
}
