import type { SendInvoiceInput } from '@butler/contract/quickbill';
import { eq, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Transaction } from '../../../db/executor.js';
import { customers, invoices } from '../../../db/schema/index.js';
import { parseDate } from '../../../domain/calendar.js';
import { creditorReference } from '../../../domain/creditor-reference.js';
import type { SessionContext } from '../../../lib/access.js';
import { type AuditActor, writeAudit } from '../../../lib/audit.js';
import { now } from '../../../lib/clock.js';
import { closedMonthError } from '../../../lib/closed-months.js';
import { AppError } from '../../../lib/errors.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { assertMonthsConfirmed } from '../../month-confirmations/invoice-gate.js';
import { queueInvoiceMail, requireRecipient } from '../mail/invoice-mail.js';
import { withNumberTurn } from '../numbering/number-turn.js';
import { takeInvoiceNumber } from '../numbering/numbering.js';
import { ebInterfaceFileName, invoiceEbInterface } from '../pdf/invoice-xml.service.js';
import { invoicePdf, pdfFileName, storeIssuedDocuments } from '../pdf/pdf-store.js';
import { findInvoice, type InvoiceRow, loadItems } from '../records/invoice.repo.js';
import { planInvoiceCollection } from '../records/invoice-collection.js';
import { loadInvoiceDocument } from '../records/invoice-document.js';
import { checkIssuable } from '../records/invoice-rules.js';
import { loadSettings } from '../settings/provider-settings.repo.js';
import { customerSnapshot, snapshotOf } from './invoice-draft.js';

/**
 * Issues a draft inside `tx`: takes the customer's current data, checks what § 11 UStG
 * asks (invoice-rules.ts), takes the next number of the invoice year, fixes the service
 * period (the invoice date when none was given), marks it sent and stores its documents
 * (PDF, EN 16931 XML, ebInterface XML) in the blob store in the same transaction.
 */
export async function issueDraft(tx: Transaction, session: AuditActor, row: InvoiceRow, sentAt: Date) {
  const settings = await loadSettings(tx);
  // The recipient as the customer stands now: a draft is no document yet.
  const [customer] = row.customerId ? await tx.select().from(customers).where(eq(customers.id, row.customerId)) : [];
  const current = customer ? { ...row, ...customerSnapshot(customer) } : row;
  checkIssuable(current, await loadItems(tx, row.id), settings);
  // Monatsfreigabe "Pflicht": the billed entries' months must be confirmed (decision 0852).
  await assertMonthsConfirmed(tx, row.id, row.customerId);
  const number = await takeInvoiceNumber(tx, parseDate(row.invoiceDate).year, settings.invoiceNumberFormat);
  const start = row.servicePeriodStart ?? row.invoiceDate;
  const [issued] = await tx
    .update(invoices)
    .set({
      ...snapshotOf(current),
      status: 'sent',
      invoiceNumber: number.number,
      numberYear: number.year,
      numberSequence: number.sequence,
      // The structured creditor reference the customer's transfer carries back (decision 0584).
      paymentReference: creditorReference(number.number),
      servicePeriodStart: start,
      servicePeriodEnd: row.servicePeriodEnd ?? start,
      sentAt,
      updatedAt: sentAt,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  await writeAudit(tx, session, 'send', 'invoice', row.id, row, issued);
  // Paid by SEPA-Lastschrift: the pre-notification is fixed before the documents are written.
  await planInvoiceCollection(tx, issued);
  await storeIssuedDocuments(tx, row.id);
  return issued;
}

export function createSendService(deps: ServiceDeps) {
  const { db } = deps;

  /**
   * Sends an invoice: a draft gets its number first (gap-free, see numbering.ts); an
   * issued one is simply mailed again. Issuing and queueing the mail are one
   * transaction; the mail job delivers it after commit and retries failures, so "sent"
   * means issued and handed to the outbox (decision 0322); the delivery state is the
   * invoice's `mail` and the Postausgang.
   */
  async function send(session: SessionContext, id: number, texts: SendInvoiceInput = {}) {
    return withNumberTurn(() =>
      db.transaction(async (tx) => {
        const row = await findInvoice(tx, id, true);
        if (row.status === 'cancelled') {
          throw new AppError('INVOICE_WRONG_STATUS', 'Eine stornierte Rechnung kann nicht versendet werden');
        }
        requireRecipient(row.customerEmail);
        if (row.status === 'draft') await issueDraft(tx, session, row, now());
        else await writeAudit(tx, session, 'resend', 'invoice', id, null, { invoiceNumber: row.invoiceNumber });
        const document = await loadInvoiceDocument(tx, id);
        const mail = await queueInvoiceMail(tx, document, session.displayName, texts);
        return {
          invoice_number: document.invoice.invoiceNumber,
          mail_id: mail?.id ?? null,
          mail_status: 'queued' as const,
        };
      }),
    );
  }

  return {
    send,

    async ebInterface(id: number) {
      const { document, xml } = await invoiceEbInterface(db, id);
      return { xml, filename: ebInterfaceFileName(document) };
    },

    async bulkSend(session: SessionContext, ids: number[]) {
      const sent: number[] = [];
      const failed: Array<{ id: number; error: string }> = [];
      for (const id of [...new Set(ids)]) {
        try {
          await send(session, id);
          sent.push(id);
        } catch (caught) {
          const error = closedMonthError(caught) ?? caught;
          failed.push({ id, error: error instanceof AppError ? error.message : 'Versand fehlgeschlagen' });
        }
      }
      return { sent, failed };
    },

    async pdf(id: number) {
      const { document, pdf } = await invoicePdf(db, id);
      return { pdf, filename: pdfFileName(document) };
    },

    /**
     * A ZIP of the selected invoices' PDFs; unknown ids answer 404 for the whole request —
     * checked before any PDF is rendered, because rendering an issued invoice for the first
     * time stores its document (a refused request must change nothing; found by the fuzzer).
     */
    async bulkDownload(ids: number[]) {
      const unique = [...new Set(ids)];
      const known = await db.select({ id: invoices.id }).from(invoices).where(inArray(invoices.id, unique));
      if (known.length !== unique.length) throw new AppError('INVOICE_NOT_FOUND');
      const zip = new JSZip();
      for (const id of unique) {
        const { document, pdf } = await invoicePdf(db, id);
        zip.file(pdfFileName(document), pdf);
      }
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
