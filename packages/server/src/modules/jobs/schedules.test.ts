import { describe, expect, it } from 'vitest';
import { daily, hourly, monthly, viennaInstant, viennaWallClock } from './schedules.js';

const at = (iso: string) => new Date(iso);

describe('Vienna wall clock', () => {
  it('converts local times to instants in winter and summer time', () => {
    expect(viennaInstant('2026-01-15', 7, 0).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(viennaInstant('2026-07-15', 7, 0).toISOString()).toBe('2026-07-15T05:00:00.000Z');
    // The night clocks go forward (29 March 2026) and back (25 October 2026).
    expect(viennaInstant('2026-03-29', 6, 0).toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(viennaInstant('2026-10-25', 6, 0).toISOString()).toBe('2026-10-25T05:00:00.000Z');
    expect(viennaWallClock(at('2026-12-31T23:30:00Z'))).toMatchObject({ date: '2027-01-01', hour: 0, minute: 30 });
  });
});

describe('schedules', () => {
  it('daily: the slot of today once its time has come, else yesterday’s', () => {
    const s = daily('07:00');
    expect(s.latestSlot(at('2026-03-15T05:59:00Z')).key).toBe('2026-03-14');
    expect(s.latestSlot(at('2026-03-15T06:00:00Z'))).toEqual({ key: '2026-03-15', dueAt: at('2026-03-15T06:00:00Z') });
    expect(s.latestSlot(at('2026-03-01T05:00:00Z')).key).toBe('2026-02-28');
  });

  it('monthly: the 1st in Vienna, which starts on the evening of the 31st in UTC', () => {
    const s = monthly(1, '06:00');
    expect(s.latestSlot(at('2026-03-31T22:30:00Z')).key).toBe('2026-03');
    expect(s.latestSlot(at('2026-04-01T04:00:00Z'))).toEqual({ key: '2026-04', dueAt: at('2026-04-01T04:00:00Z') });
    expect(s.latestSlot(at('2027-01-01T04:59:00Z')).key).toBe('2026-12');
    expect(s.latestSlot(at('2027-01-01T05:00:00Z')).key).toBe('2027-01');
    expect(s.latestSlot(at('2028-03-01T05:00:00Z')).key).toBe('2028-03');
  });

  it('hourly: the last full hour plus the minute', () => {
    const s = hourly(5);
    expect(s.latestSlot(at('2026-03-15T10:04:00Z')).key).toBe('2026-03-15T09');
    expect(s.latestSlot(at('2026-03-15T10:05:00Z')).key).toBe('2026-03-15T10');
  });
});
