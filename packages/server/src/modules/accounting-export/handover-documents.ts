import { and, asc, between, eq, isNotNull } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { blobs, invoiceDocuments, invoiceReminders, invoices } from '../../db/schema/index.js';
import { hundredthsToString, sum } from '../../domain/decimal.js';
import type { HandoverPeriod } from '../../domain/handover-period.js';
import { readBlob } from '../../lib/blob-store.js';
import { csvStream, type ExportColumn } from '../exports/export-formats.present.js';
import { invoiceFileBase, issuedDocument } from '../quickbill/pdf/pdf-store.js';

/** One file of a handover ZIP; `blob_id` names the stored document it is a copy of (archive:verify). */
export type ManifestEntry = {
  path: string;
  sha256: string;
  blob_id: number | null;
  booking_format?: 'bmd' | 'datev';
};

/** A document of the period as issued, with what the index says of it. */
export type PeriodDocument = {
  path: string;
  bytes: Buffer;
  sha256: string;
  blobId: number;
  kind: string;
  number: string;
  date: string;
  customer: string;
  net: string | null;
  tax: string | null;
  gross: string | null;
};

const KIND_NAMES: Record<string, string> = {
  bmd: 'Buchungsdatei BMD',
  datev: 'Buchungsdatei DATEV',
  invoice: 'Rechnung',
  credit_note: 'Stornorechnung',
  xml: 'E-Rechnung (XML)',
  reminder: 'Mahnung',
};

/**
 * The period's issued invoices and Stornorechnungen (PDF and e-invoice XML, byte for byte as
 * sent, § 132 BAO) and its reminder letters, in number order.
 */
export async function periodDocuments(tx: Transaction, period: HandoverPeriod): Promise<PeriodDocument[]> {
  const issued = await tx
    .select({
      id: invoices.id,
      kind: invoices.kind,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      customerName: invoices.customerName,
      totalNet: invoices.totalNet,
      totalTax: invoices.totalTax,
      totalGross: invoices.totalGross,
    })
    .from(invoices)
    .where(and(isNotNull(invoices.invoiceNumber), between(invoices.invoiceDate, period.start, period.end)))
    .orderBy(asc(invoices.numberYear), asc(invoices.numberSequence), asc(invoices.id));
  const out: PeriodDocument[] = [];
  for (const inv of issued) {
    // Invoices issued before their documents were kept get them stored now, once (pdf-store).
    for (const kind of ['pdf', 'xml'] as const) {
      let [doc] = await tx
        .select({ blobId: invoiceDocuments.blobId, sha256: blobs.sha256 })
        .from(invoiceDocuments)
        .innerJoin(blobs, eq(blobs.id, invoiceDocuments.blobId))
        .where(and(eq(invoiceDocuments.invoiceId, inv.id), eq(invoiceDocuments.kind, kind)));
      if (!doc) {
        await issuedDocument(tx, inv.id, kind);
        [doc] = await tx
          .select({ blobId: invoiceDocuments.blobId, sha256: blobs.sha256 })
          .from(invoiceDocuments)
          .innerJoin(blobs, eq(blobs.id, invoiceDocuments.blobId))
          .where(and(eq(invoiceDocuments.invoiceId, inv.id), eq(invoiceDocuments.kind, kind)));
      }
      const bytes = doc ? await readBlob(tx, doc.blobId) : null;
      if (!doc || !bytes) continue;
      const base = invoiceFileBase(inv);
      const folder = kind === 'pdf' ? 'Belege/Rechnungen' : 'Belege/E-Rechnungen';
      out.push({
        path: `${folder}/${base}.${kind}`,
        bytes,
        sha256: doc.sha256,
        blobId: doc.blobId,
        kind: kind === 'pdf' ? inv.kind : 'xml',
        number: inv.invoiceNumber!,
        date: inv.invoiceDate,
        customer: inv.customerName,
        net: inv.totalNet,
        tax: inv.totalTax,
        gross: inv.totalGross,
      });
    }
  }
  const letters = await tx
    .select({
      level: invoiceReminders.level,
      letterDate: invoiceReminders.letterDate,
      blobId: invoiceReminders.pdfBlobId,
      sha256: blobs.sha256,
      invoiceNumber: invoices.invoiceNumber,
      customerName: invoices.customerName,
      fee: invoiceReminders.fee,
      interest: invoiceReminders.interest,
    })
    .from(invoiceReminders)
    .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
    .innerJoin(blobs, eq(blobs.id, invoiceReminders.pdfBlobId))
    .where(between(invoiceReminders.letterDate, period.start, period.end))
    .orderBy(asc(invoiceReminders.letterDate), asc(invoiceReminders.id));
  for (const l of letters) {
    const bytes = await readBlob(tx, l.blobId!);
    if (!bytes) continue;
    const number = (l.invoiceNumber ?? '').replace(/[^\w.-]+/g, '_');
    const charges = sum([l.fee, l.interest]);
    out.push({
      path: `Belege/Mahnungen/Mahnung-${number}-Stufe-${l.level}.pdf`,
      bytes,
      sha256: l.sha256,
      blobId: l.blobId!,
      kind: 'reminder',
      number: l.invoiceNumber ?? '',
      date: l.letterDate!,
      customer: l.customerName,
      net: null,
      tax: null,
      gross: charges ? hundredthsToString(charges) : null,
    });
  }
  return out;
}

