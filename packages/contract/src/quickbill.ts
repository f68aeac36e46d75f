import { z } from 'zod';
import { zDate, zId, zOptionalText, zRequiredText } from './common.js';
import { MAIL_DELIVERIES } from './mail.js';
import { SMALL_BUSINESS_NOTE, TAX_EXEMPTIONS, TAX_RATES } from './vat.js';

export { SMALL_BUSINESS_NOTE, TAX_RATES };

/** Quickbill (invoicing) calls: SPEC §3, §7 and DOMAIN-RULES §7. All admin-only. */

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus | 'overdue', string> = {
  draft: 'Entwurf',
  sent: 'Versendet',
  paid: 'Bezahlt',
  overdue: 'Überfällig',
  cancelled: 'Storniert',
};
export const REMINDER_LABELS = ['Zahlungserinnerung', '1. Mahnung', '2. Mahnung'] as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Euro amount with at most 2 decimals (JSON number or numeric string). */
export const zMoney = z.coerce
  .number({ error: 'Bitte geben Sie einen Betrag an' })
  .refine(Number.isFinite, 'Bitte geben Sie einen Betrag an')
  .refine(twoDecimals, 'Höchstens 2 Nachkommastellen')
  .refine((v) => Math.abs(v) < 100_000_000, 'Der Betrag ist zu groß');

export const zTaxRate = z.coerce
  .number({ error: 'Bitte wählen Sie einen Steuersatz' })
  .refine((v) => (TAX_RATES as readonly number[]).includes(v), 'Der Steuersatz muss 20, 13, 10 oder 0\u00a0% sein');

/** Why a 0 % line is free of VAT; required on 0 % lines, not allowed on others. */
export const zTaxExemption = z.enum(TAX_EXEMPTIONS, { error: 'Unbekannter Befreiungsgrund' });

const zQuantity = z.coerce
  .number({ error: 'Bitte geben Sie eine Menge an' })
  .refine(Number.isFinite, 'Bitte geben Sie eine Menge an')
  .refine(twoDecimals, 'Höchstens 2 Nachkommastellen')
  .refine((v) => v > 0, 'Die Menge muss größer als 0 sein')
  .refine((v) => v < 100_000_000, 'Die Menge ist zu groß');

const zUnit = z.string().trim().min(1, 'Bitte geben Sie eine Einheit an').max(20, 'Höchstens 20 Zeichen');

export const zInvoiceItemInput = z.object({
  description: zRequiredText('Bitte geben Sie eine Beschreibung an', 1000),
  quantity: zQuantity,
  unit: zUnit.default('Stk.'),
  unit_price: zMoney,
  tax_rate: zTaxRate,
  tax_exemption: zTaxExemption.nullish().transform((v) => v ?? null),
});
export type InvoiceItemInput = z.infer<typeof zInvoiceItemInput>;

export const zInvoiceInput = z
  .object({
    customer_id: zId,
    invoice_date: zDate,
    due_date: zDate.nullish(),
    service_period_start: zDate.nullish(),
    service_period_end: zDate.nullish(),
    notes: zOptionalText(2000),
    items: z
      .array(zInvoiceItemInput, { error: 'Bitte fügen Sie mindestens eine Position hinzu' })
      .min(1, 'Bitte fügen Sie mindestens eine Position hinzu')
      .max(200, 'Höchstens 200 Positionen'),
    /** Billable, not yet invoiced time entries of this customer to attach (Leistungsnachweis). */
    time_entry_ids: z.array(zId).max(1000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.due_date && value.due_date < value.invoice_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['due_date'],
        message: 'Das Fälligkeitsdatum darf nicht vor dem Rechnungsdatum liegen',
      });
    }
    if (value.service_period_start && value.service_period_end) {
      if (value.service_period_end < value.service_period_start) {
        ctx.addIssue({
          code: 'custom',
          path: ['service_period_end'],
          message: 'Das Ende des Leistungszeitraums darf nicht vor dem Beginn liegen',
        });
      }
    }
  });
