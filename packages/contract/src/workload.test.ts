import { describe, expect, it } from 'vitest';
import {
  averageMonthlyHours,
  hoursBand,
  monthsRemainingInYear,
  remainingWeekdaysInMonth,
  shiftMonth,
  weekdaysInMonth,
  workload,
  workloadBand,
  yearlyOpenAverage,
} from './workload.js';

const settings = {
  sellable_hours_per_month: 120,
  workload_threshold_green_max: 80,
  workload_threshold_yellow_max: 100,
};

describe('workload maths (SPEC §9)', () => {
  it('counts Monday to Friday', () => {
    expect(weekdaysInMonth(2026, 2)).toBe(20); // February 2026: 1st is a Sunday, 28 days
    expect(weekdaysInMonth(2026, 11)).toBe(21); // November 2026
    expect(weekdaysInMonth(2028, 2)).toBe(21); // leap February 2028 starts on a Tuesday
  });

  it('counts remaining weekdays including today', () => {
    expect(remainingWeekdaysInMonth('2026-11-23')).toBe(6); // Mon 23 … Mon 30
    expect(remainingWeekdaysInMonth('2026-11-28')).toBe(1); // Sat 28: only Mon 30 left
    expect(remainingWeekdaysInMonth('2026-05-31')).toBe(0); // Sunday, last day
  });

  it('needed per day against target per day, coloured by the thresholds', () => {
    // November 2026: 21 weekdays → target 120/21 ≈ 5.714 h/day. Open 30 h over 6 days = 5 h/day → 87.5 %.
    const w = workload(30, '2026-11-23', settings);
    expect(w.neededPerDay).toBe(5);
    expect(w.percent).toBeCloseTo(87.5, 6);
    expect(w.band).toBe('yellow');
    expect(w.barWidth).toBeCloseTo(87.5, 6);
  });

  it('caps the bar at 100 and keeps it at least 8 wide; no weekday left means all hours now', () => {
    expect(workload(0, '2026-11-23', settings)).toMatchObject({ percent: 0, band: 'green', barWidth: 8 });
    const lastDay = workload(12, '2026-05-31', settings);
    expect(lastDay.neededPerDay).toBe(12);
    expect(lastDay.band).toBe('red');
    expect(lastDay.barWidth).toBe(100);
  });

  it('bands: workload green ≤ green max, amber ≤ yellow max, red above; hours bar the other way round', () => {
    expect(workloadBand(80, 80, 100)).toBe('green');
    expect(workloadBand(80.01, 80, 100)).toBe('yellow');
    expect(workloadBand(100.01, 80, 100)).toBe('red');
    expect(hoursBand(30, 30, 70)).toBe('red');
    expect(hoursBand(70, 30, 70)).toBe('yellow');
    expect(hoursBand(70.5, 30, 70)).toBe('green');
  });

  it('yearly average and year ring average', () => {
    expect(averageMonthlyHours(1000)).toBe(83); // 83.33 rounded
    expect(monthsRemainingInYear('2026-12-05')).toBe(1);
    expect(monthsRemainingInYear('2026-01-05')).toBe(12);
    expect(yearlyOpenAverage(120, '2026-11-02')).toBe(60); // November and December
  });

  it('moves months across year boundaries', () => {
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
  });
});
