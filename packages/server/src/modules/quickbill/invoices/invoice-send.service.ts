import type { SendInvoiceInput } from '@butler/contract/quickbill';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { invoices } from '../../../db/schema/index.js';
import { parseDate } from '../../../domain/calendar.js';
import { toHundredths } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError } from '../../../lib/errors.js';
import { queueInvoiceMail, requireRecipient } from '../mail/invoice-mail.js';
import { takeInvoiceNumber } from '../numbering/numbering.js';
import { invoicePdf, pdfFileName } from '../pdf/pdf-store.js';
import { loadSettings, type ProviderSettings, type QuickbillDeps, type Transaction } from '../shared.js';
import { findInvoice, type InvoiceRow, loadItems } from './invoice.repo.js';
import { loadInvoiceDocument } from './invoice-document.js';

/** §11 UStG needs the supplier's name, address and (unless Kleinunternehmer) UID on every invoice. */
export function requireCompleteSettings(s: ProviderSettings, smallBusiness: boolean) {
  const missing = [
    !s.companyName.trim() && 'Firmenname',
    !s.street.trim() && 'Straße',
    !s.postalCode.trim() && 'PLZ',
    !s.city.trim() && 'Ort',
    !smallBusiness && !s.uid.trim() && 'UID-Nummer',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new AppError(
      'INVOICE_SETTINGS_INCOMPLETE',
      `Bitte vervollständigen Sie zuerst die Rechnungseinstellungen: ${missing.join(', ')}`,
    );
  }
}

/** Recipient address is required above the small-amount limit of € 400 gross (§11 Abs. 6 UStG). */
function requireRecipientAddress(row: InvoiceRow) {
  if (!row.customerAddress.trim() && toHundredths(row.totalGross) > 40_000n) {
    throw new AppError(
      'INVOICE_WRONG_STATUS',
      'Für Rechnungen über € 400 ist die Anschrift des Kunden erforderlich (§ 11 UStG)',
    );
  }
}

/**
 * Issues a draft inside `tx`: takes the next number of the invoice year, fixes the service
 * period (the invoice date when none was given) and marks it sent.
 */
export async function issueDraft(tx: Transaction, session: SessionContext, row: InvoiceRow, sentAt: Date) {
  const settings = await loadSettings(tx);
  requireCompleteSettings(settings, row.smallBusiness);
  requireRecipientAddress(row);
  if ((await loadItems(tx, row.id)).length === 0) {
    throw new AppError('INVOICE_WRONG_STATUS', 'Eine Rechnung ohne Positionen kann nicht versendet werden');
  }
  const number = await takeInvoiceNumber(tx, parseDate(row.invoiceDate).year, settings.invoiceNumberFormat);
  const start = row.servicePeriodStart ?? row.invoiceDate;
  const [issued] = await tx
    .update(invoices)
    .set({
      status: 'sent',
      invoiceNumber: number.number,
      numberYear: number.year,
      numberSequence: number.sequence,
      servicePeriodStart: start,
      servicePeriodEnd: row.servicePeriodEnd ?? start,
      sentAt,
      updatedAt: sentAt,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  await writeAudit(tx, session, 'send', 'invoice', row.id, row, issued);
  return issued;
}

export function createSendService(deps: QuickbillDeps) {
  const { db } = deps;

  /**
   * Sends an invoice: a draft gets its number first (gap-free, see numbering.ts); an
   * issued one is simply mailed again. Issuing and queueing the mail are one
   * transaction; the mail job delivers it after commit and retries failures, so "sent"
   * means issued and handed to the outbox (decision 0322); the delivery state is the
   * invoice's `mail` and the Postausgang.
   */
  async function send(session: SessionContext, id: number, texts: SendInvoiceInput = {}) {
    return db.transaction(async (tx) => {
      const row = await findInvoice(tx, id, true);
      if (row.status === 'cancelled') {
        throw new AppError('INVOICE_WRONG_STATUS', 'Eine stornierte Rechnung kann nicht versendet werden');
      }
      requireRecipient(row.customerEmail);
      if (row.status === 'draft') await issueDraft(tx, session, row, new Date());
      else await writeAudit(tx, session, 'resend', 'invoice', id, null, { invoiceNumber: row.invoiceNumber });
      const document = await loadInvoiceDocument(tx, deps.env.DATA_DIR, id);
      const mail = await queueInvoiceMail(tx, document, session.displayName, texts);
      return {
        invoice_number: document.invoice.invoiceNumber,
        mail_id: mail?.id ?? null,
        mail_status: 'queued' as const,
      };
    });
  }

  return {
    send,

    async bulkSend(session: SessionContext, ids: number[]) {
      const sent: number[] = [];
      const failed: Array<{ id: number; error: string }> = [];
      for (const id of [...new Set(ids)]) {
        try {
          await send(session, id);
          sent.push(id);
        } catch (error) {
          failed.push({ id, error: error instanceof AppError ? error.message : 'Versand fehlgeschlagen' });
        }
      }
      return { sent, failed };
    },

    async pdf(id: number) {
      const { document, pdf } = await invoicePdf(db, deps.env.DATA_DIR, id);
      return { pdf, filename: pdfFileName(document) };
    },

    /** A ZIP of the selected invoices' PDFs; unknown ids answer 404 for the whole request. */
    async bulkDownload(ids: number[]) {
      const zip = new JSZip();
      for (const id of [...new Set(ids)]) {
        const { document, pdf } = await invoicePdf(db, deps.env.DATA_DIR, id);
        zip.file(pdfFileName(document), pdf);
      }
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
