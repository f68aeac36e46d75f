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

// Numbers are formatted by hand, not with Intl.NumberFormat: a page's first Intl object
// loads the browser's locale data, 46–91 ms of main-thread time on this machine and four
// times that on the phones Lighthouse simulates, paid on every cold visit of the login and
// the lounge (decision 0412). The rounding is Intl's: the shortest decimal that reads back
// as the same double (what String(value) shows, so 1.005 stays 1.005 and becomes 1,01,
// where toFixed would give 1,00), rounded half away from zero. A value rounded to zero
// shows no minus sign. format.test.ts compares the results with Intl.

/** Digits of `|value|` rounded to `decimals` places: ['1234', '50']; null for ±∞ and NaN. */
function fixedDigits(value: number, decimals: number): [string, string] | null {
  if (!Number.isFinite(value)) return null;
  const [, lead, tail = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value)))!;
  const digits = lead + tail;
  const point = lead.length + Number(exponent);
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fraction = (point < 0 ? '0'.repeat(-point) + digits : digits.slice(Math.max(point, 0))).padEnd(decimals, '0');
  let scaled = BigInt(whole + fraction.slice(0, decimals));
  if (fraction.length > decimals && fraction[decimals] >= '5') scaled += 1n;
  const text = scaled.toString().padStart(decimals + 1, '0');
  return [text.slice(0, text.length - decimals), text.slice(text.length - decimals)];
}

const group = (whole: string, separator: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, () => separator);
const signOf = (value: number, digits: [string, string]) => (value < 0 && /[1-9]/.test(digits.join('')) ? '-' : '');

const toNumber = (value: number | string | null | undefined) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return n == null || Number.isNaN(n) ? 0 : n;
};

/** Sign and digits of a number with two decimals (`trim`: without trailing zeros). */
function decimalParts(value: number | string | null | undefined, separator: string, trim: boolean) {
  const n = toNumber(value);
  const digits = fixedDigits(n, 2);
  if (!digits) return { sign: n < 0 ? '-' : '', text: '∞' };
  const fraction = trim ? digits[1].replace(/0+$/, '') : digits[1];
  return { sign: signOf(n, digits), text: `${group(digits[0], separator)}${fraction ? `,${fraction}` : ''}` };
}

/** `€ 1.234,50`; missing values show as `€ 0,00`. */
export function formatEuro(value: number | string | null | undefined): string {
  const { sign, text } = decimalParts(value, '.', false);
  return `${sign}€\u00a0${text}`;
}

/** `1.234,50` (hours and other numbers with two decimals; the dot groups like the amounts). */
export function formatNumber(value: number | string | null | undefined): string {
  const { sign, text } = decimalParts(value, '.', false);
  return sign + text;
}

/** `3`, `2,5`, `1 234,5`: up to two decimals without trailing zeros, de-AT grouping (percentages). */
export function formatDecimal(value: number): string {
  const { sign, text } = decimalParts(value, '\u00a0', true);
  return sign + text;
}

/** `97 %`, `2,5 %`: a percentage whose sign never wraps away from the number (no-break space). */
export function formatPercent(value: number): string {
  return `${formatDecimal(value)}\u00a0%`;
}

/** Hours with two decimals and the unit: `12,50 h`. */
export function formatHours(value: number | string | null | undefined): string {
  return `${formatNumber(value)} h`;
}

// Vienna's clock is one or two hours ahead of UTC (CET, CEST; +1:05 local mean time before
// 1893), so before 22:00 UTC its date is the UTC date and no Intl object is needed: a page's
// first one costs 46–91 ms of main thread here, four times that on Lighthouse's phone
// (decisions 0412, 0832). From 22:00 UTC the time zone's rules decide, through Intl.
// format.test.ts compares both ways with Intl over two centuries.
let viennaDay: Intl.DateTimeFormat | undefined;

/** The day of an instant in Vienna as `YYYY-MM-DD`. */
function viennaDayOf(moment: Date): string {
  const year = moment.getUTCFullYear();
  if (moment.getUTCHours() < 22 && year >= 1000 && year <= 9999) return moment.toISOString().slice(0, 10);
  viennaDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return viennaDay.format(moment);
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
  const [year, month, day] = viennaDayOf(value).split('-');
  return `${day}.${month}.${year}`;
}

const WEEKDAYS_SHORT = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'];

/** `2026-12-08` → `Di., 08.12.2026` (a calendar day; no time zone involved). */
export function formatDayWithWeekday(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${WEEKDAYS_SHORT[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${formatDate(date)}`;
}

// Built on first use: a page's first Intl object costs the browser its locale data (decision 0412).
let dateTime: Intl.DateTimeFormat | undefined;

/** `22.11.2026, 14:05` in Vienna time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '–';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '–';
  dateTime ??= new Intl.DateTimeFormat(LOCALE, {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateTime.format(date);
}

/** `Jänner 2026` for a 1-based month. */
export function formatMonthYear(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

// Formatting a date in a time zone costs ~10 µs, and the server asks for today's date on
// every request: remember the answer for the current minute (Vienna's day always changes
// on a full minute) and build the formatter once (decision 0400).
let rememberedMinute = Number.NaN;
let rememberedDay = '';

/** Today's date in Vienna as `YYYY-MM-DD`. */
export function todayInVienna(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === rememberedMinute) return rememberedDay;
  rememberedDay = viennaDayOf(now);
  rememberedMinute = minute;
  return rememberedDay;
}

/** SPEC §3's stored birthdate for "not given" (customers without one). */
export const DEFAULT_BIRTHDATE = '1970-01-01';

/**
 * The birthdate when it is known: 1970-01-01 stands for "not given", which people must
 * never read as a date (decision 0636); screens show nothing instead.
 */
export function knownBirthdate(value: string | null | undefined): string | null {
  return value && value !== DEFAULT_BIRTHDATE ? value : null;
}
