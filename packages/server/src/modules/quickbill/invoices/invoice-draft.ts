import type { InvoiceInput, InvoiceItemInput } from '@butler/contract/quickbill';
import { and, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import { customers, invoiceItems, type invoices, timeEntries } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { hundredthsToString } from '../../../domain/decimal.js';
import { computeInvoiceTotals, totalsAsStrings } from '../../../domain/invoice-totals.js';
import { fieldError } from '../../../lib/errors.js';
import { type Executor, loadSettings, type Transaction } from '../shared.js';

export type CustomerRow = typeof customers.$inferSelect;

/** Recipient snapshot: an issued invoice must keep the name and address it was sent to. */
export function customerSnapshot(customer: CustomerRow) {
  const person = `${customer.firstName} ${customer.lastName}`.trim();
  const company = customer.company?.trim();
  const cityLine = [customer.postalCode?.trim(), customer.city?.trim()].filter(Boolean).join(' ');
  const address = [company ? `z. H. ${person}` : null, customer.street?.trim(), cityLine]
    .filter((line) => line)
    .join('\n');
  return {
    customerName: company || person,
    customerAddress: address,
    customerEmail: customer.email,
    customerUid: customer.uid?.trim() || null,
  };
}

export async function requireCustomer(db: Executor, customerId: number): Promise<CustomerRow> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw fieldError('customer_id', 'Kunde nicht gefunden');
  return customer;
}

/** Lines and totals as stored; in Kleinunternehmer mode every line is saved at 0 %. */
export function priceItems(items: InvoiceItemInput[], smallBusiness: boolean) {
  const lines = items.map((item) => ({ ...item, tax_rate: smallBusiness ? 0 : item.tax_rate }));
  const totals = computeInvoiceTotals(
    lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unit_price, taxRate: l.tax_rate })),
    smallBusiness,
  );
  if (totals.gross < 0n) throw fieldError('items', 'Der Rechnungsbetrag darf nicht negativ sein');
  return { lines, totals };
}

export async function replaceItems(
  tx: Transaction,
  invoiceId: number,
  lines: InvoiceItemInput[],
  lineNets: bigint[],
): Promise<void> {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (lines.length === 0) return;
  await tx.insert(invoiceItems).values(
    lines.map((line, index) => ({
      invoiceId,
      position: index + 1,
      description: line.description,
      quantity: String(line.quantity),
      unit: line.unit,
      unitPrice: String(line.unit_price),
      taxRate: line.tax_rate,
      lineNet: hundredthsToString(lineNets[index]),
    })),
  );
}

/**
 * Attaches billable, not yet invoiced entries of the customer to the draft (and releases
 * entries it no longer lists). Returns the attached entries' date range.
 */
export async function attachTimeEntries(tx: Transaction, invoiceId: number, customerId: number, ids: number[]) {
  await tx
    .update(timeEntries)
    .set({ invoiceId: null })
    .where(
      and(
        eq(timeEntries.invoiceId, invoiceId),
        ids.length ? or(ne(timeEntries.customerId, customerId), notInArray(timeEntries.id, ids)) : undefined,
      ),
    );
  if (ids.length === 0) return null;
  const unique = [...new Set(ids)];
  const updated = await tx
    .update(timeEntries)
    .set({ invoiceId })
    .where(
      and(
        inArray(timeEntries.id, unique),
        eq(timeEntries.customerId, customerId),
        eq(timeEntries.isBillable, true),
        or(isNull(timeEntries.invoiceId), eq(timeEntries.invoiceId, invoiceId)),
      ),
    )
    .returning({ workDate: timeEntries.workDate });
  if (updated.length !== unique.length) {
    throw fieldError(
      'time_entry_ids',
      'Nur verrechenbare, noch nicht verrechnete Zeiteinträge dieses Kunden können übernommen werden',
    );
  }
  const dates = updated.map((u) => u.workDate).sort();
  return { start: dates[0], end: dates[dates.length - 1] };
}

/** Header fields of a draft from the request, the customer and the settings. */
export async function draftHeader(tx: Transaction, input: InvoiceInput) {
  const customer = await requireCustomer(tx, input.customer_id);
  const settings = await loadSettings(tx);
  const { lines, totals } = priceItems(input.items, settings.smallBusiness);
  const snapshot = customerSnapshot(customer);
  return {
    lines,
    totals,
    values: {
      customerId: customer.id,
      ...snapshot,
      customerAddress: input.customer_address ?? snapshot.customerAddress,
      invoiceDate: input.invoice_date,
      dueDate: input.due_date ?? addDays(input.invoice_date, settings.paymentTermsDays),
      servicePeriodStart: input.service_period_start ?? input.service_period_end ?? null,
      servicePeriodEnd: input.service_period_end ?? input.service_period_start ?? null,
      notes: input.notes,
      smallBusiness: settings.smallBusiness,
      ...totalsAsStrings(totals),
    } satisfies Partial<typeof invoices.$inferInsert>,
  };
}
