import type { AuditEntry } from '@butler/contract/audit';
import { actionLabel, entityLabel } from '@butler/contract/audit-labels';
import { csvText } from '../../lib/csv.js';

const HEADER = [
  'Zeitpunkt',
  'Person',
  'Art der Person',
  'Aktion',
  'Art des Datensatzes',
  'Datensatz',
  'Kunde',
  'Änderungen',
];
const viennaTime = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const ACTOR_TYPES: Record<string, string> = { admin: 'Mitarbeiter', customer: 'Kunde', system: 'System' };

/**
 * Semicolon-separated with a BOM, as Excel in Austria opens it, every field quoted; formula
 * cells defused by the one CSV writer (lib/csv.ts, decision 0831).
 */
export function formatAuditCsv(entries: AuditEntry[]): string {
  const records: (string | null)[][] = [HEADER];
  for (const e of entries) {
    const changes = e.changes
      .map((c) => (c.secret ? `${c.label}: geändert` : `${c.label}: ${c.before ?? '–'} → ${c.after ?? '–'}`))
      .join(' | ');
    records.push([
      viennaTime.format(new Date(e.at)),
      e.actor_name,
      ACTOR_TYPES[e.actor_type] ?? e.actor_type,
      actionLabel(e.action),
      entityLabel(e.entity),
      e.record_label ?? e.entity_id,
      e.customer_name,
      changes,
    ]);
  }
  return csvText(records, { bom: true, quoteAll: true });
}