export type InvoiceInput = z.infer<typeof zInvoiceInput>;

export const zInvoiceListQuery = z.object({
  search: z.string().trim().max(100, 'Höchstens 100 Zeichen').optional(),
  status: z.enum([...INVOICE_STATUSES, 'overdue', 'partially_paid', 'all'], { error: 'Unbekannter Status' }).optional(),
  date_filter: z.enum(['today', 'week', 'month', 'year', 'all'], { error: 'Unbekannter Zeitraum' }).optional(),
  customer_id: zId.optional(),
  /** Newest n (the dashboard's latest 5); overrides page_size. */
  limit: z.coerce.number().int().min(1, 'Mindestens 1').max(100, 'Höchstens 100').optional(),
  page: z.coerce.number().int().min(1, 'Mindestens 1').default(1),
  page_size: z.coerce.number().int().min(1, 'Mindestens 1').max(100, 'Höchstens 100').default(25),
});
export type InvoiceListQuery = z.infer<typeof zInvoiceListQuery>;

const zStatus = z.enum(INVOICE_STATUSES);
const zKind = z.enum(['invoice', 'credit_note']);

export const zInvoiceListItem = z.object({
  id: z.number(),
  kind: zKind,
  invoice_number: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
  invoice_date: z.string(),
  due_date: z.string(),
  total_gross: z.number(),
  status: zStatus,
  is_overdue: z.boolean(),
  paid_at: z.string().nullable(),
  /** Received so far (payments and applied credit, decision 0580) and what is still open. */
  received: z.number(),
  open_amount: z.number(),
  /** 'partially_paid' while something but not all is received ("Teilweise bezahlt"). */
  payment_state: z.enum(['open', 'partially_paid', 'paid']),
  reminder_level: z.number(),
  credit_note_for_id: z.number().nullable(),
});
export type InvoiceListItem = z.infer<typeof zInvoiceListItem>;

export const zInvoiceItem = z.object({
  id: z.number(),
  position: z.number(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  tax_rate: z.number(),
  tax_exemption: z.enum(TAX_EXEMPTIONS).nullable(),
  line_net: z.number(),
});

export const zTaxBreakdown = z.object({
  tax_rate: z.number(),
  /** The reason of a 0 % group; 0 % lines with different reasons are separate groups. */
  tax_exemption: z.enum(TAX_EXEMPTIONS).nullable(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
});

export const zInvoiceDetail = zInvoiceListItem.extend({
  /** The printed recipient block (name line excluded), built from the structured fields. */
  customer_address: z.string(),
  customer_street: z.string(),
  customer_postal_code: z.string(),
  customer_city: z.string(),
  customer_country: z.string(),
  customer_is_business: z.boolean(),
  customer_email: z.string().nullable(),
  customer_uid: z.string().nullable(),
  service_period_start: z.string().nullable(),
  service_period_end: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(zInvoiceItem),
  total_net: z.number(),
  total_tax: z.number(),
  tax_breakdown: z.array(zTaxBreakdown),
  small_business: z.boolean(),
  sent_at: z.string().nullable(),
  paid_amount: z.number().nullable(),
  cancelled_at: z.string().nullable(),
  credit_note_for_number: z.string().nullable(),
  /** The Storno that cancelled this invoice, if any. */
  credit_note_id: z.number().nullable(),
  subscription_id: z.number().nullable(),
  billing_month: z.string().nullable(),
  hour_package_id: z.number().nullable(),
  /** The RF creditor reference (ISO 11649) printed as "Zahlungsreferenz", in groups of four. */
  payment_reference: z.string().nullable(),
  reminders: z.array(z.object({ level: z.number(), label: z.string(), sent_at: z.string() })),
  time_entries: z.array(
    z.object({ id: z.number(), work_date: z.string(), hours: z.number(), activity_description: z.string() }),
  ),
  created_by: z.string(),
  created_at: z.string(),
  /** Delivery of the newest mail about this invoice: queued (waiting or retrying), sent, failed. */
  mail: z
    .object({
      id: z.number(),
      status: z.enum(['queued', 'sent', 'failed']),
      error: z.string().nullable(),
      sent_at: z.string().nullable(),
      /** Sent to the mail server, or only written to the outbox folder (decision 0755). */
      delivered_via: z.enum(MAIL_DELIVERIES).nullable(),
    })
    .nullable(),
});
export type InvoiceDetail = z.infer<typeof zInvoiceDetail>;

export const zInvoiceDashboard = z.object({
  invoices_count: z.number(),
  invoices_total_amount: z.number(),
  invoices_open_amount: z.number(),
  invoices_overdue_count: z.number(),
  revenue_this_month: z.number(),
  revenue_this_year: z.number(),
});
export type InvoiceDashboard = z.infer<typeof zInvoiceDashboard>;

export const zMarkPaidInput = z.object({
  /** Defaults to today (Vienna). */
  paid_at: zDate.optional(),
  /** Defaults to the invoice's gross total. */
  amount: zMoney.refine((v) => v > 0, 'Der Betrag muss größer als 0 sein').optional(),
});

/** Send: the admin may edit subject and text; placeholders like {nummer} are filled on sending. */
export const zSendInvoiceInput = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie einen Betreff an')
    .max(200, 'Der Betreff darf höchstens 200 Zeichen lang sein')
    .optional(),
  message: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie eine Nachricht ein')
    .max(5000, 'Die Nachricht darf höchstens 5000 Zeichen lang sein')
    .optional(),
  /** Attach the ebInterface 6.1 XML (Austria's e-invoice format) next to the PDF. */
  attach_ebinterface: z.boolean({ error: 'Ungültiger Wert' }).optional(),
});
export type SendInvoiceInput = z.infer<typeof zSendInvoiceInput>;

