import { describe, expect, it } from 'vitest';
import { hoursBetween, minutesOfDay, quarterHours } from './timers.js';

describe('times as people type them (decision 0641)', () => {
  it.each([
    ['09:15', 555],
    ['9:15', 555],
    ['9.15', 555],
    ['0915', 555],
    ['915', 555],
    ['9', 540],
    ['24:00', 1440],
    ['00:00', 0],
  ])('%s → %s minutes', (text, minutes) => expect(minutesOfDay(text)).toBe(minutes));
  it.each(['24:01', '25:00', '9:60', 'neun', '', '12:5'])('%s is not a time', (text) =>
    expect(minutesOfDay(text)).toBeNull(),
  );
});

describe('quarter hours (decision 0641)', () => {
  it('rounds to the nearest quarter, 7 ½ minutes up, at least 0,25 h', () => {
    expect([1, 7, 8, 22, 23, 90, 97, 98].map(quarterHours)).toEqual([0.25, 0.25, 0.25, 0.25, 0.5, 1.5, 1.5, 1.75]);
    expect(quarterHours(0)).toBe(0.25);
  });
  it('a span needs its end after its start', () => {
    expect(hoursBetween('8', '9.30')).toEqual({ hours: 1.5 });
    expect(hoursBetween('10:00', '10:00')).toEqual({ error: '„Bis“ muss nach „Von“ liegen' });
    expect(hoursBetween('x', '10:00')).toEqual({ error: 'Bitte Zeiten als HH:MM eingeben (z. B. 09:15)' });
  });
});
