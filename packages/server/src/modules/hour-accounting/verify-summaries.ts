import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';

/**
 * Recomputes the hour summaries from the ledger and compares them with the stored rows
 * (`npm run db:verify-summaries`, the tests, the bench after its writes; decision 0560).
 * The monthly rows are recomputed from subscriptions, hour packages and time entries
 * (hour_summary_rows); once they match, the yearly rows, package totals and spans are
 * recomputed from them. Rows of customers that no longer exist count as differences too.
 */
export type SummaryDifference = { table: string; kind: 'missing' | 'unexpected'; row: Record<string, unknown> };

const CHECKS = [
  {
    table: 'hour_month_summaries',
    expected: sql`SELECT customer_id, kind, month, allotted, carried, used FROM hour_summary_rows((SELECT ids FROM all_ids))`,
    stored: sql`SELECT customer_id, kind, month, allotted, carried, used FROM hour_month_summaries`,
  },
  {
    table: 'hour_year_summaries',
    expected: sql`SELECT customer_id, kind, year, allotted, carried, used FROM hour_year_rows((SELECT ids FROM all_ids))`,
    stored: sql`SELECT customer_id, kind, year, allotted, carried, used FROM hour_year_summaries`,
  },
  {
    table: 'hour_package_totals',
    expected: sql`SELECT * FROM hour_package_total_rows((SELECT ids FROM all_ids))`,
    stored: sql`SELECT customer_id, purchased, used, first_month, last_month, newest_package_id, newest_package_hours
      FROM hour_package_totals`,
  },
  {
    table: 'hour_package_spans',
    expected: sql`SELECT customer_id, from_month, to_month FROM hour_package_span_rows((SELECT ids FROM all_ids))`,
    stored: sql`SELECT customer_id, from_month, to_month FROM hour_package_spans`,
  },
];

/** Every difference (at most `limit` per table); none means the summaries match the ledger. */
export async function verifyHourSummaries(db: Executor, limit = 20): Promise<SummaryDifference[]> {
  const differences: SummaryDifference[] = [];
  for (const check of CHECKS) {
    const result = await db.execute(sql`
      WITH all_ids AS (SELECT coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM customers),
      expected AS (${check.expected}), stored AS (${check.stored})
      (SELECT 'missing' AS difference, * FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM stored) m LIMIT ${limit})
      UNION ALL
      (SELECT 'unexpected', * FROM (SELECT * FROM stored EXCEPT ALL SELECT * FROM expected) u LIMIT ${limit})`);
    for (const { difference, ...row } of result.rows as Array<Record<string, unknown>>) {
      differences.push({ table: check.table, kind: difference as SummaryDifference['kind'], row });
    }
    // The derived tables are only meaningful once the monthly rows match.
    if (differences.length > 0) break;
  }
  return differences;
}
