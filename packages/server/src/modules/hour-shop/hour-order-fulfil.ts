import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { type customers, hourOrders, hourPackages } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now, todayVienna } from '../../lib/clock.js';
import { issueDraft } from '../quickbill/invoices/invoice-send.service.js';
import { queueInvoiceMail } from '../quickbill/mail/invoice-mail.js';
import { findInvoice } from '../quickbill/records/invoice.repo.js';
import { loadInvoiceDocument } from '../quickbill/records/invoice-document.js';
import { draftForHourPackage, hourPackageLine, insertDraft } from '../quickbill/sources/hour-package-draft.js';
import { onCustomerPurchase } from '../referrals/referral-purchase-hook.js';

export type HourOrderRow = typeof hourOrders.$inferSelect;

/**
 * Sells what an order asks for, inside the caller's transaction (decision 0850): under
 * "immediate" the Stundenpaket and its invoice ("Verkaufen und Rechnung erstellen"), under
 * "payment" the invoice alone (the trigger of migration 0040 writes the package when the
 * invoice becomes paid). The invoice is issued and mailed in the same transaction; a customer
 * with an active mandate gets the Lastschrift pre-notification on it. The referral rules run
 * as for any purchase.
 */
export async function fulfilHourOrder(
  tx: Transaction,
  session: SessionContext,
  order: HourOrderRow,
  customer: typeof customers.$inferSelect,
): Promise<HourOrderRow> {
  const today = todayVienna();
  let packageId: number | null = null;
  let draftId: number;
  if (order.release === 'immediate') {
    const [pkg] = await tx
      .insert(hourPackages)
      .values({
        customerId: order.customerId,
        hours: order.hours,
        pricePerHour: order.pricePerHour,
        discountPercentage: '0',
        totalPrice: order.totalPrice,
        purchaseDate: today,
        createdBy: 'Lounge-Bestellung',
      })
      .returning();
    await writeAudit(tx, session, 'create', 'hour_package', pkg.id, null, { ...pkg, hourOrderId: order.id });
    packageId = pkg.id;
    draftId = await draftForHourPackage(tx, session, pkg.id, today);
  } else {
    const line = hourPackageLine({ ...order, discountPercentage: '0' });
    const draft = await insertDraft(
      tx,
      session,
      customer,
      [line],
      { servicePeriodStart: today, servicePeriodEnd: today },
      today,
    );
    draftId = draft.id;
  }
  await onCustomerPurchase(tx, order.customerId, session);
  // The order names its invoice before it is issued: issuing plans the Lastschrift for it.
  const state = order.release === 'immediate' ? 'completed' : 'awaiting_payment';
  const [linked] = await tx
    .update(hourOrders)
    .set({ invoiceId: draftId, hourPackageId: packageId, state })
    .where(eq(hourOrders.id, order.id))
    .returning();
  await issueDraft(tx, session, await findInvoice(tx, draftId, true), now());
  await queueInvoiceMail(tx, await loadInvoiceDocument(tx, draftId), session.displayName);
  return linked;
}
