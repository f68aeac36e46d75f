import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import {
  hourOrders,
  invoiceCollections,
  type invoices,
  sepaMandates,
  subscriptions,
} from '../../../db/schema/index.js';
import { announcedCollectionDate, earliestCollectionDate } from '../../../domain/collection-dates.js';
import { toHundredths } from '../../../domain/decimal.js';
import { effectiveMandateStatus } from '../../../domain/mandate-state.js';
import { todayVienna } from '../../../lib/clock.js';
import { loadDirectDebitSettings } from '../settings/provider-settings.repo.js';

export type InvoiceCollection = typeof invoiceCollections.$inferSelect;

/**
 * Decides, when an invoice is issued, whether it is collected by direct debit, and fixes
 * the pre-notification it prints (decision 0602): an invoice of a ButlerPaket paid by
 * SEPA-Lastschrift, whose customer has an active mandate, once the creditor ID and account
 * are set. Otherwise it is paid by transfer as before. The announced date is the first TARGET
 * day on or after the due date and the pre-notification period (collection-dates.ts), and
 * never before a run written today could collect.
 */
export async function planInvoiceCollection(
  tx: Executor,
  invoice: typeof invoices.$inferSelect,
): Promise<InvoiceCollection | null> {
  if (invoice.kind !== 'invoice' || !invoice.customerId) return null;
  if (toHundredths(invoice.totalGross) <= 0n) return null;
  if (invoice.subscriptionId) {
    const [subscription] = await tx
      .select({ paymentMethod: subscriptions.paymentMethod })
      .from(subscriptions)
      .where(eq(subscriptions.id, invoice.subscriptionId));
    if (subscription?.paymentMethod !== 'lastschrift') return null;
  } else {
    // Hours ordered in the lounge by a customer with an active mandate are collected with it (decision 0850).
    const [order] = await tx.select({ id: hourOrders.id }).from(hourOrders).where(eq(hourOrders.invoiceId, invoice.id));
    if (!order) return null;
  }
  const settings = await loadDirectDebitSettings(tx);
  if (settings.creditorId === '' || settings.collectionIban === '') return null;
  const [mandate] = await tx
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.customerId, invoice.customerId), eq(sepaMandates.status, 'active')));
  const today = todayVienna();
  if (!mandate || effectiveMandateStatus(mandate, today) !== 'active') return null;
  const announced = announcedCollectionDate(invoice.invoiceDate, invoice.dueDate, settings.preNotificationDays);
  const earliest = earliestCollectionDate(today);
  const [row] = await tx
    .insert(invoiceCollections)
    .values({
      invoiceId: invoice.id,
      mandateId: mandate.id,
      mandateReference: mandate.reference,
      scheme: mandate.scheme,
      creditorId: settings.creditorId,
      debtorIban: mandate.debtorIban,
      announcedOn: announced < earliest ? earliest : announced,
      amount: invoice.totalGross,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findInvoiceCollection(db: Executor, invoiceId: number): Promise<InvoiceCollection | null> {
  const [row] = await db.select().from(invoiceCollections).where(eq(invoiceCollections.invoiceId, invoiceId));
  return row ?? null;
}
