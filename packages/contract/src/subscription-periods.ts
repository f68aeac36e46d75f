/**
 * DOMAIN-RULES §4: a ButlerPaket of `months` months from `start` ends on start + months − 1 day,
 * the day clamped to the target month's end first (31.01. + 1 month = 28.02., so it ends
 * 27.02.). One function for the server (domain/subscription-periods.ts) and the web's
 * ButlerPaket dialog. Its SQL twins, `(start + make_interval(months => n))::date - 1` in
 * server/src/modules/hour-accounting/period-sql.ts and migration 0018, give the same dates
 * (hour-accounting-sql.test.ts, "SQL and TS agree on period ends"; decision 0800).
 */
export function subscriptionEndDate(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  if (day > 1) return isoDate(year, month, day - 1);
  return month === 1 ? isoDate(year - 1, 12, 31) : isoDate(year, month - 1, daysInMonth(year, month - 1));
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const isoDate = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
