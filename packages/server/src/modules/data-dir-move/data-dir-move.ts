import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoiceDocuments, invoices, providerSettings, wikiFiles } from '../../db/schema/index.js';
import { blobInfo, putBlob, verifyBlob } from '../../lib/blob-store.js';
import { embeddedFile } from '../quickbill/e-invoice/embedded-file.js';
import { storeIssuedDocument } from '../quickbill/pdf/pdf-store.js';

/** Legacy wiki uploads (before 0341): DATA_DIR/uploads/<32 hex>; moved into PostgreSQL at start (0342). */
const LEGACY_STORED_NAME = /^[0-9a-f]{32}$/;

/** What one run moved, found already moved, or had to leave (with the reason). */
export type MoveReport = {
  moved: string[];
  /** Moved by an earlier, interrupted run; only the old copy was left to remove. */
  cleaned: string[];
  left: Array<{ file: string; reason: string }>;
};

const LEGACY_PDF = /^invoice-(\d+)\.pdf$/;

async function sha256OfFile(file: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return hash.digest('hex');
}

/**
 * Moves what earlier versions kept under DATA_DIR into the blob store, on every start
 * (decision 0342): wiki uploads (`uploads/<hex>`), issued invoice PDFs
 * (`invoices/invoice-<id>.pdf`, with the XML taken out of the PDF) and the logo
 * (`quickbill/<file>`). Each file goes in its own transaction together with the row
 * that names it; the old copy is deleted only after that commit and after the stored
 * bytes were read back and matched the file's sha256. A run interrupted anywhere is
 * resumed by the next one; a run with nothing to do only lists three folders.
 */
export async function moveDataDirIntoDatabase(db: Database, dataDir: string): Promise<MoveReport> {
  const report: MoveReport = { moved: [], cleaned: [], left: [] };
  await moveWikiUploads(db, path.join(dataDir, 'uploads'), report);
  await moveInvoicePdfs(db, path.join(dataDir, 'invoices'), report);
  await moveLogo(db, path.join(dataDir, 'quickbill'), report);
  return report;
}

/** Removes the old copy once the stored blob reads back whole and equals the file. */
async function removeIfStored(db: Database, file: string, blobId: number, fileSha: string): Promise<boolean> {
  const info = await blobInfo(db, blobId);
  if (!info || info.sha256 !== fileSha || !(await verifyBlob(db, blobId))) return false;
  await fs.rm(file, { force: true });
  return true;
}

async function moveWikiUploads(db: Database, dir: string, report: MoveReport) {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => LEGACY_STORED_NAME.test(n));
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    const label = `uploads/${name}`;
    const fileSha = await sha256OfFile(file);
    if (!fileSha) continue;
    const [row] = await db.select().from(wikiFiles).where(eq(wikiFiles.storedName, name));
    if (!row) {
      report.left.push({ file: label, reason: 'keine Datenbankzeile (verwaiste Datei)' });
      continue;
    }
    if (fileSha !== row.sha256) {
      report.left.push({ file: label, reason: 'Prüfsumme weicht von der Datenbank ab' });
      continue;
    }
    const already = row.blobId !== null;
    const blobId =
      row.blobId ??
      (await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(wikiFiles).where(eq(wikiFiles.id, row.id)).for('update');
        if (!locked) return null;
        if (locked.blobId !== null) return locked.blobId;
        const blob = await putBlob(tx, createReadStream(file), { kind: 'wiki-file' });
        if (blob.sha256 !== row.sha256) throw new Error(`${label} changed while it was read`);
        await tx.update(wikiFiles).set({ blobId: blob.id }).where(eq(wikiFiles.id, row.id));
        return blob.id;
      }));
    if (blobId === null) continue;
    if (await removeIfStored(db, file, blobId, fileSha)) (already ? report.cleaned : report.moved).push(label);
    else report.left.push({ file: label, reason: 'gespeicherte Bytes stimmen nicht mit der Datei überein' });
  }
}

