import { createHash } from 'node:crypto';
import type { Handover, HandoverInput, HandoverList, zHandoverInput } from '@butler/contract/accounting-handover';
import { HANDOVER_FORMATS } from '@butler/contract/accounting-handover';
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import { accountingExports, closedMonths } from '../../db/schema/index.js';
import { type HandoverPeriod, handoverPeriod } from '../../domain/handover-period.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { openBlob, putBlob } from '../../lib/blob-store.js';
import { now, todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { closeMonths } from '../accounting-periods/accounting-periods.service.js';
import { readAccountingSettingsRow } from './accounting-settings.service.js';
import { bookingFilesForPeriod, CORRECTION_MARK } from './booking-files.service.js';
import { type BookingFileEntry, handoverIndexCsv, type ManifestEntry, periodDocuments } from './handover-documents.js';
import { handoverProtocol, PROTOCOL_FILE, type ProtocolInput } from './handover-protocol.js';

type ExportRow = typeof accountingExports.$inferSelect;
type Input = z.output<typeof zHandoverInput>;

/** The ZIP's own list of its files, in the format `sha256sum -c` reads. */
export const MANIFEST_FILE = 'SHA256SUMS.txt';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function readManifest(row: ExportRow): ManifestEntry[] {
  return JSON.parse(row.manifest) as ManifestEntry[];
}

function periodKey(row: ExportRow): string {
  const [y, m] = row.periodStart.split('-').map(Number);
  if (row.periodKind === 'month') return row.periodStart.slice(0, 7);
  if (row.periodKind === 'quarter') return `${y}-Q${Math.ceil(m! / 3)}`;
  return String(y);
}

/** `Uebergabe_2026-11_5.zip`; a correction `Uebergabe_2026-11_Korrektur_6.zip` (decision 0822). */
function fileName(row: Pick<ExportRow, 'id' | 'isCorrection'> & { key: string }) {
  return `Uebergabe_${row.key}_${row.isCorrection ? `${CORRECTION_MARK}_` : ''}${row.id}.zip`;
}

/** Every `YYYY-MM` from the first to the last day of a kept handover's period. */
function monthsOf(row: Pick<ExportRow, 'periodStart' | 'periodEnd'>): string[] {
  const months: string[] = [];
  let [y, m] = row.periodStart.split('-').map(Number) as [number, number];
  const last = row.periodEnd.slice(0, 7);
  for (let key = row.periodStart.slice(0, 7); key <= last; ) {
    months.push(key);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
    key = `${y}-${String(m).padStart(2, '0')}`;
  }
  return months;
}

type MonthStates = Map<string, { reopenedAt: Date | null }>;

/** The closed-months rows of the handovers' months, as they stand now. */
async function monthStates(db: Executor, rows: ExportRow[]): Promise<MonthStates> {
  const months = [...new Set(rows.flatMap(monthsOf))];
  if (months.length === 0) return new Map();
  const found = await db
    .select({ month: closedMonths.month, reopenedAt: closedMonths.reopenedAt })
    .from(closedMonths)
    .where(inArray(closedMonths.month, months));
  return new Map(found.map((r) => [r.month, r]));
}

function monthsState(row: ExportRow, states: MonthStates): Handover['months_state'] {
  const months = monthsOf(row).map((m) => states.get(m));
  if (months.some((m) => m && m.reopenedAt !== null)) return 'reopened';
  return months.every((m) => m && m.reopenedAt === null) ? 'closed' : 'open';
}

/** The newest handover's id of each of these rows' periods. */
async function newestOfPeriods(db: Executor, rows: ExportRow[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const found = await db
    .select({ start: accountingExports.periodStart, end: accountingExports.periodEnd, id: max(accountingExports.id) })
    .from(accountingExports)
    .where(inArray(accountingExports.periodStart, [...new Set(rows.map((r) => r.periodStart))]))
    .groupBy(accountingExports.periodStart, accountingExports.periodEnd);
  return new Map(found.map((r) => [`${r.start}/${r.end}`, r.id ?? 0]));
}

function present(
  row: ExportRow,
  fiscalYearStartMonth: number,
  states: MonthStates,
  newest: Map<string, number> = new Map(),
): Handover {
  const key = periodKey(row);
  const manifest = readManifest(row);
  const formats = HANDOVER_FORMATS.filter((f) => manifest.some((e) => e.booking_format === f));
  return {
    id: row.id,
    period: key,
    period_label: handoverPeriod(key, fiscalYearStartMonth)?.label ?? key,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    formats,
    file_name: fileName({ ...row, key }),
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    documents: manifest.filter((e) => e.blob_id !== null).length,
    is_correction: row.isCorrection,
    closed_period: row.closedPeriod,
    months_state: monthsState(row, states),
    superseded: (newest.get(`${row.periodStart}/${row.periodEnd}`) ?? row.id) > row.id,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** The ZIP: booking files, the period's documents as issued, an index and the manifest (decision 0820). */
type ZipAbout = Pick<ProtocolInput, 'closes' | 'reopened' | 'createdBy' | 'createdAt'>;

async function buildZip(tx: Transaction, period: HandoverPeriod, formats: Input['formats'], about: ZipAbout) {
  const correction = about.reopened.length > 0;
  const { files } = await bookingFilesForPeriod(
    tx,
    { start: period.start, end: period.end, label: period.key, correction },
    formats,
  );
  const documents = await periodDocuments(tx, period);
  const entries: { path: string; bytes: Buffer; entry: ManifestEntry }[] = [];
  const bookingFiles: BookingFileEntry[] = [];
  for (const f of files) {
    const format = f.name.startsWith('EXTF') ? 'datev' : 'bmd';
    const path = `Buchungen/${f.name}`;
    const hash = sha256(f.bytes);
    entries.push({ path, bytes: f.bytes, entry: { path, sha256: hash, blob_id: null, booking_format: format } });
    bookingFiles.push({ path, format, sha256: hash });
  }
  for (const d of documents) {
    entries.push({ path: d.path, bytes: d.bytes, entry: { path: d.path, sha256: d.sha256, blob_id: d.blobId } });
  }
  const protocol = handoverProtocol({
    label: period.label,
    start: period.start,
    end: period.end,
    formats,
    documents: documents.length,
    ...about,
  });
  entries.push({
    path: PROTOCOL_FILE,
    bytes: protocol,
    entry: { path: PROTOCOL_FILE, sha256: sha256(protocol), blob_id: null },
  });
  const index = await handoverIndexCsv(documents, { bookingFiles, correction });
  entries.push({ path: 'Index.csv', bytes: index, entry: { path: 'Index.csv', sha256: sha256(index), blob_id: null } });
  const manifest = entries.map((e) => e.entry);
  const sums = Buffer.from(manifest.map((e) => `${e.sha256}  ${e.path}\n`).join(''), 'utf8');

  const zip = new JSZip();
  // Fixed dates: the same content gives the same bytes (the entry date is the period's end).
  const date = new Date(`${period.end}T12:00:00Z`);
  for (const e of entries) {
    const packed = e.path.endsWith('.pdf');
    zip.file(e.path, e.bytes, { date, compression: packed ? 'STORE' : 'DEFLATE' });
  }
  zip.file(MANIFEST_FILE, sums, { date, compression: 'DEFLATE' });
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
  return { bytes, manifest };
}

/** The handover to the tax adviser: create, list and download the kept exports (decision 0820). */
export function createHandoverService(db: Database) {
  return {
    async create(session: SessionContext, input: Input): Promise<Handover> {
      const { row: chart } = await readAccountingSettingsRow(db);
      const period = handoverPeriod(input.period, chart.fiscalYearStartMonth);
      if (!period) throw new AppError('VALIDATION_FAILED', 'Bitte wählen Sie einen Monat, ein Quartal oder ein Jahr');
      const today = todayVienna();
      if (period.start > today) {
        throw new AppError('VALIDATION_FAILED', `${period.label} hat noch nicht begonnen.`);
      }
      if (input.close && period.end >= today) {
        throw new AppError(
          'VALIDATION_FAILED',
          `${period.label} ist noch nicht vorbei: abschließen lässt sich ein Zeitraum erst nach seinem Ende.`,
        );
      }
      return db.transaction(async (tx) => {
        // One handover at a time: two at once would both mark themselves as the correction.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('accounting-handover'))`);
        // Closing first: from here on nothing dated in these months commits (decision 0821), so
        // every query below reads the months as they stay.
        // The reasons of a reopening, read before closing again clears them (for Uebergabe.txt).
        const reopened = await tx
          .select({
            month: closedMonths.month,
            reason: closedMonths.reopenReason,
            by: closedMonths.reopenedBy,
            at: closedMonths.reopenedAt,
          })
          .from(closedMonths)
          .where(and(inArray(closedMonths.month, period.months), eq(closedMonths.needsCorrectionExport, true)))
          .orderBy(closedMonths.month);
        if (input.close) await closeMonths(tx, period.months, session, null);
        const { bytes, manifest } = await buildZip(tx, period, input.formats, {
          closes: input.close,
          reopened,
          createdBy: session.displayName,
          createdAt: now(),
        });
        const blob = await putBlob(tx, bytes, { kind: 'accounting-export' });
        const [row] = await tx
          .insert(accountingExports)
          .values({
            periodStart: period.start,
            periodEnd: period.end,
            periodKind: period.kind,
            blobId: blob.id,
            sha256: blob.sha256,
            sizeBytes: blob.sizeBytes,
            manifest: JSON.stringify(manifest),
            isCorrection: reopened.length > 0,
            closedPeriod: input.close,
            createdBy: session.displayName,
          })
          .returning();
        if (input.close) {
          await tx
            .update(closedMonths)
            .set({ exportId: row!.id })
            .where(and(inArray(closedMonths.month, period.months), sql`${closedMonths.reopenedAt} IS NULL`));
        }
        // The mark stays while the month is open again: every export of it until one closes it
        // again is a correction of what the adviser has (decision 0821).
        if (input.close && reopened.length) {
          await tx
            .update(closedMonths)
            .set({ needsCorrectionExport: false })
            .where(
              inArray(
                closedMonths.month,
                reopened.map((r) => r.month),
              ),
            );
        }
        const presented = present(row!, chart.fiscalYearStartMonth, await monthStates(tx, [row!]));
        await writeAudit(tx, session, 'create', 'accounting_export', row!.id, null, {
          period: presented.period_label,
          formats: presented.formats.join(', '),
          documents: presented.documents,
          sha256: presented.sha256,
          closed: input.close,
          correction: presented.is_correction,
        });
        return presented;
      });
    },

    async list(query: { page: number; page_size: number }): Promise<HandoverList & { total: number }> {
      const { row: chart } = await readAccountingSettingsRow(db);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(accountingExports)
          .orderBy(desc(accountingExports.createdAt), desc(accountingExports.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ total: count() }).from(accountingExports),
      ]);
      const total = counted[0]?.total ?? 0;
      const [states, newest] = await Promise.all([monthStates(db, rows), newestOfPeriods(db, rows)]);
      return {
        items: rows.map((r) => present(r, chart.fiscalYearStartMonth, states, newest)),
        total: Number(total),
        page: query.page,
        per_page: query.page_size,
      };
    },

    /** The ZIP exactly as it was made (the stored bytes; their hash is checked while they stream). */
    async download(id: number) {
      const [row] = await db.select().from(accountingExports).where(eq(accountingExports.id, id));
      if (!row) throw new AppError('NOT_FOUND', 'Diese Übergabe gibt es nicht');
      const opened = await openBlob(db, row.blobId);
      if (!opened) throw new AppError('NOT_FOUND', 'Diese Übergabe gibt es nicht');
      return { stream: opened.stream, size: row.sizeBytes, fileName: fileName({ ...row, key: periodKey(row) }) };
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
export type { HandoverInput };
