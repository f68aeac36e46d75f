import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { eq } from 'drizzle-orm';
import { invoiceReminders, invoices } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { putBlob } from '../../../lib/blob-store.js';
import { AppError } from '../../../lib/errors.js';
import { findInvoice } from '../invoices/invoice.repo.js';
import { loadInvoiceDocument } from '../invoices/invoice-document.js';
import { queueReminderMail, requireRecipient } from '../mail/invoice-mail.js';
import { invoicePdf } from '../pdf/pdf-store.js';
import { renderReminderPdf } from '../pdf/reminder-pdf.js';
import { isOverdue, type QuickbillDeps } from '../shared.js';

const NO_REMINDER = 'Mahnungen gibt es nur für versendete Rechnungen, nicht für Entwürfe oder Stornorechnungen';

/** Days the customer gets after each reminder. */
export const REMINDER_GRACE_DAYS = 7;

export function createReminderService(deps: QuickbillDeps) {
  const { db } = deps;
  return {
    /** The next reminder level (1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung), only for overdue invoices. */
    async sendNext(session: SessionContext, id: number) {
      const today = deps.today();
      // The mail is queued inside the transaction: the level and its mail exist together or not at all.
      const level = await db.transaction(async (tx) => {
        const before = await findInvoice(tx, id, true);
        if (!isOverdue(before, today)) {
          throw new AppError('INVOICE_WRONG_STATUS', 'Mahnungen sind nur für überfällige Rechnungen möglich');
        }
        if (before.reminderLevel >= REMINDER_LABELS.length) {
          throw new AppError('INVOICE_WRONG_STATUS', 'Es wurden bereits alle Mahnstufen versendet');
        }
        requireRecipient(before.customerEmail);
        const next = before.reminderLevel + 1;
        const payBy = addDays(today, REMINDER_GRACE_DAYS);
        // The letter exactly as mailed, kept with the reminder (decision 0341).
        const letter = await renderReminderPdf(await loadInvoiceDocument(tx, id), next, today, payBy);
        const blob = await putBlob(tx, letter, { kind: 'reminder-pdf' });
        await tx
          .insert(invoiceReminders)
          .values({ invoiceId: id, level: next, pdfBlobId: blob.id, createdBy: session.displayName });
        const [after] = await tx
          .update(invoices)
          .set({ reminderLevel: next, updatedAt: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        await writeAudit(tx, session, 'reminder', 'invoice', id, before, after);
        const document = await loadInvoiceDocument(tx, id);
        await queueReminderMail(tx, document, next, today, payBy, session.displayName);
        return next;
      });
      return { level, label: REMINDER_LABELS[level - 1] };
    },

    /**
     * Preview of a reminder at the next level (or the last sent one). Only an issued invoice
     * has anything to remind of: a draft (no number, nothing owed) or a credit note is a 409,
     * like sending a reminder for it (issue 26, finding 17).
     */
    async preview(id: number) {
      const today = deps.today();
      const invoice = await findInvoice(db, id);
      if (invoice.status === 'draft' || invoice.kind === 'credit_note') {
        throw new AppError('INVOICE_WRONG_STATUS', NO_REMINDER);
      }
      const { document } = await invoicePdf(db, id);
      const level = Math.min(Math.max(document.invoice.reminderLevel, 1), REMINDER_LABELS.length);
      return renderReminderPdf(document, level, today, addDays(today, REMINDER_GRACE_DAYS));
    },
  };
}
