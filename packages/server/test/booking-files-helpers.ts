import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { accountingSettings, invoiceItems, invoiceReminders, invoices, payments } from '../src/db/schema/index.js';
import { hundredthsToString, toHundredths } from '../src/domain/decimal.js';
import { computeInvoiceTotals } from '../src/domain/invoice-totals.js';

/**
 * Rows for the booking-file tests (decision 0820), written straight into the tables the way
 * the Quickbill services leave them: an issued invoice with its lines and totals, a Storno
 * with the negated lines (decision 0162), ledger entries (the triggers derive the invoice's
 * received amount), reminders with fee and interest. Test code only.
 */

let sequence = 5000;

export type Line = { quantity: string; unitPrice: string; taxRate: 0 | 10 | 13 | 20; taxExemption?: string | null };

export async function issueInvoice(
  db: Database,
  input: {
    customerId: number | null;
    customerName: string;
    date: string;
    lines: Line[];
    smallBusiness?: boolean;
    number?: string;
  },
) {
  sequence += 1;
  const number = input.number ?? `2026-${String(sequence).padStart(4, '0')}`;
  const totals = computeInvoiceTotals(input.lines, input.smallBusiness ?? false);
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNumber: number,
      numberYear: 2099,
      numberSequence: sequence,
      customerId: input.customerId,
      customerName: input.customerName,
      invoiceDate: input.date,
      dueDate: input.date,
      status: 'sent',
      totalNet: hundredthsToString(totals.net),
      totalTax: hundredthsToString(totals.tax),
      totalGross: hundredthsToString(totals.gross),
      smallBusiness: input.smallBusiness ?? false,
      sentAt: new Date(`${input.date}T10:00:00Z`),
      createdBy: 'Test',
    })
    .returning();
  await db.insert(invoiceItems).values(
    input.lines.map((line, i) => ({
      invoiceId: row.id,
      position: i + 1,
      description: `Position ${i + 1}`,
      quantity: line.quantity,
      unit: 'Std.',
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      taxExemption: line.taxRate === 0 ? (line.taxExemption ?? 'disbursement') : null,
      lineNet: hundredthsToString(totals.lineNets[i]),
    })),
  );
  return row;
}

const negate = (value: string) => hundredthsToString(-toHundredths(value));

/** Cancels an issued invoice the way the status service does: 'cancelled', and a Storno with negated lines. */
export async function cancelInvoice(db: Database, invoiceId: number, date: string) {
  const [original] = await db
    .update(invoices)
    .set({ status: 'cancelled', cancelledAt: new Date(`${date}T10:00:00Z`) })
    .where(eq(invoices.id, invoiceId))
    .returning();
  sequence += 1;
  const [credit] = await db
    .insert(invoices)
    .values({
      kind: 'credit_note',
      invoiceNumber: `2026-${String(sequence).padStart(4, '0')}`,
      numberYear: 2099,
      numberSequence: sequence,
      customerId: original.customerId,
      customerName: original.customerName,
      invoiceDate: date,
      dueDate: date,
      status: 'sent',
      totalNet: negate(original.totalNet),
      totalTax: negate(original.totalTax),
      totalGross: negate(original.totalGross),
      smallBusiness: original.smallBusiness,
      creditNoteForId: original.id,
      sentAt: new Date(`${date}T10:00:00Z`),
      createdBy: 'Test',
    })
    .returning();
  const items = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  await db.insert(invoiceItems).values(
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
  return credit;
}

export async function ledgerEntry(
  db: Database,
  entry: {
    kind: 'payment' | 'credit_applied' | 'refund' | 'reversal';
    customerId: number | null;
    invoiceId?: number | null;
    reversesId?: number | null;
    date: string;
    amount: string;
    method?: 'ueberweisung' | 'lastschrift' | 'bar' | 'karte' | 'sonstige' | null;
  },
) {
  const [row] = await db
    .insert(payments)
    .values({
      kind: entry.kind,
      customerId: entry.customerId,
      invoiceId: entry.invoiceId ?? null,
      reversesId: entry.reversesId ?? null,
      paymentDate: entry.date,
      amount: entry.amount,
      method: entry.method ?? null,
      source: 'manual',
      reason: entry.kind === 'reversal' ? 'Test' : null,
      createdBy: 'Test',
    })
    .returning();
  return row;
}

export async function reminder(
  db: Database,
  input: { invoiceId: number; level: number; letterDate: string; fee: string; interest: string },
) {
  await db.insert(invoiceReminders).values({ ...input, createdBy: 'Mahnlauf' });
}

export async function saveChart(db: Database, values: Partial<typeof accountingSettings.$inferInsert>) {
  await db
    .insert(accountingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: accountingSettings.id, set: values });
}

/** A cell read back from a file, and whether it stood in quotes. */
export type Cell = { value: string; quoted: boolean };

const windows1252 = new TextDecoder('windows-1252');

/** Reads a booking file back: Windows-1252 decoded, CRLF records, `;` fields, with each field's quoting. */
export function readBack(bytes: Buffer): Cell[][] {
  const text = windows1252.decode(bytes);
  return parse(text, {
    delimiter: ';',
    record_delimiter: '\r\n',
    relax_column_count: true,
    cast: (value, context) => ({ value, quoted: context.quoting }),
  }) as unknown as Cell[][];
}

/** '1234,56' / '-1234,56' → cents; throws on anything else. */
export function commaCents(text: string): bigint {
  if (!/^-?\d+,\d{2}$/.test(text)) throw new Error(`not an amount with decimal comma: ${text}`);
  return toHundredths(text.replace(',', '.'));
}
