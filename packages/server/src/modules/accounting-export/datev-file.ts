import { toHundredths } from '../../domain/decimal.js';
import { ansiCsv } from '../../lib/ansi-csv.js';
import type { CsvCell } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import type { AccountChart } from './accounting-chart.js';
import { bookingText, commaAmount, requireAccountNumber } from './booking-format.js';
import type { BookingDocument } from './booking-records.js';

/**
 * DATEV-Format "Buchungsstapel" (EXTF, header version 700, Formatkategorie 21, Formatversion
 * 13; decision 0820). Line 1 the 31 header fields, line 2 the 125 column headings, then one
 * line per booking line: Umsatz always positive with the Soll/Haben-Kennzeichen of `Konto`,
 * WKZ EUR, Belegdatum TTMM (the year is the header's), Belegfeld 1 the open item (the invoice
 * number), Buchungstext at most 60 characters. Text fields quoted, numbers not; decimal
 * comma; CRLF; Windows-1252.
 */

export const DATEV_FORMAT_VERSION = 13;

/** The column headings of Formatversion 13, in DATEV's order (line 2 of DATEV's sample files). */
export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`Beleginfo - Art ${n}`, `Beleginfo - Inhalt ${n}`]),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
] as const;

/** Limits of the columns the portal fills (DATEV's Formatbeschreibung). */
export const DATEV_LIMITS = { belegfeld1: 36, belegfeld2: 12, buchungstext: 60, bezeichnung: 30 } as const;

/**
 * Belegfeld 1 keeps the characters DATEV allows in it (letters, digits, `$ & % * + - / _`),
 * the last 36, without a leading `+` or `-`: the CSV writer would put an apostrophe before
 * it (decision 0831), a character DATEV refuses here.
 */
export function belegfeld(text: string, max: number): string {
  return text
    .replace(/[^A-Za-z0-9$&%*+\-/_]/g, '')
    .slice(-max)
    .replace(/^[+-]+/, '');
}

const q = (text: string): CsvCell => ({ quoted: text });
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDHHMMSSFFF` in Vienna's local time ("Erzeugt am"). */
export function viennaStamp(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Vienna',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${pad(at.getMilliseconds(), 3)}`;
}

/** The first day of the fiscal year a date lies in, as `YYYY-MM-DD`. */
export function fiscalYearStart(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return `${month >= startMonth ? year : year - 1}-${pad(startMonth)}-01`;
}

function nextYear(iso: string): string {
  return `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`;
}

/** `correction`: the export of a month reopened since its closing (its Bezeichnung says so). */
export type DatevPeriod = { start: string; end: string; label: string; correction?: boolean };

/** The header's figures, checked: DATEV numbers set, the period within one calendar and one fiscal year. */
function headerFacts(chart: AccountChart, period: DatevPeriod) {
  const { consultantNumber, clientNumber, accountLength } = chart.datev;
  if (consultantNumber === null || clientNumber === null) {
    throw new AppError('CONFLICT', 'Für DATEV fehlen Beraternummer und Mandantennummer (Einstellungen → Buchhaltung).');
  }
  if (consultantNumber < 1001 || consultantNumber > 9_999_999 || clientNumber < 1 || clientNumber > 99_999) {
    throw new AppError(
      'CONFLICT',
      'Die Beraternummer (1001 bis 9999999) oder die Mandantennummer (1 bis 99999) passt nicht zu DATEV ' +
        '(Einstellungen → Buchhaltung).',
    );
  }
  const wj = fiscalYearStart(period.start, chart.fiscalYearStartMonth);
  if (period.start.slice(0, 4) !== period.end.slice(0, 4) || period.end >= nextYear(wj)) {
    throw new AppError(
      'CONFLICT',
      'Ein DATEV-Buchungsstapel umfasst höchstens ein Kalenderjahr und ein Wirtschaftsjahr. ' +
        'Bitte exportieren Sie den Zeitraum in Teilen (z. B. je Monat oder Quartal).',
    );
  }
  return { consultantNumber, clientNumber, accountLength, wj };
}

