import { describe, expect, it } from 'vitest';
import { BATCH_MINUTES, dateForNewEntry } from './time-entry-batch';

describe('date of a new time entry', () => {
  const now = Date.parse('2026-12-01T09:00:00Z');
  it('keeps the date of the entry saved last while the batch goes on', () => {
    expect(dateForNewEntry({ date: '2026-11-30', savedAt: now - 5 * 60_000 }, '2026-12-01', now)).toBe('2026-11-30');
  });

  it('starts on today after a pause or without an entry before', () => {
    const stale = { date: '2026-11-30', savedAt: now - (BATCH_MINUTES * 60_000 + 1) };
    expect(dateForNewEntry(stale, '2026-12-01', now)).toBe('2026-12-01');
    expect(dateForNewEntry(null, '2026-12-01', now)).toBe('2026-12-01');
  });
});
