import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/executor.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { loadAccountChart } from './accounting-chart.js';
import { bmdFile } from './bmd-file.js';
import { checkPeriod, collectBookings, documentTotals, openItemsAt } from './booking-records.js';
import { datevFile } from './datev-file.js';

export type BookingFileFormat = 'bmd' | 'datev';

export type BookingFiles = {
  files: { name: string; bytes: Buffer }[];
  totals: { invoicesGross: string; paymentsNet: string; openItemsAtEnd: string };
};

/** A label as it may stand in a file name (`2026-11`, `2026-Q4`, `2026`). */
function fileLabel(label: string): string {
  const safe = label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  if (!safe) throw new AppError('VALIDATION_FAILED', 'Der Zeitraum braucht eine Bezeichnung für die Dateinamen');
  return safe;
}

/** What a correction's booking files add to their names (decision 0822). */
export const CORRECTION_MARK = 'Korrektur';

/**
 * The adviser's booking files of a period (decision 0820): `BMD_Buchungen_<label>.csv` and/or
 * `EXTF_Buchungsstapel_<label>.csv` from one set of booking documents, and the figures they
 * must agree with: gross of the invoices and Stornorechnungen dated in the period, money in
 * less money out by payment date, and what is open at the period's last day. Reads only, in
 * one snapshot. DATEV is refused in German while its numbers are not set. A correction (the
 * export of a month reopened since its closing) says so in the file names
 * (`BMD_Buchungen_2026-11_Korrektur.csv`) and in DATEV's Bezeichnung.
 */
export async function bookingFilesForPeriod(
  db: Executor,
  period: { start: string; end: string; label: string; correction?: boolean },
  formats: ('bmd' | 'datev')[],
): Promise<BookingFiles> {
  checkPeriod(period);
  const label = fileLabel(period.correction ? `${period.label}_${CORRECTION_MARK}` : period.label);
  const work = async (tx: Executor): Promise<BookingFiles> => {
    const chart = await loadAccountChart(tx);
    const documents = await collectBookings(tx, period, chart);
    const files: BookingFiles['files'] = [];
    for (const format of new Set(formats)) {
      if (format === 'bmd') files.push({ name: `BMD_Buchungen_${label}.csv`, bytes: bmdFile(documents) });
      else files.push({ name: `EXTF_Buchungsstapel_${label}.csv`, bytes: datevFile(chart, period, documents, now()) });
    }
    return { files, totals: { ...documentTotals(documents), openItemsAtEnd: await openItemsAt(tx, period.end) } };
  };
  // One snapshot for the files and the figures: inside the caller's transaction, or a
  // read-only one of our own.
  if (db instanceof PgTransaction) return work(db);
  return db.transaction((tx: Transaction) => work(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
