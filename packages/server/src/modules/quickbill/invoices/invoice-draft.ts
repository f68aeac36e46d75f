import { countryName } from '@butler/contract/countries';
import type { InvoiceInput, InvoiceItemInput } from '@butler/contract/quickbill';
import { and, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/executor.js';
import { customers, invoiceItems, type invoices, timeEntries } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { hundredthsToString } from '../../../domain/decimal.js';
import { computeInvoiceTotals, totalsAsStrings } from '../../../domain/invoice-totals.js';
import { fieldError } from '../../../lib/errors.js';
import { loadSettings } from '../settings/provider-settings.repo.js';

export type CustomerRow = typeof customers.$inferSelect;

/** The printed address block below the name: contact person, street, "PLZ Ort", country unless AT. */
export function addressBlock(a: {
  contact?: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}) {
  const cityLine = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [
    a.contact ? `z. H. ${a.contact}` : null,
    a.street,
    cityLine,
    a.country !== 'AT' ? countryName(a.country) : null,
  ]
    .filter((line) => line)
    .join('\n');
}

/**
 * Recipient snapshot: an issued invoice must keep the name and address it was sent to.
 * Taken when a draft is saved and again when it is issued (the customer's data then).
 */
export function customerSnapshot(customer: CustomerRow) {
  const person = `${customer.firstName} ${customer.lastName}`.trim();
  const company = customer.company?.trim();
  const structured = {
    customerStreet: customer.street?.trim() ?? '',
    customerPostalCode: customer.postalCode?.trim() ?? '',
    customerCity: customer.city?.trim() ?? '',
    customerCountry: customer.country,
  };
  return {
    customerName: company || person,
    customerAddress: addressBlock({
      contact: company ? person : null,
      street: structured.customerStreet,
      postalCode: structured.customerPostalCode,
      city: structured.customerCity,
      country: structured.customerCountry,
    }),
    ...structured,
    customerIsBusiness: customer.isBusiness,
    customerEmail: customer.email,
    customerUid: customer.uid?.trim() || null,
  };
}

/** The recipient snapshot of an existing invoice (a Storno or a copy keeps it). */
export function snapshotOf(row: typeof invoices.$inferSelect) {
  return {
    customerName: row.customerName,
    customerAddress: row.customerAddress,
    customerStreet: row.customerStreet,
    customerPostalCode: row.customerPostalCode,
    customerCity: row.customerCity,
    customerCountry: row.customerCountry,
    customerIsBusiness: row.customerIsBusiness,
    customerEmail: row.customerEmail,
    customerUid: row.customerUid,
  };
}

export async function requireCustomer(db: Executor, customerId: number): Promise<CustomerRow> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw fieldError('customer_id', 'Kunde nicht gefunden');
  return customer;
}

/**
 * Lines and totals as stored. In Kleinunternehmer mode every line is saved at 0 % with the
 * Kleinunternehmer reason; otherwise a 0 % line needs a reason and a rated line has none.
 */
export function priceItems(items: InvoiceItemInput[], smallBusiness: boolean) {
  const lines = items.map((item) =>
    smallBusiness ? { ...item, tax_rate: 0, tax_exemption: 'small_business' as const } : item,
  );
  if (!smallBusiness) checkExemptions(lines);
  const totals = computeInvoiceTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unit_price,
      taxRate: l.tax_rate,
      taxExemption: l.tax_exemption,
    })),
    smallBusiness,
  );
  if (totals.gross < 0n) throw fieldError('items', 'Der Rechnungsbetrag darf nicht negativ sein');
  return { lines, totals };
}

function checkExemptions(lines: InvoiceItemInput[]) {
  lines.forEach((line, index) => {
    const field = `items.${index}.tax_exemption`;
    if (line.tax_rate !== 0 && line.tax_exemption) {
      throw fieldError(field, 'Ein Befreiungsgrund ist nur bei 0\u00a0% möglich');
    }
    if (line.tax_rate === 0 && !line.tax_exemption) {
      throw fieldError(field, 'Bitte wählen Sie für 0\u00a0% den Grund der Steuerbefreiung');
    }
    if (line.tax_exemption === 'small_business') {
      throw fieldError(
        field,
        'Die Kleinunternehmerbefreiung gilt nur im Kleinunternehmer-Modus der Rechnungseinstellungen',
      );
    }
  });
  // EN 16931 BR-O-11/12: a "not subject to VAT" invoice has no other VAT category.
  const thirdCountry = lines.findIndex((l) => l.tax_exemption === 'third_country');
  if (thirdCountry >= 0 && lines.some((l) => l.tax_exemption !== 'third_country')) {
    throw fieldError(
      `items.${thirdCountry}.tax_exemption`,
      'Nicht steuerbare Drittlandsleistungen müssen allein auf einer Rechnung stehen',
    );
  }
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
      taxExemption: line.tax_rate === 0 ? line.tax_exemption : null,
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
