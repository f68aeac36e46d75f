import type { InvoiceDetail } from '@butler/contract/quickbill';
import { addDaysIso } from '../../../components/date-field';
import { todayInVienna } from '../../../lib/format';
import type { InvoiceBody } from '../api/invoices';
import { type EditorLine, newLine } from './line-editor';

export type EditorValues = {
  customerId: number | null;
  customerLabel?: string;
  invoiceDate: string | null;
  dueDate: string | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  notes: string;
  lines: EditorLine[];
  timeEntryIds: number[];
};

/** A new invoice: today, due after the payment terms of the settings (DOMAIN-RULES §7: default 14 days). */
export function emptyValues(paymentTermsDays: number): EditorValues {
  const today = todayInVienna();
  return {
    customerId: null,
    invoiceDate: today,
    dueDate: addDaysIso(today, paymentTermsDays),
    servicePeriodStart: null,
    servicePeriodEnd: null,
    notes: '',
    lines: [newLine()],
    timeEntryIds: [],
  };
}

export function valuesFromInvoice(invoice: InvoiceDetail): EditorValues {
  return {
    customerId: invoice.customer_id,
    customerLabel: invoice.customer_name,
    invoiceDate: invoice.invoice_date,
    dueDate: invoice.due_date,
    servicePeriodStart: invoice.service_period_start,
    servicePeriodEnd: invoice.service_period_end,
    notes: invoice.notes ?? '',
    lines: invoice.items.map((i) =>
      newLine({
        description: i.description,
        quantity: i.quantity,
        unit: i.unit,
        unit_price: i.unit_price,
        tax_rate: String(i.tax_rate),
        tax_exemption: i.tax_exemption === 'small_business' ? null : i.tax_exemption,
      }),
    ),
    timeEntryIds: invoice.time_entries.map((e) => e.id),
  };
}

/** The request body; the server validates and answers field errors in German. */
export function toInput(v: EditorValues): InvoiceBody {
  return {
    customer_id: v.customerId as number,
    invoice_date: v.invoiceDate as string,
    due_date: v.dueDate,
    service_period_start: v.servicePeriodStart,
    service_period_end: v.servicePeriodEnd,
    notes: v.notes.trim() || null,
    items: v.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity === '' ? Number.NaN : Number(l.quantity),
      unit: l.unit,
      unit_price: l.unit_price === '' ? Number.NaN : Number(l.unit_price),
      tax_rate: Number(l.tax_rate),
      tax_exemption: l.tax_rate === '0' ? l.tax_exemption : null,
    })),
    time_entry_ids: v.timeEntryIds,
  };
}

/** Checks before the round trip: the words the server would use for the same mistakes. */
export function localErrors(v: EditorValues, smallBusiness: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.customerId) errors.customer_id = 'Bitte wählen Sie einen Kunden aus';
  if (!v.invoiceDate) errors.invoice_date = 'Bitte geben Sie ein Rechnungsdatum an';
  if (v.lines.length === 0) errors.items = 'Bitte fügen Sie mindestens eine Position hinzu';
  v.lines.forEach((l, i) => {
    if (!l.description.trim()) errors[`items.${i}.description`] = 'Bitte geben Sie eine Beschreibung an';
    if (l.quantity === '' || Number(l.quantity) <= 0)
      errors[`items.${i}.quantity`] = 'Die Menge muss größer als 0 sein';
    if (l.unit_price === '') errors[`items.${i}.unit_price`] = 'Bitte geben Sie einen Betrag an';
    if (!l.unit.trim()) errors[`items.${i}.unit`] = 'Bitte geben Sie eine Einheit an';
    if (!smallBusiness && l.tax_rate === '0' && !l.tax_exemption)
      errors[`items.${i}.tax_exemption`] = 'Bitte wählen Sie für 0\u00a0% den Grund der Steuerbefreiung';
  });
  if (v.dueDate && v.invoiceDate && v.dueDate < v.invoiceDate) {
    errors.due_date = 'Das Fälligkeitsdatum darf nicht vor dem Rechnungsdatum liegen';
  }
  if (v.servicePeriodStart && v.servicePeriodEnd && v.servicePeriodEnd < v.servicePeriodStart) {
    errors.service_period_end = 'Das Ende des Leistungszeitraums darf nicht vor dem Beginn liegen';
  }
  return errors;
}
