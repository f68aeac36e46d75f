import type { MonthlyCustomer, MonthlyCustomerCard } from '@butler/contract/admin-dashboard';
import type { Executor } from '../../db/executor.js';
import { tripMonthsOf } from './trips.js';

/**
 * The monthly view's cards with the month's Fahrten (decisions 0840, 0841), one query for the
 * page: done trips against the ButlerPaket's allotment; null when neither counts.
 */
export async function withTrips(
  db: Executor,
  rows: MonthlyCustomer[],
  year: number,
  month: number,
): Promise<MonthlyCustomerCard[]> {
  const key = `${year}-${String(month).padStart(2, '0')}`;
  const trips = await tripMonthsOf(
    db,
    rows.map((r) => r.id),
    [key],
  );
  return rows.map((row) => {
    const [trip] = trips.get(row.id) ?? [];
    return { ...row, trips: trip && (trip.allotted !== null || trip.used > 0) ? trip : null };
  });
}
