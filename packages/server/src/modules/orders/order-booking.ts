import { formatHours } from '@butler/contract/format';
import { isOpenOrderState, type OrderState, orderNumber } from '@butler/contract/orders';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { orders } from '../../db/schema/index.js';
import { bookingAllowed } from '../../domain/order-rules.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { usableHoursOf } from '../hour-accounting/usable-hours.repo.js';

export const MISSING_APPROVAL =
  'Für diesen Auftrag fehlt die Freigabe des Kunden für Stunden über das Guthaben hinaus.';

/**
 * The Auftrag a time entry or the timer names (decision 0810): the same customer's and
 * still open. Held with a share lock, so it cannot be closed under the booking.
 */
export async function requireOpenOrderOf(tx: Transaction, customerId: number, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('share');
  if (!order || order.customerId !== customerId) {
    throw fieldError('order_id', 'Dieser Auftrag gehört nicht zu diesem Kunden');
  }
  if (!isOpenOrderState(order.state as OrderState)) {
    throw new AppError(
      'CONFLICT',
      `Auftrag ${orderNumber(order.id)} ist abgeschlossen: darauf kann nicht mehr gebucht werden`,
    );
  }
  return order;
}

/**
 * The Freigabe rule: hours on an Auftrag beyond the customer's "Jetzt verfügbar" need the
 * customer's approval or a staff override (409 otherwise). `freedHours`: what the entry
 * being changed already took (it comes back when the entry changes). Call with the
 * customer locked (lockCustomer), so two bookings cannot both use the same hours.
 */
export async function assertOrderBooking(
  tx: Transaction,
  entry: { customerId: number; orderId: number; hours: number; freedHours?: number },
) {
  const order = await requireOpenOrderOf(tx, entry.customerId, entry.orderId);
  const usable = await usableHoursOf(tx, entry.customerId, todayVienna());
  const available = Math.max(usable.total, 0) + (entry.freedHours ?? 0);
  if (!bookingAllowed(entry.hours, available, order)) {
    throw new AppError('CONFLICT', `${MISSING_APPROVAL} Jetzt verfügbar: ${formatHours(available)}.`);
  }
  return order;
}
