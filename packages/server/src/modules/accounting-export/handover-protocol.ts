import { HANDOVER_FORMAT_LABELS, type HANDOVER_FORMATS } from '@butler/contract/accounting-handover';
import { formatDate, formatDateTime } from '@butler/contract/format';

/** The file in every handover ZIP that says what it is (decision 0820). */
export const PROTOCOL_FILE = 'Uebergabe.txt';

export interface ProtocolInput {
  label: string;
  start: string;
  end: string;
  formats: (typeof HANDOVER_FORMATS)[number][];
  documents: number;
  closes: boolean;
  /** The months reopened since the last handover, with who reopened them and why. */
  reopened: { month: string; reason: string | null; by: string | null; at: Date | null }[];
  createdBy: string;
  createdAt: Date;
}

const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${m}/${year}`;
};

/**
 * "Uebergabe.txt": for the adviser who opens the ZIP, what period and formats it holds, whether
 * it closed the period, and, for a correction, which month was reopened by whom and why.
 * CRLF line ends and UTF-8 with a byte order mark, so Windows' editor shows the umlauts.
 */
export function handoverProtocol(p: ProtocolInput): Buffer {
  const lines = [
    `Übergabe an die Steuerberatung: ${p.label}`,
    `Zeitraum: ${formatDate(p.start)} bis ${formatDate(p.end)}`,
    `Buchungsdateien: ${p.formats.map((f) => HANDOVER_FORMAT_LABELS[f]).join(', ')}`,
    `Belegdateien: ${p.documents}`,
    p.closes
      ? 'Festschreibung: Der Zeitraum wurde mit dieser Übergabe abgeschlossen.'
      : 'Festschreibung: Der Zeitraum ist mit dieser Übergabe nicht abgeschlossen.',
  ];
  if (p.reopened.length > 0) {
    lines.push(
      'Korrektur: Diese Übergabe ersetzt die frühere desselben Zeitraums vollständig (alle Buchungen und Belege neu).',
    );
    for (const r of p.reopened) {
      const who = r.by && r.at ? ` am ${formatDateTime(r.at)} von ${r.by}` : '';
      lines.push(`Wieder geöffnet ${monthLabel(r.month)}${who}${r.reason ? `: ${r.reason}` : ''}`);
    }
  }
  lines.push(`Erstellt am ${formatDateTime(p.createdAt)} von ${p.createdBy}`);
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
