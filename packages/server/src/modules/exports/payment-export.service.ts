import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_SOURCE_LABELS } from '@butler/contract/payments';
import type { InvoiceListQuery } from '@butler/contract/quickbill';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dateFilterRange } from '../quickbill/records/invoice.repo.js';
import type { ExportColumn } from './export-formats.present.js';
import { EXPORT_PAGE, keyset } from './export-sources.service.js';

export type PaymentExportRow = {
  id: number;
  date: string;
  kind: keyof typeof PAYMENT_KIND_LABELS;
  reversedKind: keyof typeof PAYMENT_KIND_LABELS | null;
  invoiceNumber: string | null;
  customer: string;
  /** Money in (+) or out (−) on this day; applied credit moves none (decision 0580). */
  cash: string;
  amount: string;
  method: keyof typeof PAYMENT_METHOD_LABELS | null;
  source: keyof typeof PAYMENT_SOURCE_LABELS;
  reference: string | null;
  note: string | null;
  reason: string | null;
  fee: string | null;
  createdBy: string;
};

const kindLabel = (r: PaymentExportRow) =>
  r.kind === 'reversal' && r.reversedKind
    ? `Storno: ${PAYMENT_KIND_LABELS[r.reversedKind]}`
    : PAYMENT_KIND_LABELS[r.kind];

/** One row per ledger entry: what the accountant books by payment date (Ist-Besteuerung). */
export const PAYMENT_COLUMNS: ExportColumn<PaymentExportRow>[] = [
  { header: 'Datum', kind: 'date', value: (r) => r.date },
  { header: 'Buchung', value: kindLabel, width: 24 },
  { header: 'Rechnung', value: (r) => r.invoiceNumber ?? '' },
  { header: 'Kunde', value: (r) => r.customer, width: 30 },
  { header: 'Zahlungseingang', kind: 'money', value: (r) => r.cash },
  { header: 'Betrag', kind: 'money', value: (r) => r.amount },
  { header: 'Zahlungsart', value: (r) => (r.method ? PAYMENT_METHOD_LABELS[r.method] : '') },
  { header: 'Quelle', value: (r) => PAYMENT_SOURCE_LABELS[r.source] },
  { header: 'Referenz', value: (r) => r.reference ?? '', width: 24 },
  { header: 'Notiz', value: (r) => r.note ?? '', width: 30 },
  { header: 'Grund', value: (r) => r.reason ?? '', width: 30 },
  { header: 'Gebühr', kind: 'money', value: (r) => r.fee ?? '' },
  { header: 'Erfasst von', value: (r) => r.createdBy },
];

/** Ledger entries whose payment date lies in the period (the invoice list's period filter), oldest first. */
export function paymentRows(
  db: Database,
  query: { date_filter?: InvoiceListQuery['date_filter']; customer_id?: number },
  today: string,
): AsyncGenerator<PaymentExportRow> {
  const range = dateFilterRange(query.date_filter, today);
  const filters: SQL[] = [];
  if (range) filters.push(sql`p.payment_date BETWEEN ${range[0]}::date AND ${range[1]}::date`);
  if (query.customer_id) filters.push(sql`p.customer_id = ${query.customer_id}`);
  return keyset(
    async (after: [string, number] | null) => {
      const where = [...filters, ...(after ? [sql`(p.payment_date, p.id) > (${after[0]}::date, ${after[1]})`] : [])];
      const result = await db.execute(sql`
        SELECT p.id, p.payment_date::text AS date, p.kind, o.kind AS "reversedKind", i.invoice_number AS "invoiceNumber",
          coalesce(i.customer_name, nullif(trim(c.first_name || ' ' || c.last_name), ''), 'Gelöschter Kunde') AS customer,
          (CASE
            WHEN p.kind = 'payment' THEN p.amount
            WHEN p.kind = 'refund' THEN -p.amount
            WHEN p.kind = 'reversal' AND o.kind = 'payment' THEN -p.amount
            WHEN p.kind = 'reversal' AND o.kind = 'refund' THEN p.amount
            ELSE 0 END)::text AS cash,
          p.amount::text AS amount, coalesce(p.method, o.method) AS method, p.source, p.reference, p.note,
          p.reason, p.fee::text AS fee, p.created_by AS "createdBy"
        FROM payments p
        LEFT JOIN payments o ON o.id = p.reverses_id
        LEFT JOIN invoices i ON i.id = coalesce(p.invoice_id, o.invoice_id)
        LEFT JOIN customers c ON c.id = p.customer_id
        ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY p.payment_date, p.id
        LIMIT ${EXPORT_PAGE}`);
      return result.rows as PaymentExportRow[];
    },
    (row: PaymentExportRow) => [row.date, row.id] as [string, number],
  );
}
