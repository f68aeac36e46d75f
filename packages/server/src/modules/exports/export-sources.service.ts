import { INVOICE_STATUS_LABELS, type InvoiceListQuery } from '@butler/contract/quickbill';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers, invoiceItems, invoices, projects, timeEntries } from '../../db/schema/index.js';
import { firstDayOfMonth, lastDayOfMonth } from '../../domain/calendar.js';
import { hundredthsToString } from '../../domain/decimal.js';
import { searchPattern } from '../../lib/pagination.js';
import { customerFullName, customerNameMatches } from '../customers/customers.repo.js';
import { taxBreakdown } from '../quickbill/invoices/invoice-present.js';
import { openAmountOf, paymentState } from '../quickbill/payments/payments.service.js';
import { listConditions } from '../quickbill/records/invoice.repo.js';
import { isOverdue } from '../quickbill/records/invoice-rules.js';
import type { ExportColumn } from './export-formats.present.js';

/** Rows per database round trip: the export never holds more than one page. */
export const EXPORT_PAGE = 500;

/**
 * Keyset pagination over a stable order: each page starts after the last row of the one
 * before (no OFFSET, so page 400 costs what page 1 costs).
 */
export async function* keyset<R, K>(page: (after: K | null) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R> {
  let after: K | null = null;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

// ---- time entries ----------------------------------------------------------------

export type TimeEntryFilter = { customer_id?: number; billing_type?: 'abos' | 'stundenpakete'; month?: string };

const BILLING_LABEL = { abos: 'ButlerPaket', stundenpakete: 'Stundenpaket' } as const;

export type TimeEntryExportRow = {
  id: number;
  workDate: string;
  customerName: string;
  projectName: string;
  hours: string;
  activity: string;
  billingType: string;
  isBillable: boolean;
  createdBy: string;
};

export const TIME_ENTRY_COLUMNS: ExportColumn<TimeEntryExportRow>[] = [
  { header: 'Datum', kind: 'date', value: (r) => r.workDate },
  { header: 'Kunde', value: (r) => r.customerName, width: 26 },
  { header: 'Projekt', value: (r) => r.projectName, width: 26 },
  { header: 'Stunden', kind: 'hours', value: (r) => r.hours },
  { header: 'Aktivität', value: (r) => r.activity, width: 50 },
  { header: 'Abrechnung', value: (r) => BILLING_LABEL[r.billingType as keyof typeof BILLING_LABEL] ?? r.billingType },
  { header: 'Abrechenbar', value: (r) => (r.isBillable ? 'ja' : 'nein') },
  { header: 'Erfasst von', value: (r) => r.createdBy },
];

/** The time entries of the filter, oldest first (an accountant reads a month top-down). */
export function timeEntryRows(db: Database, filter: TimeEntryFilter): AsyncGenerator<TimeEntryExportRow> {
  const where: SQL[] = [];
  if (filter.customer_id !== undefined) where.push(eq(timeEntries.customerId, filter.customer_id));
  if (filter.billing_type) where.push(eq(timeEntries.billingType, filter.billing_type));
  if (filter.month) {
    const [year, month] = filter.month.split('-').map(Number);
    where.push(
      gte(timeEntries.workDate, firstDayOfMonth(year, month)),
      lte(timeEntries.workDate, lastDayOfMonth(year, month)),
    );
  }
  return keyset(
    (after: [string, number] | null) =>
      db
        .select({
          id: timeEntries.id,
          workDate: timeEntries.workDate,
          customerName: customerFullName(),
          projectName: projects.name,
          hours: timeEntries.hours,
          activity: timeEntries.activityDescription,
          billingType: timeEntries.billingType,
          isBillable: timeEntries.isBillable,
          createdBy: timeEntries.createdBy,
        })
        .from(timeEntries)
        .innerJoin(customers, eq(customers.id, timeEntries.customerId))
        .innerJoin(projects, eq(projects.id, timeEntries.projectId))
        .where(
          and(
            ...where,
            after ? sql`(${timeEntries.workDate}, ${timeEntries.id}) > (${after[0]}, ${after[1]})` : undefined,
          ),
        )
        .orderBy(asc(timeEntries.workDate), asc(timeEntries.id))
        .limit(EXPORT_PAGE),
    (row) => [row.workDate, row.id] as [string, number],
  );
}

// ---- invoices and credit notes ---------------------------------------------------

const RATES = [20, 13, 10, 0] as const;

export type InvoiceExportRow = {
  id: number;
  kind: string;
  number: string | null;
  date: string;
  dueDate: string | null;
  customer: string;
  byRate: Map<number, { net: number; tax: number }>;
  net: string;
  tax: string;
  gross: string;
  status: string;
  received: string;
  open: string;
  paidAt: string | null;
};

export const INVOICE_COLUMNS: ExportColumn<InvoiceExportRow>[] = [
  { header: 'Nummer', value: (r) => r.number ?? `Entwurf #${r.id}` },
  { header: 'Art', value: (r) => (r.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung') },
  { header: 'Datum', kind: 'date', value: (r) => r.date },
  { header: 'Fällig am', kind: 'date', value: (r) => r.dueDate },
  { header: 'Kunde', value: (r) => r.customer, width: 30 },
  ...RATES.flatMap((rate): ExportColumn<InvoiceExportRow>[] => [
    { header: `Netto ${rate}\u00a0%`, kind: 'money', value: (r) => r.byRate.get(rate)?.net ?? 0 },
    ...(rate === 0
      ? []
      : [
          {
            header: `USt ${rate}\u00a0%`,
            kind: 'money' as const,
            value: (r: InvoiceExportRow) => r.byRate.get(rate)?.tax ?? 0,
          },
        ]),
  ]),
  { header: 'Netto gesamt', kind: 'money', value: (r) => r.net },
  { header: 'USt gesamt', kind: 'money', value: (r) => r.tax },
  { header: 'Brutto', kind: 'money', value: (r) => r.gross },
  { header: 'Status', value: (r) => r.status },
  // What the payments (by payment date: the payments export) brought in so far, and what is left.
  { header: 'Erhalten', kind: 'money', value: (r) => r.received },
  { header: 'Offen', kind: 'money', value: (r) => r.open },
  { header: 'Bezahlt am', kind: 'date', value: (r) => r.paidAt },
];

/** The list's words, with "Teilweise bezahlt" while part of a sent invoice is received (decision 0580). */
function statusLabel(row: typeof invoices.$inferSelect, overdue: boolean) {
  const partial = row.status === 'sent' && paymentState(row) === 'partially_paid';
  if (partial) return overdue ? 'Teilweise bezahlt, überfällig' : 'Teilweise bezahlt';
  return overdue
    ? INVOICE_STATUS_LABELS.overdue
    : INVOICE_STATUS_LABELS[row.status as keyof typeof INVOICE_STATUS_LABELS];
}

/** Invoices and credit notes of the list's filter, newest first like the list. */
export async function* invoiceRows(
  db: Database,
  query: InvoiceListQuery,
  today: string,
): AsyncGenerator<InvoiceExportRow> {
  const where = listConditions(query, today);
  const rows = keyset(
    (after: [string, number] | null) =>
      db
        .select()
        .from(invoices)
        .where(
          and(
            ...where,
            after ? sql`(${invoices.invoiceDate}, ${invoices.id}) < (${after[0]}, ${after[1]})` : undefined,
          ),
        )
        .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
        .limit(EXPORT_PAGE),
    (row) => [row.invoiceDate, row.id] as [string, number],
  );
  // Items are loaded per page of invoices, never for the whole export at once.
  let batch: (typeof invoices.$inferSelect)[] = [];
  const flush = async function* () {
    if (!batch.length) return;
    const items = await db
      .select()
      .from(invoiceItems)
      .where(
        inArray(
          invoiceItems.invoiceId,
          batch.map((b) => b.id),
        ),
      );
    for (const row of batch) {
      const breakdown = taxBreakdown(
        items.filter((i) => i.invoiceId === row.id),
        row.smallBusiness,
      );
      const byRate = new Map<number, { net: number; tax: number }>();
      for (const b of breakdown) {
        const prev = byRate.get(b.tax_rate) ?? { net: 0, tax: 0 };
        byRate.set(b.tax_rate, { net: prev.net + b.net, tax: prev.tax + b.tax });
      }
      const overdue = isOverdue(row, today);
      yield {
        id: row.id,
        kind: row.kind,
        number: row.invoiceNumber,
        date: row.invoiceDate,
        dueDate: row.dueDate,
        customer: row.customerName,
        byRate,
        net: row.totalNet,
        tax: row.totalTax,
        gross: row.totalGross,
        status: statusLabel(row, overdue),
        received: row.paidAmount ?? '0',
        open: hundredthsToString(openAmountOf(row)),
        paidAt: row.paidAt,
      };
    }
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === EXPORT_PAGE) yield* flush();
  }
  yield* flush();
}

// ---- customers -------------------------------------------------------------------

type CustomerRow = typeof customers.$inferSelect;

export const CUSTOMER_COLUMNS: ExportColumn<CustomerRow>[] = [
  { header: 'Nachname', value: (r) => r.lastName },
  { header: 'Vorname', value: (r) => r.firstName },
  { header: 'E-Mail', value: (r) => r.email, width: 30 },
  { header: 'Telefon', value: (r) => r.phone },
  { header: 'Unternehmen', value: (r) => r.company, width: 28 },
  { header: 'Straße', value: (r) => r.street, width: 28 },
  { header: 'PLZ', value: (r) => r.postalCode },
  { header: 'Ort', value: (r) => r.city },
  { header: 'Land', value: (r) => r.country },
  { header: 'UID', value: (r) => r.uid },
  { header: 'Geburtsdatum', kind: 'date', value: (r) => r.birthdate },
  { header: 'Status', value: (r) => (r.isActive ? 'Aktiv' : 'Inaktiv') },
  { header: 'Empfehlungscode', value: (r) => r.referralCode },
  { header: 'Registriert am', kind: 'date', value: (r) => r.createdAt.toISOString().slice(0, 10) },
];

/** Customers of the list's search (from 3 characters, as on screen), by name like the list. */
export function customerRows(db: Database, search: string | undefined): AsyncGenerator<CustomerRow> {
  const pattern = searchPattern(search);
  const where = pattern
    ? or(
        customerNameMatches(pattern),
        ilike(customers.email, pattern),
        ilike(customers.company, pattern),
        ilike(customers.referralCode, pattern),
      )
    : undefined;
  return keyset(
    (after: [string, string, number] | null) =>
      db
        .select()
        .from(customers)
        .where(
          and(
            where,
            after
              ? sql`(${customers.lastName}, ${customers.firstName}, ${customers.id}) > (${after[0]}, ${after[1]}, ${after[2]})`
              : undefined,
          ),
        )
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
        .limit(EXPORT_PAGE),
    (row) => [row.lastName, row.firstName, row.id] as [string, string, number],
  );
}