export const zIdsInput = z.object({
  ids: z
    .array(zId, { error: 'Bitte wählen Sie mindestens eine Rechnung aus' })
    .min(1, 'Bitte wählen Sie mindestens eine Rechnung aus')
    .max(100, 'Höchstens 100 Rechnungen auf einmal'),
});

export const zBulkSendResult = z.object({
  sent: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), error: z.string() })),
});

export const zMonthlyRunInput = z.object({
  year: z.coerce.number({ error: 'Bitte geben Sie ein Jahr an' }).int().min(2000, 'Ungültiges Jahr').max(2100),
  month: z.coerce.number({ error: 'Bitte geben Sie einen Monat an' }).int().min(1, 'Ungültiger Monat').max(12),
});
export const zMonthlyRunResult = z.object({
  created: z.array(z.object({ id: z.number(), subscription_id: z.number(), customer_name: z.string() })),
  skipped: z.number(),
});

export const zBillableTimeEntry = z.object({
  id: z.number(),
  customer_id: z.number(),
  project_id: z.number(),
  project_name: z.string(),
  work_date: z.string(),
  hours: z.number(),
  activity_description: z.string(),
  billing_type: z.string(),
});

/** GET /api/quickbill/billable-time-entries/customers: who has billable time waiting, in SQL sums. */
export const zBillableCustomer = z.object({
  customer_id: z.number(),
  customer_name: z.string(),
  entry_count: z.number(),
  total_hours: z.number(),
  first_work_date: z.string(),
  last_work_date: z.string(),
});
export type BillableCustomer = z.infer<typeof zBillableCustomer>;

export const zProductInput = z.object({
  name: zRequiredText('Bitte geben Sie einen Namen an', 200),
  description: zOptionalText(2000),
  unit: zUnit.default('Stk.'),
  unit_price: zMoney,
  tax_rate: zTaxRate.default(20),
  is_active: z.boolean().default(true),
});
export const zProduct = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string(),
  unit_price: z.number(),
  tax_rate: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Product = z.infer<typeof zProduct>;
export const zProductListQuery = z.object({ active: z.enum(['true', 'false']).optional() });
