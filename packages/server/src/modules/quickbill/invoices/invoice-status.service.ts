import { eq } from 'drizzle-orm';
import {
  invoiceItems,
  invoices,
  subscriptionBillingMonths,
  timeEntries,
  tripCharges,
} from '../../../db/schema/index.js';
import { parseDate } from '../../../domain/calendar.js';
import { hundredthsToString, toHundredths } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError } from '../../../lib/errors.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { queueInvoiceMail } from '../mail/invoice-mail.js';
import { withNumberTurn } from '../numbering/number-turn.js';
import { takeInvoiceNumber } from '../numbering/numbering.js';
import { storeIssuedDocuments } from '../pdf/pdf-store.js';
import { findInvoice, loadItems } from '../records/invoice.repo.js';
import { loadInvoiceDocument } from '../records/invoice-document.js';
import { loadSettings } from '../settings/provider-settings.repo.js';
import { snapshotOf } from './invoice-draft.js';

const negate = (value: string) => hundredthsToString(-toHundredths(value));

export function createStatusService(deps: ServiceDeps) {
  const { db } = deps;

  return {
    /**
     * Cancels an invoice. A draft has no number yet and is simply deleted. An issued
     * invoice keeps its number and becomes 'cancelled'; a credit note (Storno) with the
     * negated lines gets the next number of the same sequence and references it. Its
     * time entries and subscription month become billable again.
     */
    async cancel(session: SessionContext, id: number) {
      const result = await withNumberTurn(() =>
        db.transaction(async (tx) => {
          const before = await findInvoice(tx, id, true);
          if (before.kind === 'credit_note')
            throw new AppError('INVOICE_WRONG_STATUS', 'Eine Stornorechnung kann nicht storniert werden');
          if (before.status === 'cancelled')
            throw new AppError('INVOICE_WRONG_STATUS', 'Diese Rechnung ist bereits storniert');
          if (before.status === 'draft') {
            await tx.delete(invoices).where(eq(invoices.id, id));
            await writeAudit(tx, session, 'delete', 'invoice', id, before, null);
            return { deleted: true as const };
          }
          const now = new Date();
          const [cancelled] = await tx
            .update(invoices)
            .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
            .where(eq(invoices.id, id))
            .returning();
          await tx.update(timeEntries).set({ invoiceId: null }).where(eq(timeEntries.invoiceId, id));
          // Its extra trips go on the next ButlerPaket invoice again (decision 0841).
          await tx.update(tripCharges).set({ invoiceId: null }).where(eq(tripCharges.invoiceId, id));
          // Its ButlerPaket months may be billed again by hand; the daily job never re-bills them (decision 0581).
          await tx
            .update(subscriptionBillingMonths)
            .set({ state: 'released' })
            .where(eq(subscriptionBillingMonths.invoiceId, id));
          await writeAudit(tx, session, 'cancel', 'invoice', id, before, cancelled);

          const today = deps.today();
          const settings = await loadSettings(tx);
          const number = await takeInvoiceNumber(tx, parseDate(today).year, settings.invoiceNumberFormat);
          const [credit] = await tx
            .insert(invoices)
            .values({
              kind: 'credit_note',
              invoiceNumber: number.number,
              numberYear: number.year,
              numberSequence: number.sequence,
              customerId: before.customerId,
              ...snapshotOf(before),
              invoiceDate: today,
              dueDate: today,
              servicePeriodStart: before.servicePeriodStart,
              servicePeriodEnd: before.servicePeriodEnd,
              status: 'sent',
              totalNet: negate(before.totalNet),
              totalTax: negate(before.totalTax),
              totalGross: negate(before.totalGross),
              smallBusiness: before.smallBusiness,
              creditNoteForId: id,
              sentAt: now,
              createdBy: session.displayName,
            })
            .returning();
          const items = await loadItems(tx, id);
          await tx.insert(invoiceItems).values(
            items.map((item) => ({
              invoiceId: credit.id,
              position: item.position,
              description: item.description,
              quantity: negate(item.quantity),
              unit: item.unit,
              unitPrice: item.unitPrice,
              taxRate: item.taxRate,
              taxExemption: item.taxExemption,
              lineNet: negate(item.lineNet),
            })),
          );
          await writeAudit(tx, session, 'create', 'invoice', credit.id, null, credit);
          await storeIssuedDocuments(tx, credit.id);
          // The credit note's mail is queued with the cancellation; without an address it is
          // not mailed (the cancellation stands, staff can send it once an address is known).
          const mailed = credit.customerEmail?.trim()
            ? (await queueInvoiceMail(tx, await loadInvoiceDocument(tx, credit.id), session.displayName)) !== null
            : false;
          return { deleted: false as const, creditNoteId: credit.id, mailed };
        }),
      );
      if (result.deleted) return { deleted: true, credit_note_id: null, credit_note_mailed: false };
      return { deleted: false, credit_note_id: result.creditNoteId, credit_note_mailed: result.mailed };
    },
  };
}
