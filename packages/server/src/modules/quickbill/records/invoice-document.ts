import type { Addressee, CustomerVoice } from '@butler/contract/voice';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { projects, timeEntries } from '../../../db/schema/index.js';
import { readBlob } from '../../../lib/blob-store.js';
import { customerAddressee } from '../../mail/addressee.js';
import { loadSettings, type ProviderSettings } from '../settings/provider-settings.repo.js';
import { findInvoice, type InvoiceItemRow, type InvoiceRow, loadItems } from './invoice.repo.js';
import { findInvoiceCollection, type InvoiceCollection } from './invoice-collection.js';

/** Everything a rendered invoice (PDF, XML, mail) shows. */
export type InvoiceDocument = {
  invoice: InvoiceRow;
  items: InvoiceItemRow[];
  settings: ProviderSettings;
  timeEntries: Array<{ workDate: string; hours: string; activityDescription: string; projectName: string }>;
  /** For a credit note: the cancelled invoice and what had been received for it (refund promise). */
  original: { number: string; date: string; received: string } | null;
  logo: Buffer | null;
  /** Paid by SEPA-Lastschrift: the pre-notification fixed at issue (decision 0602), else null. */
  directDebit: InvoiceCollection | null;
  /** Whom letters greet (the invoice's customer) and in which form (decision 0620). */
  addressee: Addressee | null;
  voice: CustomerVoice;
};

export async function loadInvoiceDocument(db: Executor, id: number): Promise<InvoiceDocument> {
  const invoice = await findInvoice(db, id);
  // Sequential on purpose: `db` may be a transaction, i.e. one connection, which runs one
  // query at a time anyway (pg 9 refuses overlapping queries on one client).
  const items = await loadItems(db, id);
  const settings = await loadSettings(db);
  const entries = await db
    .select({
      workDate: timeEntries.workDate,
      hours: timeEntries.hours,
      activityDescription: timeEntries.activityDescription,
      projectName: projects.name,
    })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .where(eq(timeEntries.invoiceId, id))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id));
  const originalRow = invoice.creditNoteForId ? await findInvoice(db, invoice.creditNoteForId) : null;
  const logo = settings.logoBlobId ? await readBlob(db, settings.logoBlobId) : null;
  return {
    invoice,
    items,
    settings,
    timeEntries: entries,
    original: originalRow?.invoiceNumber
      ? { number: originalRow.invoiceNumber, date: originalRow.invoiceDate, received: originalRow.paidAmount ?? '0' }
      : null,
    logo,
    directDebit: await findInvoiceCollection(db, id),
    addressee: await customerAddressee(db, invoice.customerId),
    voice: settings.customerVoice,
  };
}

/** Rechnung, Rechnung (Entwurf) or Stornorechnung: the title on the PDF and in the e-invoices. */
export function documentTitle(d: InvoiceDocument): string {
  if (d.invoice.kind === 'credit_note') return 'Stornorechnung';
  return d.invoice.status === 'draft' ? 'Rechnung (Entwurf)' : 'Rechnung';
}
