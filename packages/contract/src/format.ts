/**
 * Austrian German formatting used by the web and by the server (PDFs, mails,
 * month names in API answers). Intl with de-AT gives 'Jänner' and '€ 1.234,50'.
 */
const LOCALE = 'de-AT';
export const TIME_ZONE = 'Europe/Vienna';

export const MONTH_NAMES = [
  'Jänner',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

const euro = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' });
// de-AT groups plain numbers with a narrow space ('1 234,50'); the portal shows '1.234,50'
// like its currency amounts, which is what de-DE grouping gives.
const twoDecimals = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const toNumber = (value: number | string | null | undefined) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return n == null || Number.isNaN(n) ? 0 : n;
};

/** `€ 1.234,50`; missing values show as `€ 0,00`. */
export function formatEuro(value: number | string | null | undefined): string {
  return euro.format(toNumber(value));
}

/** `1.234,50` (hours and other numbers with two decimals). */
export function formatNumber(value: number | string | null | undefined): string {
  return twoDecimals.format(toNumber(value));
}

/** Hours with two decimals and the unit: `12,50 h`. */
export function formatHours(value: number | string | null | undefined): string {
  return `${formatNumber(value)} h`;
}

/** `YYYY-MM-DD` or a Date → `22.11.2026`. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (match && value.length === 10) return `${match[3]}.${match[2]}.${match[1]}`;
    value = new Date(value);
  }
  if (Number.isNaN(value.getTime())) return '';
  const parts = new Intl.DateTimeFormat(LOCALE, {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(value);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}.${get('month')}.${get('year')}`;
}

/** `Jänner 2026` for a 1-based month. */
export function formatMonthYear(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

// Formatting a date in a time zone costs ~10 µs, and the server asks for today's date on
// every request: remember the answer for the current minute (Vienna's day always changes
// on a full minute) and build the formatter once (decision 0400).
let viennaDay: Intl.DateTimeFormat | undefined;
let rememberedMinute = Number.NaN;
let rememberedDay = '';

/** Today's date in Vienna as `YYYY-MM-DD`. */
export function todayInVienna(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === rememberedMinute) return rememberedDay;
  viennaDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  rememberedDay = viennaDay.format(now);
  rememberedMinute = minute;
  return rememberedDay;
}
