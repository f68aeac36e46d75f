import {
  HOUR_ORDER_STATE_LABELS,
  HOUR_SHOP_RELEASE_LABELS,
  type HourOrderState,
  type HourShopRelease,
} from '@butler/contract/hour-shop';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { hourOrders, invoices } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';

/** A customer's orders at the lounge's counter for the data export (GDPR Art. 15/20, decision 0850). */
export async function exportHourOrders(db: Executor, customerId: number) {
  const rows = await db
    .select({ order: hourOrders, invoiceNumber: invoices.invoiceNumber })
    .from(hourOrders)
    .leftJoin(invoices, eq(invoices.id, hourOrders.invoiceId))
    .where(eq(hourOrders.customerId, customerId))
    .orderBy(asc(hourOrders.id));
  return rows.map(({ order, invoiceNumber }) => ({
    bestellt_am: order.orderedAt.toISOString(),
    stunden: num(order.hours),
    preis_pro_stunde: num(order.pricePerHour),
    betrag_brutto: num(order.totalGross),
    status: HOUR_ORDER_STATE_LABELS[order.state as HourOrderState],
    stunden_nutzbar: HOUR_SHOP_RELEASE_LABELS[order.release as HourShopRelease],
    rechnung: invoiceNumber,
    entschieden_von: order.decidedBy,
    begruendung: order.decisionNote,
  }));
}
