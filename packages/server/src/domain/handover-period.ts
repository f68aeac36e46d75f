import { formatMonthYear } from '@butler/contract/format';

/** A period handed to the tax adviser (decision 0820): its days, its months and its German name. */
export type HandoverPeriod = {
  kind: 'month' | 'quarter' | 'year';
  /** As requested: `2026-11`, `2026-Q4` or `2026`. */
  key: string;
  start: string;
  end: string;
  /** Every `YYYY-MM` from start to end. */
  months: string[];
  label: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function monthsFrom(year: number, month: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const m = month - 1 + i;
    return `${year + Math.floor(m / 12)}-${pad((m % 12) + 1)}`;
  });
}

function span(kind: HandoverPeriod['kind'], key: string, months: string[], label: string): HandoverPeriod {
  const [ey, em] = months[months.length - 1]!.split('-').map(Number);
  return {
    kind,
    key,
    start: `${months[0]}-01`,
    end: `${months[months.length - 1]}-${pad(lastDay(ey!, em!))}`,
    months,
    label,
  };
}

/**
 * `2026-11` is November 2026; `2026-Q4` the calendar quarter (the quarters of the VAT
 * return); `2026` the fiscal year that begins in `fiscalYearStartMonth` of 2026 (with
 * January: the calendar year). Returns null for anything else.
 */
export function handoverPeriod(key: string, fiscalYearStartMonth: number): HandoverPeriod | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    return span('month', key, monthsFrom(y, m, 1), formatMonthYear(y, m));
  }
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) {
    const [y, q] = [Number(quarter[1]), Number(quarter[2])];
    return span('quarter', key, monthsFrom(y, q * 3 - 2, 3), `${q}. Quartal ${y}`);
  }
  const year = /^(\d{4})$/.exec(key);
  if (year) {
    const y = Number(year[1]);
    const start = fiscalYearStartMonth;
    const label = start === 1 ? `Jahr ${y}` : `Wirtschaftsjahr ${y}/${pad((y + 1) % 100)}`;
    return span('year', key, monthsFrom(y, start, 12), label);
  }
  return null;
}
