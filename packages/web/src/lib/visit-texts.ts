import { formatMonthYear, MONTH_NAMES } from '@butler/contract/format';
import type { LoungeVisit, TripMonth } from '@butler/contract/visits';
import type { CustomerVoice } from '@butler/contract/voice';

/**
 * How the Termine read in the back office and in the lounge (decision 0840). No zod and no
 * Intl here: the lounge's card imports it (decision 0832), so it takes only types from
 * `contract/visits.ts`.
 */

/** `09:00–11:00` (en dash, as the server's clash lines write it). */
export const visitTimeSpan = (visit: Pick<LoungeVisit, 'start_time' | 'end_time'>) =>
  `${visit.start_time}–${visit.end_time}`;

/** `Dezember` for `2026-12`; the month code itself when it is not one. */
export function monthName(month: string): string {
  const match = /^\d{4}-(\d{2})$/.exec(month);
  const index = match ? Number(match[1]) - 1 : -1;
  return MONTH_NAMES[index] ?? month;
}

/** The Fahrten a month has: its ButlerPaket's, and those carried over from the month before. */
const tripsAllowed = (trips: TripMonth) => (trips.allotted ?? 0) + trips.carried_over;

/**
 * `Fahrten im Dezember: 2 von 4`; with Fahrten carried over `2 von 5, davon 1 aus dem
 * Vormonat`; without an allotment (no ButlerPaket with Fahrten) `Fahrten im Dezember: 2`.
 */
export function tripsLine(trips: TripMonth): string {
  const base = `Fahrten im ${monthName(trips.month)}: ${trips.used}`;
  if (trips.allotted === null) return base;
  const carried = trips.carried_over > 0 ? `, davon ${trips.carried_over} aus dem Vormonat` : '';
  return `${base} von ${tripsAllowed(trips)}${carried}`;
}

/** `2 von 4`, `2 von 5 (1 übernommen)` / `2`: one month's Fahrten in a list that already names the month. */
export function tripsCount(trips: TripMonth): string {
  if (trips.allotted === null) return String(trips.used);
  const carried = trips.carried_over > 0 ? ` (${trips.carried_over} übernommen)` : '';
  return `${trips.used} von ${tripsAllowed(trips)}${carried}`;
}

/**
 * Where the visit is, in the customer's voice: the place written down; else, by its kind,
 * at their home, on the phone or remotely, or at the office.
 */
export function loungePlace(visit: Pick<LoungeVisit, 'place' | 'kind'>, voice: CustomerVoice): string {
  const place = visit.place?.trim();
  if (place) return place;
  if (visit.kind === 'remote') return 'per Fernwartung oder Telefon';
  if (visit.kind === 'office') return 'in unserem Büro';
  return voice === 'du' ? 'bei dir zu Hause' : 'bei Ihnen zu Hause';
}

/** "Anna Huber und Max Muster", "Anna Huber, Max Muster und Eva Berg": who comes. */
export function peopleList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`;
}

/** Fahrten per month for a list, the latest month first: `Dezember 2026` and `2 von 4`. */
export function tripRows(trips: readonly TripMonth[]): { month: string; label: string; count: string }[] {
  return [...trips]
    .sort((a, b) => b.month.localeCompare(a.month))
    .map((t) => ({
      month: t.month,
      label: formatMonthYear(Number(t.month.slice(0, 4)), Number(t.month.slice(5, 7))),
      count: tripsCount(t),
    }));
}

/** "Es kommt Anna Huber", "Es kommen Anna Huber und Max Muster"; empty when nobody is named. */
export function whoComes(names: readonly string[]): string {
  if (names.length === 0) return '';
  return `${names.length === 1 ? 'Es kommt' : 'Es kommen'} ${peopleList(names)}`;
}
