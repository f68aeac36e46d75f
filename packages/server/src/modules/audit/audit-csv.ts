import type { AuditEntry } from '@butler/contract/audit';

const HEADER = ['Zeitpunkt', 'Person', 'Art der Person', 'Aktion', 'Datensatz', 'Nr.', 'Kunde', 'Änderungen'];
const viennaTime = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** One CSV cell: quoted, and a leading = + - @ made harmless for spreadsheets (CSV injection). */
function cell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Semicolon-separated with a BOM, as Excel in Austria opens it. */
export function formatAuditCsv(entries: AuditEntry[]): string {
  const lines = [HEADER.map(cell).join(';')];
  for (const e of entries) {
    const changes = e.changes.map((c) => `${c.field}: ${c.before ?? '–'} → ${c.after ?? '–'}`).join(' | ');
    lines.push(
      [
        viennaTime.format(new Date(e.at)),
        e.actor_name,
        e.actor_type,
        e.action,
        e.entity,
        e.entity_id,
        e.customer_name,
        changes,
      ]
        .map(cell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
