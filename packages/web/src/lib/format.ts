/** de-AT formatters for every screen (re-exported from the shared contract package). */
export {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatEuro,
  formatHours,
  formatMonthYear,
  formatNumber,
  formatPercent,
  knownBirthdate,
  MONTH_NAMES,
  todayInVienna,
} from '@butler/contract/format';

/** The package a time entry is deducted from, as the screens name it. */
export const billingTypeName = (type: string): string => (type === 'abos' ? 'ButlerPaket' : 'Stundenpaket');

/** Cuts a text to `max` characters with SPEC's ellipsis "..." (tables show 50, previews 150). */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** Parses German number input ('1.234,5' or '1234.5') → number, or null when empty/invalid. */
export function parseGermanNumber(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined || input === '') return null;
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  const cleaned = input.trim().replace(/\s/g, '');
  const normalised = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}
