import type { TripOverrunRule, VisitSettings } from '@butler/contract/visits';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { products, visitSettings } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { fieldError } from '../../lib/errors.js';

type Row = typeof visitSettings.$inferSelect;

const present = (
  row: Pick<Row, 'requestHours' | 'tripOverrun' | 'tripsCarryOver' | 'tripProductId'>,
): VisitSettings => ({
  request_hours: row.requestHours,
  trip_overrun: row.tripOverrun as TripOverrunRule,
  trips_carry_over: row.tripsCarryOver,
  trip_product_id: row.tripProductId,
});

/** Einstellungen → Termine; the defaults (24 h, warnen, no carry-over) while never saved. */
export async function loadVisitSettings(executor: Executor): Promise<VisitSettings> {
  const [row] = await executor.select().from(visitSettings).where(eq(visitSettings.id, 1));
  return present(row ?? { requestHours: 24, tripOverrun: 'warn', tripsCarryOver: false, tripProductId: null });
}

/** Saves them all (upsert of row 1) and audits the change in the same transaction. */
export async function saveVisitSettings(db: Database, session: SessionContext, input: VisitSettings) {
  return db.transaction(async (tx) => {
    if (input.trip_product_id !== null) {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, input.trip_product_id), eq(products.isActive, true)));
      if (!product) throw fieldError('trip_product_id', 'Dieses Produkt gibt es nicht oder es ist inaktiv');
    }
    const [before] = await tx.select().from(visitSettings).where(eq(visitSettings.id, 1)).for('update');
    const values = {
      requestHours: input.request_hours,
      tripOverrun: input.trip_overrun,
      tripsCarryOver: input.trips_carry_over,
      tripProductId: input.trip_product_id,
    };
    const [after] = await tx
      .insert(visitSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: visitSettings.id, set: values })
      .returning();
    await writeAudit(
      tx,
      session,
      before ? 'update' : 'create',
      'visit_settings',
      1,
      before ? present(before) : null,
      present(after),
    );
    return present(after);
  });
}