/** Sachkonten have at most the Sachkontenlänge, Personenkonten (per-customer receivables) exactly one digit more. */
function datevAccount(chart: AccountChart, account: string): string {
  requireAccountNumber(account, 'DATEV');
  const length = chart.datev.accountLength;
  const r = chart.receivables;
  const personal =
    r.mode === 'per_customer' &&
    account !== r.account &&
    Number(account) >= r.customerStart &&
    Number(account) <= r.customerEnd;
  if (personal ? account.length !== length + 1 : account.length > length) {
    throw new AppError(
      'CONFLICT',
      personal
        ? `Das Kundenkonto ${account} passt nicht zur Sachkontenlänge ${length}: DATEV erwartet Personenkonten mit ` +
            `${length + 1} Stellen. Bitte passen Sie den Bereich der Kundenkonten oder die Sachkontenlänge an (Einstellungen → Buchhaltung).`
        : `Das Konto ${account} ist länger als die Sachkontenlänge ${length}. ` +
            'Bitte passen Sie das Konto oder die Sachkontenlänge an (Einstellungen → Buchhaltung).',
    );
  }
  return account;
}

const compact = (iso: string) => iso.replaceAll('-', '');

/** The 31 fields of line 1. */
export function datevHeader(chart: AccountChart, period: DatevPeriod, createdAt: Date): CsvCell[] {
  const facts = headerFacts(chart, period);
  return [
    q('EXTF'), // 1 Kennzeichen
    '700', // 2 Versionsnummer
    '21', // 3 Formatkategorie
    q('Buchungsstapel'), // 4 Formatname
    String(DATEV_FORMAT_VERSION), // 5 Formatversion
    viennaStamp(createdAt), // 6 Erzeugt am
    '', // 7 Importiert (set by DATEV)
    q(''), // 8 Herkunft (DATEV sets "SV" on import)
    q(''), // 9 Exportiert von
    q(''), // 10 Importiert von (set by DATEV)
    String(facts.consultantNumber), // 11 Beraternummer
    String(facts.clientNumber), // 12 Mandantennummer
    compact(facts.wj), // 13 WJ-Beginn
    String(facts.accountLength), // 14 Sachkontenlänge
    compact(period.start), // 15 Datum vom
    compact(period.end), // 16 Datum bis
    q(bookingText(`${period.correction ? 'Korrektur ' : ''}Buchungen ${period.label}`, DATEV_LIMITS.bezeichnung)), // 17 Bezeichnung
    q(''), // 18 Diktatkürzel
    '1', // 19 Buchungstyp: Finanzbuchführung
    '0', // 20 Rechnungslegungszweck: unabhängig
    '0', // 21 Festschreibung: no (the adviser checks first)
    q('EUR'), // 22 WKZ
    '', // 23 reserviert
    q(''), // 24 Derivatskennzeichen
    '', // 25 reserviert
    '', // 26 reserviert
    q(''), // 27 Sachkontenrahmen (the adviser's; not known to the portal)
    '', // 28 ID der Branchenlösung
    '', // 29 reserviert
    q(''), // 30 reserviert
    q(''), // 31 Anwendungsinformation
  ];
}

/** The booking lines (line 3 on), each with all 125 columns. */
export function datevRows(chart: AccountChart, documents: BookingDocument[]): CsvCell[][] {
  return documents.flatMap((document) =>
    document.lines.map((line) => {
      const cents = toHundredths(line.amount);
      const side = cents >= 0n ? line.side : line.side === 'S' ? 'H' : 'S';
      const row: CsvCell[] = new Array(DATEV_COLUMNS.length).fill('');
      const beleg1 = belegfeld(document.reference, DATEV_LIMITS.belegfeld1);
      const own = belegfeld(document.number, DATEV_LIMITS.belegfeld2 + 1);
      row[0] = commaAmount(cents < 0n ? -cents : cents);
      row[1] = q(side);
      row[2] = q('EUR');
      row[6] = datevAccount(chart, line.account);
      row[7] = datevAccount(chart, line.contraAccount);
      row[8] = q(''); // BU-Schlüssel: the revenue accounts carry their VAT (decision 0820)
      row[9] = `${document.date.slice(8, 10)}${document.date.slice(5, 7)}`;
      row[10] = q(beleg1);
      row[11] = q(own !== beleg1 && own.length <= DATEV_LIMITS.belegfeld2 ? own : '');
      row[13] = q(bookingText(line.text, DATEV_LIMITS.buchungstext));
      return row;
    }),
  );
}

/** The DATEV booking file as its bytes. */
export function datevFile(
  chart: AccountChart,
  period: DatevPeriod,
  documents: BookingDocument[],
  createdAt: Date,
): Buffer {
  return ansiCsv([datevHeader(chart, period, createdAt), [...DATEV_COLUMNS], ...datevRows(chart, documents)]);
}
