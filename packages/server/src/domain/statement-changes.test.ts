import { describe, expect, it } from 'vitest';
import { hasChanges, type StatementSnapshot, statementChanges } from './statement-changes.js';

const entry = (id: number, hours: number, activity = 'Einkauf') => ({
  id,
  date: '2026-11-20',
  project: 'Haushalt',
  activity,
  hours,
});

const snapshot = (butler: ReturnType<typeof entry>[], balance: number, packages: ReturnType<typeof entry>[] = []) =>
  ({
    butler: {
      entries: butler,
      figures: [
        ['Genutzt', 0],
        ['Verfügbar am Monatsende', balance],
      ],
    },
    packages: { entries: packages, figures: [['Verbleibend', 5]] },
  }) satisfies StatementSnapshot;

describe('statement changes', () => {
  it('finds added, removed and changed entries and the figures that moved', () => {
    const before = snapshot([entry(1, 2), entry(2, 1)], 2.25);
    const after = snapshot([entry(1, 2.5), entry(3, 2)], 0.25);
    const c = statementChanges(before, after);
    expect(c.added).toEqual([{ ...entry(3, 2), section: 'butler' }]);
    expect(c.removed).toEqual([{ ...entry(2, 1), section: 'butler' }]);
    expect(c.changed).toEqual([{ section: 'butler', before: entry(1, 2), after: entry(1, 2.5) }]);
    expect(c.figures).toEqual([{ section: 'butler', label: 'Verfügbar am Monatsende', before: 2.25, after: 0.25 }]);
    expect(hasChanges(c)).toBe(true);
  });

  it('counts an entry moved to the Stundenpakete as removed there and added here', () => {
    const c = statementChanges(snapshot([entry(1, 2)], 1), snapshot([], 1, [entry(1, 2)]));
    expect(c.removed.map((e) => [e.id, e.section])).toEqual([[1, 'butler']]);
    expect(c.added.map((e) => [e.id, e.section])).toEqual([[1, 'packages']]);
  });

  it('is empty for the same statement', () => {
    const s = snapshot([entry(1, 2)], 1);
    expect(hasChanges(statementChanges(s, structuredClone(s)))).toBe(false);
  });
});
