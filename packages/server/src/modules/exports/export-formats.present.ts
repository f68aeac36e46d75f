import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type CsvCell, csvText } from '../../lib/csv.js';

/** A column of an export: German heading, how to read a row, and how to show it. */
export type ExportColumn<R> = {
  header: string;
  value: (row: R) => string | number | null;
  /** money: two decimals; hours: two decimals; date: `YYYY-MM-DD` in, `TT.MM.JJJJ` in CSV, a date cell in XLSX. */
  kind?: 'text' | 'money' | 'hours' | 'date';
  width?: number;
};

const numberFormat = new Intl.NumberFormat('de-AT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** `1234.5` → `1234,50` (no thousands separator: Excel reads it back as a number). */
export function germanNumber(value: number): string {
  return numberFormat.format(value).replace('\u2212', '-');
}

/** `2026-11-25` → `25.11.2026`. */
export function germanDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

function csvValue<R>(column: ExportColumn<R>, row: R): CsvCell {
  const value = column.value(row);
  if (value === null || value === '') return null;
  if (column.kind === 'money' || column.kind === 'hours') return germanNumber(Number(value));
  if (column.kind === 'date') return germanDate(String(value));
  return value;
}

/**
 * CSV as Austrian Excel opens it: UTF-8 with BOM, semicolons, CRLF, decimal comma, written
 * by the one CSV writer (lib/csv.ts, decision 0831) a record at a time. Rows are pulled from
 * the source page by page while the response is written (backpressure).
 */
export function csvStream<R>(columns: ExportColumn<R>[], rows: AsyncIterable<R>): Readable {
  async function* lines() {
    yield csvText([columns.map((c) => c.header)], { bom: true });
    for await (const row of rows) yield csvText([columns.map((c) => csvValue(c, row))]);
  }
  return Readable.from(lines(), { objectMode: false });
}

/** XLSX through exceljs' streaming writer: each row is committed and leaves memory. */
export function xlsxStream<R>(sheetName: string, columns: ExportColumn<R>[], rows: AsyncIterable<R>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    header: c.header,
    width: c.width ?? (c.kind === 'text' || !c.kind ? 24 : 14),
    style:
      c.kind === 'money'
        ? { numFmt: '#,##0.00' }
        : c.kind === 'hours'
          ? { numFmt: '0.00' }
          : c.kind === 'date'
            ? { numFmt: 'dd.mm.yyyy' }
            : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const row of rows) {
      sheet
        .addRow(
          columns.map((c) => {
            const value = c.value(row);
            if (value === null || value === '') return null;
            if (c.kind === 'money' || c.kind === 'hours') return Number(value);
            if (c.kind === 'date') {
              const [y, m, d] = String(value).slice(0, 10).split('-').map(Number);
              return new Date(Date.UTC(y, m - 1, d));
            }
            return String(value);
          }),
        )
        .commit();
      // Wait while the client reads slower than the database answers.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => out.destroy(error));
  return out;
}
