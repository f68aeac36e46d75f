import { DEFAULT_PRICE_PER_HOUR } from '@butler/contract/hour-packages';

/** The chosen time entries (ids) and the hourly rate their lines get. */
export type TimeEntriesValues = { chosen: number[]; rate: number | string };

/** Nothing chosen; the rate the last entries were taken at (the default at first). */
export const timeEntriesStart = (rate: number | string = DEFAULT_PRICE_PER_HOUR): TimeEntriesValues => ({
  chosen: [],
  rate,
});

/**
 * The entries the invoice can still take: not already on it, and no negative corrections
 * (they cannot become a line with a positive quantity).
 */
export const entriesToOffer = <T extends { id: number; hours: number }>(entries: T[], onInvoice: number[]) =>
  entries.filter((e) => !onInvoice.includes(e.id) && e.hours > 0);

export const toggleEntry = (chosen: number[], id: number) =>
  chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];

/** "Alle auswählen": all when not all are chosen, else none. */
export const toggleAll = (chosen: number[], offered: { id: number }[]) =>
  chosen.length === offered.length ? [] : offered.map((e) => e.id);

/** At least one entry and a rate; the button stays disabled until then. */
export function timeEntriesProblems(v: TimeEntriesValues): Partial<Record<keyof TimeEntriesValues, string>> {
  const problems: Partial<Record<keyof TimeEntriesValues, string>> = {};
  if (v.chosen.length === 0) problems.chosen = 'Bitte wählen Sie mindestens einen Zeiteintrag';
  if (v.rate === '') problems.rate = 'Bitte geben Sie einen Stundensatz an';
  return problems;
}

export const takeLabel = (count: number) => (count === 1 ? '1 Eintrag übernehmen' : `${count} Einträge übernehmen`);