async function moveInvoicePdfs(db: Database, dir: string, report: MoveReport) {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => LEGACY_PDF.test(n));
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    const label = `invoices/${name}`;
    const invoiceId = Number(LEGACY_PDF.exec(name)![1]);
    const bytes = await fs.readFile(file).catch(() => null);
    if (!bytes) continue;
    const fileSha = createHash('sha256').update(bytes).digest('hex');
    type Outcome = { left: string } | { blobId: number; already: boolean };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [invoice] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), isNotNull(invoices.invoiceNumber)))
        .for('update');
      if (!invoice) return { left: 'keine ausgestellte Rechnung mit dieser Nummer' };
      const docs = await tx
        .select({ kind: invoiceDocuments.kind, blobId: invoiceDocuments.blobId })
        .from(invoiceDocuments)
        .where(eq(invoiceDocuments.invoiceId, invoiceId));
      const pdf = docs.find((d) => d.kind === 'pdf');
      if (pdf) return { blobId: pdf.blobId, already: true };
      await storeIssuedDocument(tx, invoiceId, 'pdf', bytes);
      if (!docs.some((d) => d.kind === 'xml')) {
        // The XML the customer received is the one inside this PDF.
        const xml = await embeddedFile(bytes, 'factur-x.xml');
        if (xml) await storeIssuedDocument(tx, invoiceId, 'xml', xml);
      }
      const [stored] = await tx
        .select({ blobId: invoiceDocuments.blobId })
        .from(invoiceDocuments)
        .where(and(eq(invoiceDocuments.invoiceId, invoiceId), eq(invoiceDocuments.kind, 'pdf')));
      return { blobId: stored!.blobId, already: false };
    });
    if ('left' in outcome) {
      report.left.push({ file: label, reason: outcome.left });
      continue;
    }
    if (await removeIfStored(db, file, outcome.blobId, fileSha)) {
      (outcome.already ? report.cleaned : report.moved).push(label);
    } else {
      report.left.push({ file: label, reason: 'die gespeicherte Rechnung weicht von dieser Datei ab' });
    }
  }
}

async function moveLogo(db: Database, dir: string, report: MoveReport) {
  const [settings] = await db
    .select({ logoFile: providerSettings.logoFile, logoBlobId: providerSettings.logoBlobId })
    .from(providerSettings)
    .where(and(eq(providerSettings.id, 1), isNotNull(providerSettings.logoFile)));
  if (!settings?.logoFile) return;
  const file = path.join(dir, path.basename(settings.logoFile));
  const label = `quickbill/${path.basename(settings.logoFile)}`;
  const fileSha = await sha256OfFile(file);
  if (!fileSha) {
    // The logo file is gone (it was never backed up): nothing to move, forget the name.
    await db
      .update(providerSettings)
      .set({ logoFile: null })
      .where(and(eq(providerSettings.id, 1), isNull(providerSettings.logoBlobId)));
    report.left.push({ file: label, reason: 'Datei fehlt' });
    return;
  }
  const already = settings.logoBlobId !== null;
  const blobId =
    settings.logoBlobId ??
    (await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(providerSettings).where(eq(providerSettings.id, 1)).for('update');
      if (locked!.logoBlobId !== null) return locked!.logoBlobId;
      const blob = await putBlob(tx, createReadStream(file), { kind: 'logo' });
      await tx.update(providerSettings).set({ logoBlobId: blob.id }).where(eq(providerSettings.id, 1));
      return blob.id;
    }));
  if (await removeIfStored(db, file, blobId, fileSha)) {
    await db.update(providerSettings).set({ logoFile: null }).where(eq(providerSettings.id, 1));
    (already ? report.cleaned : report.moved).push(label);
  } else {
    report.left.push({ file: label, reason: 'gespeicherte Bytes stimmen nicht mit der Datei überein' });
  }
}
