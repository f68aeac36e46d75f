import { DEFAULT_PRICE_PER_HOUR } from '@butler/contract/hour-packages';
import { describe, expect, it } from 'vitest';
import {
  entriesToOffer,
  takeLabel,
  timeEntriesProblems,
  timeEntriesStart,
  toggleAll,
  toggleEntry,
} from './time-entries-rules';

const entries = [
  { id: 1, hours: 2 },
  { id: 2, hours: -0.5 },
  { id: 3, hours: 1.25 },
  { id: 4, hours: 3 },
];

describe('Zeiteinträge übernehmen', () => {
  it('offers entries not yet on the invoice, without negative corrections', () => {
    expect(entriesToOffer(entries, [4]).map((e) => e.id)).toEqual([1, 3]);
  });

  it('starts with nothing chosen, at the default rate or the one used last', () => {
    expect(timeEntriesStart()).toEqual({ chosen: [], rate: DEFAULT_PRICE_PER_HOUR });
    expect(timeEntriesStart(95)).toEqual({ chosen: [], rate: 95 });
  });

  it('toggles one entry, and all or none', () => {
    expect(toggleEntry([1], 3)).toEqual([1, 3]);
    expect(toggleEntry([1, 3], 1)).toEqual([3]);
    const offered = entriesToOffer(entries, []);
    expect(toggleAll([1], offered)).toEqual([1, 3, 4]);
    expect(toggleAll([1, 3, 4], offered)).toEqual([]);
  });

  it('needs at least one entry and a rate (0 is a rate)', () => {
    expect(Object.keys(timeEntriesProblems({ chosen: [], rate: '' }))).toEqual(['chosen', 'rate']);
    expect(timeEntriesProblems({ chosen: [3], rate: 0 })).toEqual({});
  });

  it('counts what the button takes over', () => {
    expect(takeLabel(1)).toBe('1 Eintrag übernehmen');
    expect(takeLabel(3)).toBe('3 Einträge übernehmen');
    expect(takeLabel(0)).toBe('0 Einträge übernehmen');
  });
});
