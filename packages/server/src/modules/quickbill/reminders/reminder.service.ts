import { formatDate } from '@butler/contract/format';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import type { DueReminder, SendReminderInput } from '@butler/contract/reminders';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Transaction } from '../../../db/executor.js';
import { invoiceReminders, invoices } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { hundredthsToString } from '../../../domain/decimal.js';
import type { AuditActor } from '../../../lib/audit.js';
import { writeAudit } from '../../../lib/audit.js';
import { putBlob } from '../../../lib/blob-store.js';
import { AppError } from '../../../lib/errors.js';
import { pdfTask, renderPdf } from '../../../lib/pdf-render.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { queueReminderMail, requireRecipient } from '../mail/invoice-mail.js';
import type { drawReminderPdf } from '../pdf/reminder-pdf.js';
import { findInvoice, type InvoiceRow } from '../records/invoice.repo.js';
import { loadInvoiceDocument } from '../records/invoice-document.js';
import { isOverdue } from '../records/invoice-rules.js';
import {
  dueReminderRows,
  lastLetterDay,
  loadNextReminder,
  nextReminderOf,
  REMINDER_GRACE_DAYS,
} from './due-reminders.js';
import { buildLetter, loadReminderLevels } from './reminder-letter.js';

const NO_REMINDER = 'Mahnungen gibt es nur für versendete Rechnungen, nicht für Entwürfe oder Stornorechnungen';

/** The reminder letter, drawn in a worker thread (lib/pdf-render.ts, decision 0701). */
const REMINDER_PDF = pdfTask<typeof drawReminderPdf>(
  new URL('../pdf/reminder-pdf.ts', import.meta.url),
  'drawReminderPdf',
);

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

export function createReminderService(deps: ServiceDeps) {
  const { db } = deps;
  return {
    /**
     * The next reminder level (1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung), only for
     * overdue invoices. Before the configured days have passed it is refused unless the
     * person confirmed sending early (decision 0770); `level` is the one they saw.
     */
    async sendNext(session: AuditActor, id: number, input: SendReminderInput = {}) {
      const today = deps.today();
      const level = await db.transaction(async (tx) => {
        const before = await findInvoice(tx, id, true);
        if (!isOverdue(before, today)) {
          throw new AppError('INVOICE_WRONG_STATUS', 'Mahnungen sind nur für überfällige Rechnungen möglich');
        }
        if (before.reminderLevel >= REMINDER_LABELS.length) {
          throw new AppError('INVOICE_WRONG_STATUS', 'Es wurden bereits alle Mahnstufen versendet');
        }
        if (input.level !== undefined && input.level !== before.reminderLevel + 1)
          throw wrongLevel(before, input.level);
        const next = await loadNextReminder(tx, before, today);
        if (next && !next.is_due && !input.early) {
          throw new AppError(
            'CONFLICT',
            `Die ${next.label} ist erst ab ${formatDate(next.due_on)} fällig (eingestellt: ${next.days} Tage nach der ${next.counted_from}). Zum vorzeitigen Senden bestätigen Sie das ausdrücklich.`,
          );
        }
        return sendReminderLevel(tx, session, before, before.reminderLevel + 1, today);
      });
      return { level, label: REMINDER_LABELS[level - 1] };
    },

    /** The next reminder with its due day, fee and deadline; 409 when there is none. */
    async next(id: number) {
      const invoice = await findInvoice(db, id);
      const next = await loadNextReminder(db, invoice, deps.today());
      if (!next) throw new AppError('INVOICE_WRONG_STATUS', 'Für diese Rechnung ist keine Mahnung möglich');
      return next;
    },

    listDue: () => listDueReminders(db, deps.today()),

    /** One letter of "Fällige Mahnungen senden", sent only if the run's rules still allow it. */
    async sendDue(session: AuditActor, invoiceId: number, level: number) {
      const reason = await sendDueReminder(db, session, invoiceId, level, deps.today());
      return { sent: reason === null, level, label: REMINDER_LABELS[level - 1], reason };
    },

    /**
     * Preview of the reminder at the next level (or the last one). Only an issued invoice
     * has anything to remind of: a draft (no number, nothing owed) or a credit note is a 409,
     * like sending a reminder for it (decision 0504); so is a cancelled invoice.
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

/** The preview list of "Fällige Mahnungen senden": every due letter with its fee and deadline. */
async function listDueReminders(db: Database, today: string): Promise<{ items: DueReminder[]; blocked: number }> {
  const rows = await dueReminderRows(db, today);
  const levels = await loadReminderLevels(db);
  const items: DueReminder[] = [];
  for (const row of rows.filter((r) => !r.blocked)) {
    const invoice = await findInvoice(db, row.id);
    const next = nextReminderOf(invoice, levels, await lastLetterDay(db, invoice.id), null, today);
    if (!next || next.level !== row.level) continue;
    items.push({
      ...next,
      invoice_number: invoice.invoiceNumber ?? '',
      customer_id: invoice.customerId,
      customer_name: invoice.customerName,
      days_overdue: Math.round((Date.parse(today) - Date.parse(invoice.dueDate)) / 86_400_000),
    });
  }
  return { items, blocked: rows.filter((r) => r.blocked).length };
}

/**
 * Sends the reminder `level` of one invoice if the run's rules still say it is due: the
 * invoice locked and re-read, so a payment booked meanwhile, a Mahnsperre set or a letter
 * sent by someone else stops it. Returns null when sent, else the German reason.
 */
export async function sendDueReminder(
  db: Database,
  actor: AuditActor,
  invoiceId: number,
  level: number,
  today: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    if (!isOverdue(invoice, today)) return 'inzwischen bezahlt oder nicht mehr überfällig';
    if (invoice.reminderLevel + 1 !== level) {
      return invoice.reminderLevel >= level
        ? `die ${REMINDER_LABELS[level - 1]} wurde inzwischen versendet`
        : 'eine andere Mahnstufe ist fällig';
    }
    const [row] = await dueReminderRows(tx, today, invoice.id);
    if (row?.blocked) return 'Mahnsperre aktiv, nicht versendet';
    if (!row) return 'nicht mehr fällig';
    await sendReminderLevel(tx, actor, invoice, level, today);
    return null;
  });
}

/** A level asked for by a person that is no longer the next one: a 409 naming what happened. */
export function wrongLevel(invoice: InvoiceRow, level: number): AppError {
  return new AppError(
    'CONFLICT',
    invoice.reminderLevel >= level
      ? `Die ${REMINDER_LABELS[level - 1]} wurde inzwischen bereits versendet`
      : `Als Nächstes ist die ${REMINDER_LABELS[invoice.reminderLevel]} an der Reihe`,
  );
}