/** A booking file of the ZIP, as the index lists it. */
export type BookingFileEntry = { path: string; format: 'bmd' | 'datev'; sha256: string };

/** One line of Index.csv: a document, or a booking file (no number, customer or amounts). */
type IndexRow = Pick<PeriodDocument, 'path' | 'kind' | 'number' | 'customer' | 'net' | 'tax' | 'gross' | 'sha256'> & {
  date: string | null;
  correction: boolean;
};

const INDEX_COLUMNS: ExportColumn<IndexRow>[] = [
  { header: 'Datei', value: (d) => d.path },
  { header: 'Art', value: (d) => KIND_NAMES[d.kind] ?? d.kind },
  { header: 'Belegnummer', value: (d) => d.number },
  { header: 'Belegdatum', value: (d) => d.date, kind: 'date' },
  { header: 'Kunde', value: (d) => d.customer },
  { header: 'Netto', value: (d) => d.net, kind: 'money' },
  { header: 'USt', value: (d) => d.tax, kind: 'money' },
  { header: 'Brutto (Mahnung: Spesen und Zinsen)', value: (d) => d.gross, kind: 'money' },
  { header: 'SHA-256', value: (d) => d.sha256 },
  // A correction (the export of a month reopened since its closing) says so on every line.
  { header: 'Korrektur', value: (d) => (d.correction ? 'Ja' : 'Nein') },
];

/**
 * Index.csv: the booking files, then every document of the ZIP with its number, date,
 * customer and amounts (as Excel in Austria opens it); each line says whether the handover
 * is a correction (decision 0822).
 */
export async function handoverIndexCsv(
  documents: PeriodDocument[],
  handover: { bookingFiles: BookingFileEntry[]; correction: boolean },
): Promise<Buffer> {
  const { correction } = handover;
  async function* rows(): AsyncGenerator<IndexRow> {
    for (const f of handover.bookingFiles) {
      yield {
        path: f.path,
        kind: f.format,
        number: '',
        date: null,
        customer: '',
        net: null,
        tax: null,
        gross: null,
        sha256: f.sha256,
        correction,
      };
    }
    for (const d of documents) yield { ...d, correction };
  }
  const chunks = await csvStream(INDEX_COLUMNS, rows()).toArray();
  return Buffer.concat(chunks.map((c) => (Buffer.isBuffer(c) ? c : Buffer.from(String(c), 'utf8'))));
}
