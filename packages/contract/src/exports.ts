import { z } from 'zod';
import { zOptionalCustomerId, zSearchParam } from './list-query.js';
import { zInvoiceListQuery } from './quickbill.js';
import { BILLING_TYPES } from './time-entries.js';

/** Exports for the accountant and spreadsheets (decision 0422): CSV (Austrian Excel) or XLSX. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const zExportFormatParams = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Unbekanntes Format (csv oder xlsx)' }),
});

export const zTimeEntryExportQuery = z.object({
  customer_id: zOptionalCustomerId,
  billing_type: z.enum(BILLING_TYPES, { error: 'Ungültige Abrechnungsart' }).optional(),
  /** `YYYY-MM`: one month; absent: all months. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bitte geben Sie den Monat als JJJJ-MM an')
    .optional(),
});
export type TimeEntryExportQuery = z.infer<typeof zTimeEntryExportQuery>;

/** The invoice list's own filters, without paging. */
export const zInvoiceExportQuery = zInvoiceListQuery.omit({ limit: true, page: true, page_size: true });
export type InvoiceExportQuery = z.infer<typeof zInvoiceExportQuery>;

/** Ledger entries by payment date (Ist-Besteuerung): the invoice list's period, optionally one customer. */
export const zPaymentExportQuery = zInvoiceListQuery.pick({ date_filter: true, customer_id: true });
export type PaymentExportQuery = z.infer<typeof zPaymentExportQuery>;

export const zCustomerExportQuery = z.object({ search: zSearchParam });
