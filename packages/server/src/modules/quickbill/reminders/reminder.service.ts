import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/executor.js';
import { invoiceReminders, invoices } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { hundredthsToString } from '../../../domain/decimal.js';
import type { AuditActor } from '../../../lib/audit.js';
import { writeAudit } from '../../../lib/audit.js';
import { putBlob } from '../../../lib/blob-store.js';
import { AppError } from '../../../lib/errors.js';
import { pdfTask, renderPdf } from '../../../lib/pdf-render.js';
import { findInvoice, type InvoiceRow } from '../invoices/invoice.repo.js';
import { loadInvoiceDocument } from '../invoices/invoice-document.js';
import { queueReminderMail, requireRecipient } from '../mail/invoice-mail.js';
import type { drawReminderPdf } from '../pdf/reminder-pdf.js';
import { isOverdue, type QuickbillDeps } from '../shared.js';
import { buildLetter } from './reminder-letter.js';

const NO_REMINDER = 'Mahnungen gibt es nur für versendete Rechnungen, nicht für Entwürfe oder Stornorechnungen';

/** The reminder letter, drawn in a worker thread (lib/pdf-render.ts, decision 0701). */
const REMINDER_PDF = pdfTask<typeof drawReminderPdf>(
  new URL('../pdf/reminder-pdf.ts', import.meta.url),
  'drawReminderPdf',
);

/** Days the customer gets after each reminder. */
export const REMINDER_GRACE_DAYS = 7;

/**
 * Sends reminder `level` for a locked, overdue invoice inside `tx`: the letter is rendered
 * and stored, the level recorded (unique per invoice and level: never twice), the mail queued
 * and the step audited, all in one transaction.
 */
export async function sendReminderLevel(
  tx: Transaction,
  actor: AuditActor,
  before: InvoiceRow,
  level: number,
  today: string,
) {
  requireRecipient(before.customerEmail);
  const payBy = addDays(today, REMINDER_GRACE_DAYS);
  const figures = await buildLetter(tx, before, level, today);
  const document = await loadInvoiceDocument(tx, before.id);
  // The letter exactly as mailed, kept with the reminder (decision 0341).
  const letter = await renderPdf(REMINDER_PDF, { document, letter: { ...figures, payBy } });
  const blob = await putBlob(tx, letter, { kind: 'reminder-pdf' });
  const inserted = await tx
    .insert(invoiceReminders)
    .values({
      invoiceId: before.id,
      level,
      pdfBlobId: blob.id,
      fee: hundredthsToString(figures.feeCents),
      interest: hundredthsToString(figures.interestCents),
      openAmount: hundredthsToString(figures.openCents),
      payBy,
      letterDate: today,
      createdBy: actor.displayName,
    })
    .onConflictDoNothing()
    .returning({ id: invoiceReminders.id });
  if (!inserted.length) throw new AppError('CONFLICT', `Die ${REMINDER_LABELS[level - 1]} wurde bereits versendet`);
  const [after] = await tx
    .update(invoices)
    .set({ reminderLevel: level, updatedAt: new Date() })
    .where(eq(invoices.id, before.id))
    .returning();
  await writeAudit(tx, actor, 'reminder', 'invoice', before.id, before, after, { customerId: before.customerId });
  await queueReminderMail(tx, document, { ...figures, payBy }, actor.displayName);
  return level;
}

export function createReminderService(deps: QuickbillDeps) {
  const { db } = deps;
  return {
    /** The next reminder level (1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung), only for overdue invoices. */
    async sendNext(session: AuditActor, id: number) {
      const today = deps.today();
      const level = await db.transaction(async (tx) => {
        const before = await findInvoice(tx, id, true);
        if (!isOverdue(before, today)) {
          throw new AppError('INVOICE_WRONG_STATUS', 'Mahnungen sind nur für überfällige Rechnungen möglich');
        }
        if (before.reminderLevel >= REMINDER_LABELS.length) {
          throw new AppError('INVOICE_WRONG_STATUS', 'Es wurden bereits alle Mahnstufen versendet');
        }
        return sendReminderLevel(tx, session, before, before.reminderLevel + 1, today);
      });
      return { level, label: REMINDER_LABELS[level - 1] };
    },

    /**
     * Preview of the reminder at the next level (or the last one). Only an issued invoice
     * has anything to remind of: a draft (no number, nothing owed) or a credit note is a 409,
     * like sending a reminder for it (issue 26, finding 17); so is a cancelled invoice.
     */
    async preview(id: number) {
      const today = deps.today();
      const invoice = await findInvoice(db, id);
      if (invoice.status === 'draft' || invoice.kind === 'credit_note') {
        throw new AppError('INVOICE_WRONG_STATUS', NO_REMINDER);
      }
      if (invoice.status === 'cancelled') {
        throw new AppError('INVOICE_WRONG_STATUS', 'Für eine stornierte Rechnung gibt es keine Mahnung');
      }
      const level = Math.min(invoice.reminderLevel + 1, REMINDER_LABELS.length);
      const figures = await buildLetter(db, invoice, level, today);
      const document = await loadInvoiceDocument(db, id);
      return renderPdf(REMINDER_PDF, { document, letter: { ...figures, payBy: addDays(today, REMINDER_GRACE_DAYS) } });
    },
  };
}
