import type { MailDelivery } from '@butler/contract/mail';
import { type InvoiceDetail, type InvoiceListItem, REMINDER_LABELS } from '@butler/contract/quickbill';
import type { TaxExemption } from '@butler/contract/vat';
import type { timeEntries } from '../../../db/schema/index.js';
import { formatCreditorReference } from '../../../domain/creditor-reference.js';
import { fromHundredths, num } from '../../../domain/decimal.js';
import { computeInvoiceTotals } from '../../../domain/invoice-totals.js';
import { openAmountOf, paymentState } from '../payments/payments.service.js';
import type { InvoiceItemRow, InvoiceRow } from '../records/invoice.repo.js';
import { isOverdue } from '../records/invoice-rules.js';

export function presentListItem(row: InvoiceRow, today: string): InvoiceListItem {
  return {
    id: row.id,
    kind: row.kind as InvoiceListItem['kind'],
    invoice_number: row.invoiceNumber,
    customer_id: row.customerId,
    customer_name: row.customerName,
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
    total_gross: num(row.totalGross),
    status: row.status as InvoiceListItem['status'],
    is_overdue: isOverdue(row, today),
    paid_at: row.paidAt,
    received: num(row.paidAmount),
    open_amount: fromHundredths(openAmountOf(row)),
    payment_state: paymentState(row),
    reminder_level: row.reminderLevel,
    credit_note_for_id: row.creditNoteForId,
  };
}

/** Per-rate breakdown recomputed from the stored lines (credit notes carry negative lines). */
export function taxBreakdown(items: InvoiceItemRow[], smallBusiness: boolean) {
  const totals = computeInvoiceTotals(
    items.map((i) => ({
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      taxRate: i.taxRate,
      taxExemption: i.taxExemption,
    })),
    smallBusiness,
  );
  return totals.byRate.map((r) => ({
    tax_rate: r.taxRate,
    tax_exemption: r.exemption,
    net: fromHundredths(r.net),
    tax: fromHundredths(r.tax),
    gross: fromHundredths(r.gross),
  }));
}

export type DetailExtras = {
  items: InvoiceItemRow[];
  reminders: Array<{ level: number; sentAt: Date }>;
  timeEntries: Array<typeof timeEntries.$inferSelect>;
  creditNote: { id: number } | null;
  creditNoteForNumber: string | null;
  /** The newest mail about this invoice (invoice, credit note or reminder). */
  mail: {
    id: number;
    status: 'queued' | 'sent' | 'failed';
    lastError: string | null;
    sentAt: Date | null;
    deliveredVia: MailDelivery | null;
  } | null;
};

export function presentDetail(row: InvoiceRow, extras: DetailExtras, today: string): InvoiceDetail {
  return {
    ...presentListItem(row, today),
    customer_address: row.customerAddress,
    customer_street: row.customerStreet,
    customer_postal_code: row.customerPostalCode,
    customer_city: row.customerCity,
    customer_country: row.customerCountry,
    customer_is_business: row.customerIsBusiness,
    customer_email: row.customerEmail,
    customer_uid: row.customerUid,
    service_period_start: row.servicePeriodStart,
    service_period_end: row.servicePeriodEnd,
    notes: row.notes,
    items: extras.items.map((i) => ({
      id: i.id,
      position: i.position,
      description: i.description,
      quantity: num(i.quantity),
      unit: i.unit,
      unit_price: num(i.unitPrice),
      tax_rate: i.taxRate,
      tax_exemption: i.taxExemption as TaxExemption | null,
      line_net: num(i.lineNet),
    })),
    total_net: num(row.totalNet),
    total_tax: num(row.totalTax),
    tax_breakdown: taxBreakdown(extras.items, row.smallBusiness),
    small_business: row.smallBusiness,
    sent_at: row.sentAt?.toISOString() ?? null,
    paid_amount: row.paidAmount === null ? null : num(row.paidAmount),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    credit_note_for_number: extras.creditNoteForNumber,
    credit_note_id: extras.creditNote?.id ?? null,
    subscription_id: row.subscriptionId,
    billing_month: row.billingMonth,
    hour_package_id: row.hourPackageId,
    payment_reference: row.paymentReference ? formatCreditorReference(row.paymentReference) : null,
    reminders: extras.reminders.map((r) => ({
      level: r.level,
      label: REMINDER_LABELS[r.level - 1],
      sent_at: r.sentAt.toISOString(),
    })),
    time_entries: extras.timeEntries.map((t) => ({
      id: t.id,
      work_date: t.workDate,
      hours: num(t.hours),
      activity_description: t.activityDescription,
    })),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    mail: extras.mail
      ? {
          id: extras.mail.id,
          status: extras.mail.status,
          error: extras.mail.lastError,
          sent_at: extras.mail.sentAt?.toISOString() ?? null,
          delivered_via: extras.mail.deliveredVia,
        }
      : null,
  };
}
