import { formatDate, formatDayWithWeekday } from '@butler/contract/format';
import { describe, expect, it } from 'vitest';
import { dayHeading, mondayOf, rangeOf, shiftDay, visitsByDay, weekDays, weekLabel } from './calendar-rules';

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

describe('mondayOf', () => {
  it('finds the Monday of every day of a week, Sunday included', () => {
    const week = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
    for (const day of week) expect(mondayOf(day)).toBe(week[0]);
    expect(weekday(mondayOf('2026-12-06'))).toBe(1);
  });

  it('goes back across a month and a year', () => {
    const monday = mondayOf('2027-01-01');
    expect(weekday(monday)).toBe(1);
    expect(monday < '2027-01-01').toBe(true);
    expect(monday.startsWith('2026-12')).toBe(true);
  });

  it('keeps whole days across the change to and from summer time', () => {
    // Vienna changes its clocks on 29.03.2026 and 25.10.2026 (Sundays).
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
    expect(mondayOf('2026-10-25')).toBe('2026-10-19');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
    expect(shiftDay('2026-10-25', -1)).toBe('2026-10-24');
  });
});

describe('weekDays and rangeOf', () => {
  it('lists seven consecutive days from Monday to Sunday', () => {
    const days = weekDays('2026-12-28');
    expect(days).toHaveLength(7);
    expect(days.map(weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    for (let i = 1; i < days.length; i++) expect(shiftDay(days[i - 1], 1)).toBe(days[i]);
    expect(days[6].startsWith('2027-01')).toBe(true);
  });

  it('asks for the week of a day, or for the day alone', () => {
    const week = rangeOf('2026-12-03', 'week');
    expect(week.from).toBe(mondayOf('2026-12-03'));
    expect(week.to).toBe(weekDays(week.from)[6]);
    expect(rangeOf('2026-12-03', 'day')).toEqual({ from: '2026-12-03', to: '2026-12-03' });
  });
});

describe('weekLabel', () => {
  it('names the first day without its year and the last one with it', () => {
    const label = weekLabel('2026-11-30');
    const [first, last] = label.split('–');
    expect(last).toBe(formatDate('2026-12-06'));
    expect(formatDate('2026-11-30').startsWith(first)).toBe(true);
    expect(first).not.toContain('2026');
  });

  it('names both years for a week across the new year', () => {
    const [first, last] = weekLabel('2026-12-28').split('–');
    expect(first).toBe(formatDate('2026-12-28'));
    expect(last).toBe(formatDate('2027-01-03'));
  });
});

describe('dayHeading', () => {
  it('gives the short weekday and the day without the year', () => {
    const heading = dayHeading('2026-12-03');
    expect(formatDayWithWeekday('2026-12-03').startsWith(heading.weekday)).toBe(true);
    expect(formatDate('2026-12-03').startsWith(heading.day)).toBe(true);
    expect(heading.day).not.toContain('2026');
  });
});

describe('visitsByDay', () => {
  const v = (date: string, start_time: string, end_time = '23:00') => ({ date, start_time, end_time });

  it('puts each visit under its day, in the order of the start', () => {
    const days = weekDays('2026-11-30');
    const byDay = visitsByDay([v('2026-12-02', '14:00'), v('2026-12-02', '08:30'), v('2026-11-30', '10:00')], days);
    expect([...byDay.keys()]).toEqual(days);
    expect(byDay.get('2026-12-02')?.map((x) => x.start_time)).toEqual(['08:30', '14:00']);
    expect(byDay.get('2026-11-30')).toHaveLength(1);
    expect(byDay.get('2026-12-01')).toEqual([]);
  });

  it('orders visits starting together by their end and leaves out days not shown', () => {
    const byDay = visitsByDay(
      [v('2026-12-01', '09:00', '12:00'), v('2026-12-01', '09:00', '10:00'), v('2026-12-09', '09:00')],
      ['2026-12-01'],
    );
    expect(byDay.get('2026-12-01')?.map((x) => x.end_time)).toEqual(['10:00', '12:00']);
    expect(byDay.size).toBe(1);
  });
});
