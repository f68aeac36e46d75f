import type { BillingType } from '@butler/contract/time-entries';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { invoices, subscriptions } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { requireProjectOf } from '../projects/customer-project.js';

/**
 * billing_type and deducted_from_subscription say the same thing (abos ⇔ true); either
 * may be sent, both must agree. Neither keeps `fallback` (the entry's type on edit, abos on create).
 */
export function resolveBillingType(
  input: { billing_type?: BillingType; deducted_from_subscription?: boolean },
  fallback: BillingType,
): BillingType {
  const fromFlag =
    input.deducted_from_subscription === undefined
      ? undefined
      : input.deducted_from_subscription
        ? 'abos'
        : 'stundenpakete';
  if (input.billing_type && fromFlag && input.billing_type !== fromFlag) {
    throw fieldError('billing_type', 'Abrechnungsart und Abzug vom ButlerPaket widersprechen sich');
  }
  return input.billing_type ?? fromFlag ?? fallback;
}

/** DOMAIN-RULES §4: the project is the customer's; an abos entry needs a ButlerPaket on its date. */
export async function checkEntryRules(
  tx: Transaction,
  entry: { customerId: number; projectId: number; billingType: BillingType; workDate: string },
) {
  await requireProjectOf(tx, entry.customerId, entry.projectId);
  if (entry.billingType !== 'abos') return;
  const [covering] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, entry.customerId),
        lte(subscriptions.startDate, entry.workDate),
        gte(subscriptions.endDate, entry.workDate),
      ),
    )
    .limit(1);
  if (!covering) throw fieldError('work_date', 'Für dieses Datum besteht kein ButlerPaket');
}

/** An entry on an issued invoice is part of a legal document: it stays as billed. */
export async function assertNotInvoiced(tx: Transaction, invoiceId: number | null) {
  if (invoiceId === null) return;
  const [invoice] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
  if (invoice && invoice.status !== 'draft') {
    throw new AppError('CONFLICT', 'Dieser Zeiteintrag ist bereits verrechnet und kann nicht mehr geändert werden');
  }
}
