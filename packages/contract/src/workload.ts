/**
 * Pure maths of the admin dashboard (SPEC §9), shared by the web (bars, rings, colours)
 * and the server tests. Dates are `YYYY-MM-DD` strings of Vienna's calendar.
 */

export type Band = 'green' | 'yellow' | 'red';

const pad = (n: number) => String(n).padStart(2, '0');

function parts(date: string) {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isWeekday(year: number, month: number, day: number): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

/** Monday to Friday of a month (public holidays are not known to the portal). */
export function weekdaysInMonth(year: number, month: number): number {
  let count = 0;
  for (let day = 1; day <= daysIn(year, month); day++) if (isWeekday(year, month, day)) count++;
  return count;
}

/** Weekdays from `today` (inclusive: today's work is still ahead) to the month's end. */
export function remainingWeekdaysInMonth(today: string): number {
  const { year, month, day } = parts(today);
  let count = 0;
  for (let d = day; d <= daysIn(year, month); d++) if (isWeekday(year, month, d)) count++;
  return count;
}

export type Workload = {
  /** open hours / remaining weekdays; all open hours when no weekday is left. */
  neededPerDay: number;
  /** sellable hours per month / weekdays of the month. */
  targetPerDay: number;
  /** neededPerDay as percent of targetPerDay (0 when there is no target). */
  percent: number;
  band: Band;
  /** Bar width in percent: capped at 100, at least 8 so the bar stays visible. */
  barWidth: number;
};

export type WorkloadSettings = {
  sellable_hours_per_month: number;
  workload_threshold_green_max: number;
  workload_threshold_yellow_max: number;
};

/** Workload for the rest of the month (SPEC §9). */
export function workload(openHours: number, today: string, settings: WorkloadSettings): Workload {
  const { year, month } = parts(today);
  const remaining = remainingWeekdaysInMonth(today);
  const neededPerDay = Math.max(0, openHours) / Math.max(1, remaining);
  const targetPerDay = settings.sellable_hours_per_month / weekdaysInMonth(year, month);
  const percent = targetPerDay > 0 ? (neededPerDay / targetPerDay) * 100 : 0;
  return {
    neededPerDay,
    targetPerDay,
    percent,
    band: workloadBand(percent, settings.workload_threshold_green_max, settings.workload_threshold_yellow_max),
    barWidth: Math.min(100, Math.max(8, percent)),
  };
}

/** Workload colour: green up to the green maximum, amber up to the yellow maximum, else red. */
export function workloadBand(percent: number, greenMax: number, yellowMax: number): Band {
  if (percent <= greenMax) return 'green';
  if (percent <= yellowMax) return 'yellow';
  return 'red';
}

/**
 * Subscription-hour bar colour (SPEC §4): red up to the red maximum, yellow up to the
 * yellow maximum, green above. The value is the average monthly hours in percent of the
 * monthly target, so the thresholds read as percentages like the workload ones.
 */
export function hoursBand(percentOfTarget: number, redMax: number, yellowMax: number): Band {
  if (percentOfTarget <= redMax) return 'red';
  if (percentOfTarget <= yellowMax) return 'yellow';
  return 'green';
}

/** Yearly bar: average monthly sold subscription hours, rounded (SPEC §9). */
export function averageMonthlyHours(soldAboHoursYearly: number): number {
  return Math.round(soldAboHoursYearly / 12);
}

/** Months left in the year including the current one (December → 1). */
export function monthsRemainingInYear(today: string): number {
  return 13 - parts(today).month;
}

/** Year ring: open hours per remaining month including the current one (SPEC §9). */
export function yearlyOpenAverage(openHoursYear: number, today: string): number {
  return openHoursYear / monthsRemainingInYear(today);
}

/** Used share in percent of a total, for rings (0 when the total is not positive). */
export function usedPercent(used: number, total: number): number {
  return total > 0 ? (used / total) * 100 : 0;
}

/** Previous/next month across year boundaries (monthly view buttons). */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** `YYYY-MM` key of a year and 1-based month. */
export function monthKey(year: number, month: number): string {
  return `${year}-${pad(month)}`;
}
