/**
 * What a Monatsübersicht shows, kept with each issued version, and what changed between two
 * versions (decision 0771): entries matched by their time entry, figures by their label.
 */
export type SnapshotEntry = { id: number; date: string; project: string; activity: string; hours: number };
export type SnapshotSection = { entries: SnapshotEntry[]; figures: Array<[label: string, value: number]> };
export type StatementSnapshot = { butler: SnapshotSection; packages: SnapshotSection };
export type SectionName = keyof StatementSnapshot;

export type StatementChanges = {
  added: Array<SnapshotEntry & { section: SectionName }>;
  removed: Array<SnapshotEntry & { section: SectionName }>;
  changed: Array<{ section: SectionName; before: SnapshotEntry; after: SnapshotEntry }>;
  figures: Array<{ section: SectionName; label: string; before: number | null; after: number | null }>;
};

const SECTIONS: SectionName[] = ['butler', 'packages'];
const sameEntry = (a: SnapshotEntry, b: SnapshotEntry) =>
  a.date === b.date && a.project === b.project && a.activity === b.activity && a.hours === b.hours;

/** The differences from `before` to `after`; an entry moved between the sections counts as removed and added. */
export function statementChanges(before: StatementSnapshot, after: StatementSnapshot): StatementChanges {
  const changes: StatementChanges = { added: [], removed: [], changed: [], figures: [] };
  for (const section of SECTIONS) {
    const old = new Map(before[section].entries.map((e) => [e.id, e]));
    const now = new Map(after[section].entries.map((e) => [e.id, e]));
    for (const e of after[section].entries) {
      const was = old.get(e.id);
      if (!was) changes.added.push({ ...e, section });
      else if (!sameEntry(was, e)) changes.changed.push({ section, before: was, after: e });
    }
    for (const e of before[section].entries) if (!now.has(e.id)) changes.removed.push({ ...e, section });
    const oldFigures = new Map(before[section].figures);
    const labels = [...new Set([...before[section].figures, ...after[section].figures].map(([label]) => label))];
    const newFigures = new Map(after[section].figures);
    for (const label of labels) {
      const a = oldFigures.get(label) ?? null;
      const b = newFigures.get(label) ?? null;
      if (a !== b) changes.figures.push({ section, label, before: a, after: b });
    }
  }
  return changes;
}

export const hasChanges = (c: StatementChanges) =>
  c.added.length + c.removed.length + c.changed.length + c.figures.length > 0;
