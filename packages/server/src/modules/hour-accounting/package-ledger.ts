import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fromHundredths } from '../../domain/decimal.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';

/**
 * Per customer and calendar month: hour-package hours bought and used, aggregated in SQL
 * once per data version (decision 0127), with running totals so that any month's
 * package figures (DOMAIN-RULES §4: total = bought up to the end of M − used before M;
 * used = used in M) are two binary searches instead of a pass over the whole history.
 */
type CustomerLedger = { months: number[]; boughtUpTo: bigint[]; usedUpTo: bigint[]; usedIn: bigint[] };
export type PackageLedger = Map<number, CustomerLedger>;

/** Calendar month `YYYY-MM` as a month index (year × 12 + month − 1), as the ledger keys it. */
const monthIndexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

async function loadPackageLedger(db: Database): Promise<PackageLedger> {
  // Hours are numeric(8,2): summed as whole hundredths per customer and month index, which
  // PostgreSQL adds up and sorts several times faster than numerics grouped by a truncated
  // timestamp (the first monthly view after a write waited for this; decision 0403).
  const result = await db.execute(sql`
    SELECT customer_id, month, sum(bought)::text AS bought, sum(used)::text AS used
    FROM (
      SELECT customer_id, (date_part('year', purchase_date) * 12 + date_part('month', purchase_date) - 1)::int AS month,
             (hours * 100)::int AS bought, 0 AS used
      FROM hour_packages
      UNION ALL
      SELECT customer_id, (date_part('year', work_date) * 12 + date_part('month', work_date) - 1)::int, 0, (hours * 100)::int
      FROM time_entries WHERE billing_type = 'stundenpakete'
    ) movements
    GROUP BY customer_id, month
    ORDER BY customer_id, month`);
  const ledger: PackageLedger = new Map();
  for (const row of result.rows as Array<{ customer_id: number; month: number; bought: string; used: string }>) {
    let entry = ledger.get(row.customer_id);
    if (!entry) {
      entry = { months: [], boughtUpTo: [], usedUpTo: [], usedIn: [] };
      ledger.set(row.customer_id, entry);
    }
    const last = entry.months.length - 1;
    const used = BigInt(row.used);
    entry.months.push(row.month);
    entry.boughtUpTo.push((last >= 0 ? entry.boughtUpTo[last] : 0n) + BigInt(row.bought));
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
function lastAtOrBefore(months: number[], month: number): number {
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

/** Whether the customer's package total of a month (by month index) is above 0, without converting figures. */
export function hasPackageHoursIn(entry: CustomerLedger | undefined, index: number): boolean {
  if (!entry) return false;
  const upTo = lastAtOrBefore(entry.months, index);
  if (upTo < 0) return false;
  const inMonth = entry.months[upTo] === index ? entry.usedIn[upTo] : 0n;
  return entry.boughtUpTo[upTo] - (entry.usedUpTo[upTo] - inMonth) > 0n;
}

/** Package figures of one customer for month `YYYY-MM`. */
export function packageFiguresOf(entry: CustomerLedger | undefined, month: string) {
  if (!entry) return { total: 0, used: 0, open: 0 };
  const index = monthIndexOf(month);
  const upTo = lastAtOrBefore(entry.months, index);
  const bought = upTo >= 0 ? entry.boughtUpTo[upTo] : 0n;
  const inMonth = upTo >= 0 && entry.months[upTo] === index ? entry.usedIn[upTo] : 0n;
  const usedUpTo = upTo >= 0 ? entry.usedUpTo[upTo] : 0n;
  const total = bought - (usedUpTo - inMonth);
  return { total: fromHundredths(total), used: fromHundredths(inMonth), open: fromHundredths(total - inMonth) };
}
