import type { DueCollection } from '@butler/contract/direct-debit';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { directDebitItems, invoiceCollections, invoices, sepaMandates } from '../../../db/schema/index.js';
import { amountToCollect } from '../../../domain/collection-amount.js';
import { fromHundredths, toHundredths } from '../../../domain/decimal.js';
import { effectiveMandateStatus } from '../../../domain/mandate-state.js';

/**
 * Invoices announced for direct debit that are still open and in no run that is under way
 * (eingereicht or eingezogen), with the customer's active mandate. The "never twice" rule
 * itself is the partial unique index on direct_debit_items(invoice_id); this list only
 * keeps such invoices off the screen.
 */
export interface DueRow {
  invoiceId: number;
  invoiceNumber: string;
  customerId: number | null;
  customerName: string;
  /** Cents to collect: what is open, and never more than the pre-notification announced. */
  amountCents: bigint;
  announcedOn: string;
  mandate: typeof sepaMandates.$inferSelect | null;
  hasCollection: boolean;
}

const de = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

export async function loadDueRows(db: Executor, invoiceIds?: number[]): Promise<DueRow[]> {
  const rows = await db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerId: invoices.customerId,
      customerName: invoices.customerName,
      announced: invoiceCollections.amount,
      open: openAmountSql,
      announcedOn: invoiceCollections.announcedOn,
      mandate: sepaMandates,
      hasCollection: sql<boolean>`EXISTS (SELECT 1 FROM ${directDebitItems} d WHERE d.mandate_id = ${sepaMandates.id} AND d.state IN ('submitted','collected'))`,
    })
    .from(invoiceCollections)
    .innerJoin(invoices, eq(invoices.id, invoiceCollections.invoiceId))
    .leftJoin(sepaMandates, and(eq(sepaMandates.customerId, invoices.customerId), eq(sepaMandates.status, 'active')))
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        eq(invoices.status, 'sent'),
        sql`NOT EXISTS (SELECT 1 FROM ${directDebitItems} d WHERE d.invoice_id = ${invoices.id} AND d.state IN ('submitted','collected'))`,
        invoiceIds ? inArray(invoices.id, invoiceIds) : undefined,
      ),
    )
    .orderBy(asc(invoiceCollections.announcedOn), asc(invoices.id));
  return rows
    .map((row) => {
      return {
        invoiceId: row.invoiceId,
        invoiceNumber: row.invoiceNumber ?? '',
        customerId: row.customerId,
        customerName: row.customerName,
        amountCents: amountToCollect(toHundredths(row.open), toHundredths(row.announced)),
        announcedOn: row.announcedOn,
        mandate: row.mandate,
        hasCollection: row.hasCollection,
      };
    })
    .filter((row) => row.amountCents > 0n);
}

/**
 * What is still open on an invoice: its gross less what the ledger received for it (payments
 * and credit applied, less reversals: `paid_amount`, kept by the ledger's trigger). A run
 * collects exactly this (decision 0720), never the gross of a partly paid invoice.
 */
const openAmountSql = sql<string>`(${invoices.totalGross} - coalesce(${invoices.paidAmount}, 0))::text`;

/** Why a due invoice cannot be collected on `date` (German), or null. */
export function blockedReason(row: DueRow, date: string, today: string): string | null {
  if (!row.mandate) return 'Kein aktives SEPA-Mandat';
  if (effectiveMandateStatus(row.mandate, today) === 'expired') {
    return `Mandat ${row.mandate.reference} ist abgelaufen (36 Monate ohne Einzug)`;
  }
  if (row.announcedOn > date) return `Angekündigt für den ${de(row.announcedOn)}: frühestens dann einziehbar`;
  return null;
}

export function presentDue(row: DueRow, date: string, today: string): DueCollection {
  return {
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    customer_id: row.customerId,
    customer_name: row.customerName,
    amount: fromHundredths(row.amountCents),
    announced_on: row.announcedOn,
    mandate_reference: row.mandate?.reference ?? '',
    sequence_type: row.hasCollection ? 'RCUR' : 'FRST',
    blocked: blockedReason(row, date, today),
  };
}
