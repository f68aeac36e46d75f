import { formatDate, formatNumber } from '@butler/contract/format';
import type {
  SectionName,
  SnapshotEntry,
  StatementChanges,
  StatementSnapshot,
} from '../../domain/statement-changes.js';
import type { StatementData } from './statement-data.service.js';

/** The entries and figures of a statement as they are kept with an issued version (decision 0771). */
export function snapshotOf(data: StatementData): StatementSnapshot {
  const b = data.butler;
  const p = data.packages;
  return {
    butler: {
      entries: b.entries,
      figures: [
        ['Kontingent des Monats', b.figures.hours_total],
        ['Genutzt', b.figures.hours_used],
        ['Rest dieses Monats', b.figures.hours_open],
        ['Übertrag aus den Vormonaten', b.carryOver],
        ['Verfügbar am Monatsende', b.balance],
      ],
    },
    packages: {
      entries: p.entries,
      figures: [
        ['Verfügbar im Monat', p.figures.hours_total],
        ['Genutzt', p.figures.hours_used],
        ['Verbleibend', p.figures.hours_open],
      ],
    },
  };
}

const SECTION: Record<SectionName, string> = { butler: 'ButlerPaket', packages: 'Stundenpakete' };
const hours = (value: number | null) =>
  value === null ? '–' : value < 0 ? `−${formatNumber(-value)} h` : `${formatNumber(value)} h`;
const entryText = (e: SnapshotEntry) => `${formatDate(e.date)} · ${e.project} · ${e.activity} · ${hours(e.hours)}`;

/** What a correction changed, one German sentence each: entries first, then the figures old → new. */
export function changeLines(c: StatementChanges): string[] {
  const lines = [
    ...c.added.map((e) => `Nachgetragen (${SECTION[e.section]}): ${entryText(e)}`),
    ...c.changed.map(({ section, before, after }) => {
      const what =
        before.hours !== after.hours
          ? `${hours(before.hours)} → ${hours(after.hours)}`
          : before.date !== after.date
            ? `Datum ${formatDate(before.date)} → ${formatDate(after.date)}`
            : 'Beschreibung geändert';
      return `Geändert (${SECTION[section]}): ${entryText(after)} (${what})`;
    }),
    ...c.removed.map((e) => `Entfernt (${SECTION[e.section]}): ${entryText(e)}`),
    ...c.figures.map((f) => `${SECTION[f.section]}, ${f.label}: ${hours(f.before)} → ${hours(f.after)}`),
  ];
  return lines;
}
