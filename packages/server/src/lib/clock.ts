import { todayInVienna } from '@butler/contract/format';

/**
 * The server's notion of "now". Hour accounting depends on today's date (current
 * period, started periods, this month/year in Europe/Vienna), so tests pin it with
 * `setClock` instead of depending on the wall clock. Production never calls setClock.
 */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Today in Europe/Vienna as `YYYY-MM-DD` (DOMAIN-RULES: today/this month/this year are Vienna's). */
export function todayVienna(): string {
  return todayInVienna(current());
}

/** Pins the clock (tests only); `null` restores the wall clock. */
export function setClock(fixed: Date | string | null): void {
  if (fixed === null) {
    current = () => new Date();
    return;
  }
  // A bare date means noon in Vienna, far from any midnight edge.
  const date = typeof fixed === 'string' && fixed.length === 10 ? new Date(`${fixed}T12:00:00+01:00`) : new Date(fixed);
  current = () => new Date(date);
}
