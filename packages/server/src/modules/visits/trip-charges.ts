import { formatDayWithWeekday } from '@butler/contract/format';
import type { InvoiceItemInput } from '@butler/contract/quickbill';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { products, tripCharges, visits } from '../../db/schema/index.js';
import { monthKeyOf } from '../../domain/calendar.js';
import { num } from '../../domain/decimal.js';
import { viennaParts } from '../../domain/vienna-time.js';
import { tripMonths } from './trips.js';
import { loadVisitSettings } from './visit-settings.service.js';

/**
 * Trips beyond the allotment under "verrechnen" (decision 0841). A trip that is done while
 * its month's done trips exceed the ButlerPaket's Fahrten (with carry-over) becomes one
 * charge, once (the visit is its key); the customer's next ButlerPaket invoice carries every
 * open charge as a line of the chosen product at its price then.
 */
export async function recordTripCharge(
  tx: Executor,
  visit: { id: number; customerId: number; kind: string; startsAt: Date },
) {
  if (visit.kind !== 'trip') return false;
  const settings = await loadVisitSettings(tx);
  if (settings.trip_overrun !== 'bill' || settings.trip_product_id === null) return false;
  const month = monthKeyOf(viennaParts(visit.startsAt).date);
  const [trips] = await tripMonths(tx, visit.customerId, [month]);
  if (trips.allotted === null || trips.used <= trips.allotted + trips.carried_over) return false;
  const rows = await tx
    .insert(tripCharges)
    .values({ visitId: visit.id, customerId: visit.customerId, month })
    .onConflictDoNothing()
    .returning({ visitId: tripCharges.visitId });
  return rows.length > 0;
}

/**
 * The customer's open charges as invoice lines (locked until the caller's transaction ends),
 * or none while no product is chosen. `attach` puts them on the invoice once it exists.
 */
export async function openTripLines(tx: Executor, customerId: number) {
  const settings = await loadVisitSettings(tx);
  const [product] =
    settings.trip_product_id === null
      ? []
      : await tx.select().from(products).where(eq(products.id, settings.trip_product_id));
  if (!product) return { lines: [] as InvoiceItemInput[], attach: async (_invoiceId: number) => {} };
  const open = await tx
    .select({ visitId: tripCharges.visitId, startsAt: visits.startsAt })
    .from(tripCharges)
    .innerJoin(visits, eq(visits.id, tripCharges.visitId))
    .where(and(eq(tripCharges.customerId, customerId), isNull(tripCharges.invoiceId)))
    .orderBy(asc(visits.startsAt))
    .for('update', { of: tripCharges });
  const lines: InvoiceItemInput[] = open.map((charge) => ({
    description: `${product.name}: ${formatDayWithWeekday(viennaParts(charge.startsAt).date)} (über die Fahrten des ButlerPakets hinaus)`,
    quantity: 1,
    unit: product.unit,
    unit_price: num(product.unitPrice),
    tax_rate: product.taxRate as InvoiceItemInput['tax_rate'],
    tax_exemption: null,
  }));
  return {
    lines,
    attach: async (invoiceId: number) => {
      if (open.length === 0) return;
      await tx
        .update(tripCharges)
        .set({ invoiceId })
        .where(
          inArray(
            tripCharges.visitId,
            open.map((c) => c.visitId),
          ),
        );
    },
  };
}
