import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fromHundredths, toHundredths } from '../../domain/decimal.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';

/**
 * Per customer and calendar month: hour-package hours bought and used, aggregated in SQL
 * once per data version (decision 0127), with running totals so that any month's
 * package figures (DOMAIN-RULES §4: total = bought up to the end of M − used before M;
 * used = used in M) are two binary searches instead of a pass over the whole history.
 */
type CustomerLedger = { months: string[]; boughtUpTo: bigint[]; usedUpTo: bigint[]; usedIn: bigint[] };
export type PackageLedger = Map<number, CustomerLedger>;

async function loadPackageLedger(db: Database): Promise<PackageLedger> {
  const result = await db.execute(sql`
    SELECT customer_id, to_char(month, 'YYYY-MM') AS month, sum(bought)::text AS bought, sum(used)::text AS used
    FROM (
      SELECT customer_id, date_trunc('month', purchase_date) AS month, hours AS bought, 0::numeric AS used
      FROM hour_packages
      UNION ALL
      SELECT customer_id, date_trunc('month', work_date), 0::numeric, hours
      FROM time_entries WHERE billing_type = 'stundenpakete'
    ) movements
    GROUP BY customer_id, month
    ORDER BY customer_id, month`);
  const ledger: PackageLedger = new Map();
  for (const row of result.rows as Array<{ customer_id: number; month: string; bought: string; used: string }>) {
    let entry = ledger.get(row.customer_id);
    if (!entry) {
      entry = { months: [], boughtUpTo: [], usedUpTo: [], usedIn: [] };
      ledger.set(row.customer_id, entry);
    }
    const last = entry.months.length - 1;
    const used = toHundredths(row.used);
    entry.months.push(row.month);
    entry.boughtUpTo.push((last >= 0 ? entry.boughtUpTo[last] : 0n) + toHundredths(row.bought));
    entry.usedUpTo.push((last >= 0 ? entry.usedUpTo[last] : 0n) + used);
    entry.usedIn.push(used);
  }
  return ledger;
}

/** The ledger of the current data version (computed at most once per change). */
export function packageLedger(db: Database): Promise<PackageLedger> {
  return dashboardFigureCache(db, 'package-ledger', () => loadPackageLedger(db));
}

/** Index of the last month ≤ `month` (or −1). */
function lastAtOrBefore(months: string[], month: string): number {
  let low = 0;
  let high = months.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (months[mid] <= month) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Package figures of one customer for month `YYYY-MM`. */
export function packageFiguresOf(entry: CustomerLedger | undefined, month: string) {
  if (!entry) return { total: 0, used: 0, open: 0 };
  const upTo = lastAtOrBefore(entry.months, month);
  const bought = upTo >= 0 ? entry.boughtUpTo[upTo] : 0n;
  const inMonth = upTo >= 0 && entry.months[upTo] === month ? entry.usedIn[upTo] : 0n;
  const usedUpTo = upTo >= 0 ? entry.usedUpTo[upTo] : 0n;
  const total = bought - (usedUpTo - inMonth);
  return { total: fromHundredths(total), used: fromHundredths(inMonth), open: fromHundredths(total - inMonth) };
}
