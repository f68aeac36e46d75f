/**
 * Booking a batch of entries (decision 0774): a new entry starts on the date of the entry
 * saved last in this tab, while that was less than `BATCH_MINUTES` ago; after a pause it
 * starts on today again. The customer is never carried over silently.
 */
export const BATCH_MINUTES = 30;

export type LastSaved = { date: string; savedAt: number };

export function dateForNewEntry(last: LastSaved | null, today: string, now: number): string {
  if (!last || now - last.savedAt > BATCH_MINUTES * 60_000) return today;
  return last.date;
}

let lastSaved: LastSaved | null = null;

/** The last new entry's date in this tab (memory only: a reload starts on today). */
export const batch = {
  get: () => lastSaved,
  remember: (date: string, now = Date.now()) => {
    lastSaved = { date, savedAt: now };
  },
};
