import type { CustomerInvoice, CustomerInvoiceState, InvoicePaymentDetails } from '@butler/contract/customer-invoices';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { maskIban } from '@butler/contract/sepa-rules';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { invoices } from '../../../db/schema/index.js';
import { formatCreditorReference } from '../../../domain/creditor-reference.js';
import { fromHundredths, num } from '../../../domain/decimal.js';
import { AppError } from '../../../lib/errors.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { openAmountOf } from '../payments/payments.service.js';
import { canPayByCode, epcQrPng } from '../pdf/epc-qr.js';
import { invoiceCiiXml } from '../pdf/invoice-xml.service.js';
import { formatIban } from '../pdf/pdf-kit.js';
import { issuedDocument, pdfFileName } from '../pdf/pdf-store.js';
import type { InvoiceRow } from '../records/invoice.repo.js';
import { isOverdue } from '../records/invoice-rules.js';
import { loadSettings } from '../settings/provider-settings.repo.js';

/** What a customer may see: their own issued invoices and Stornorechnungen, never a draft. */
const visibleTo = (customerId: number) =>
  and(eq(invoices.customerId, customerId), ne(invoices.status, 'draft'), isNotNull(invoices.invoiceNumber));

function stateOf(row: InvoiceRow, today: string): CustomerInvoiceState {
  if (row.kind === 'credit_note') return 'credit_note';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'paid') return 'paid';
  if (num(row.paidAmount ?? '0') > 0) return 'partially_paid';
  return isOverdue(row, today) ? 'overdue' : 'open';
}

/**
 * "Meine Rechnungen" (decision 0587): a customer's own issued documents exactly as stored at
 * issue, and how to pay what is open. Another customer's invoice and every draft answer
 * 404 (the route is customer-own: the id in the path is checked against the session).
 */
export function createCustomerInvoicesService(deps: ServiceDeps) {
  const { db } = deps;

  async function findVisible(customerId: number, invoiceId: number) {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), visibleTo(customerId)));
    if (!row) throw new AppError('INVOICE_NOT_FOUND');
    return row;
  }

  return {
    /** Newest first, one page, with the count. */
    async list(customerId: number, page: { page: number; page_size: number }) {
      const today = deps.today();
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            invoice: invoices,
            original: sql<
              string | null
            >`(SELECT o.invoice_number FROM invoices o WHERE o.id = "invoices"."credit_note_for_id")`,
            // Announced for direct debit and not returned: the lounge says when it is collected.
            collection: sql<{
              on: string;
              iban: string;
            } | null>`(SELECT json_build_object('on', c.announced_on, 'iban', c.debtor_iban)
              FROM invoice_collections c WHERE c.invoice_id = "invoices"."id"
                AND NOT EXISTS (SELECT 1 FROM direct_debit_items d WHERE d.invoice_id = c.invoice_id AND d.state = 'returned'))`,
            // The newest reminder letter: an overdue invoice says it was reminded (decision 0772).
            reminder: sql<{
              level: number;
              on: string;
              pay_by: string | null;
            } | null>`(SELECT json_build_object('level', r.level, 'on', coalesce(r.letter_date, (r.sent_at AT TIME ZONE 'Europe/Vienna')::date), 'pay_by', r.pay_by)
              FROM invoice_reminders r WHERE r.invoice_id = "invoices"."id" ORDER BY r.level DESC LIMIT 1)`,
          })
          .from(invoices)
          .where(visibleTo(customerId))
          .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
          .limit(page.page_size)
          .offset((page.page - 1) * page.page_size),
        db.select({ total: sql<number>`count(*)::int` }).from(invoices).where(visibleTo(customerId)),
      ]);
      const items: CustomerInvoice[] = rows.map(({ invoice, original, collection, reminder }) => ({
        id: invoice.id,
        kind: invoice.kind as CustomerInvoice['kind'],
        invoice_number: invoice.invoiceNumber ?? '',
        invoice_date: invoice.invoiceDate,
        due_date: invoice.dueDate,
        total_gross: num(invoice.totalGross),
        open_amount: fromHundredths(openAmountOf(invoice)),
        state: stateOf(invoice, today),
        is_overdue: isOverdue(invoice, today),
        credit_note_for_number: original,
        direct_debit: collection ? { collection_date: collection.on, account: maskIban(collection.iban) } : null,
        last_reminder:
          reminder && openAmountOf(invoice) > 0n && invoice.status === 'sent'
            ? { label: REMINDER_LABELS[reminder.level - 1], sent_on: reminder.on, pay_by: reminder.pay_by }
            : null,
      }));
      return { items, total };
    },

    /** The PDF as the customer received it. */
    async pdf(customerId: number, invoiceId: number) {
      await findVisible(customerId, invoiceId);
      const { document, bytes } = await issuedDocument(db, invoiceId, 'pdf');
      return { pdf: bytes, filename: pdfFileName(document) };
    },

    /** The EN 16931 e-invoice (CII XML), byte for byte the one inside the PDF. */
    async xml(customerId: number, invoiceId: number) {
      await findVisible(customerId, invoiceId);
      const { document, xml } = await invoiceCiiXml(db, invoiceId);
      return { xml, filename: pdfFileName(document).replace(/\.pdf$/, '.xml') };
    },

    /** Bank details, the open amount, the RF reference and the EPC QR code of an open invoice. */
    async payment(customerId: number, invoiceId: number): Promise<InvoicePaymentDetails> {
      const row = await findVisible(customerId, invoiceId);
      const open = openAmountOf(row);
      if (row.kind !== 'invoice' || open <= 0n) {
        throw new AppError('INVOICE_WRONG_STATUS', 'Diese Rechnung ist nicht mehr zu bezahlen');
      }
      const settings = await loadSettings(db);
      const qr = canPayByCode(settings.iban, open)
        ? await epcQrPng({
            bic: settings.bic,
            name: settings.companyName,
            iban: settings.iban,
            amountCents: open,
            reference: row.paymentReference ?? null,
            information: `Rechnung ${row.invoiceNumber}`,
          })
        : null;
      return {
        invoice_number: row.invoiceNumber ?? '',
        recipient: settings.companyName,
        iban: settings.iban ? formatIban(settings.iban) : '',
        bic: settings.bic || null,
        amount: fromHundredths(open),
        reference: row.paymentReference ? formatCreditorReference(row.paymentReference) : null,
        qr_code: qr ? `data:image/png;base64,${qr.toString('base64')}` : null,
      };
    },
  };
}

export type CustomerInvoicesService = ReturnType<typeof createCustomerInvoicesService>;
