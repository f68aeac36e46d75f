import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { directDebitItems, invoiceCollections, invoices } from '../../../db/schema/index.js';

export type AnnouncedInvoice = { number: string; open: string; announcedOn: string };

/**
 * Open invoices whose collection was announced with this mandate and that no run has taken yet:
 * what a revocation leaves to be paid by transfer (the run only collects with an active
 * mandate, `due-collections.ts`).
 */
export async function announcedInvoices(db: Executor, mandateId: number): Promise<AnnouncedInvoice[]> {
  return db
    .select({
      number: sql<string>`coalesce(${invoices.invoiceNumber}, '')`,
      open: sql<string>`(${invoices.totalGross} - coalesce(${invoices.paidAmount}, 0))::text`,
      announcedOn: invoiceCollections.announcedOn,
    })
    .from(invoiceCollections)
    .innerJoin(invoices, eq(invoices.id, invoiceCollections.invoiceId))
    .where(
      and(
        eq(invoiceCollections.mandateId, mandateId),
        eq(invoices.status, 'sent'),
        sql`${invoices.totalGross} - coalesce(${invoices.paidAmount}, 0) > 0`,
        sql`NOT EXISTS (SELECT 1 FROM ${directDebitItems} d WHERE d.invoice_id = ${invoices.id} AND d.state IN ('submitted','collected'))`,
      ),
    )
    .orderBy(asc(invoiceCollections.announcedOn), asc(invoices.id));
}

/** Collections of this mandate in a run that went to the bank and has not come back yet. */
export async function collectionsAtBank(db: Executor, mandateId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(directDebitItems)
    .where(and(eq(directDebitItems.mandateId, mandateId), eq(directDebitItems.state, 'submitted')));
  return row?.count ?? 0;
}
