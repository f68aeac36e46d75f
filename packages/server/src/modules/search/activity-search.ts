import type { SearchTimeEntryHit } from '@butler/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type CustomerScope, scopeFilter } from '../../lib/customer-scope.js';

/**
 * Time entries by activity (decision 0650): every word of the term is the start of a word of
 * the activity (full text, 'simple' configuration: no stemming, lower case), newest first.
 * Trigrams were slow here: a word that stands in most entries gives trigrams whose index lists
 * hold most of the table. The planner cannot tell a word in every entry from a rare one, so
 * the plan is chosen here: first the newest entries (an index range of bounded size), where a
 * common word finds its five at once; only a rarer word goes to the GIN index, which then
 * returns few rows.
 */
const NEWEST_WINDOW = 500;
const LIMIT = 5;

/** `'heiz':* & 'entl':*` of the term's words (each the start of a word), or null when it has none. */
export function prefixQuery(term: string): string | null {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

type Row = {
  id: number;
  activity_description: string;
  work_date: string;
  hours: string;
  customer_id: number;
  customer_name: string;
  billing_type: SearchTimeEntryHit['billing_type'];
};

export async function activityHits(db: Database, term: string, scope: CustomerScope): Promise<SearchTimeEntryHit[]> {
  const query = prefixQuery(term);
  if (!query) return [];
  // The five rows first, their customers' names after: joining before the limit let the planner
  // read every customer.
  const select = (from: SQL, order: SQL) => sql`
    SELECT t.id, t.activity_description, t.work_date, t.hours::text AS hours, t.customer_id,
      c.first_name || ' ' || c.last_name AS customer_name, t.billing_type
    FROM (
      SELECT t.* FROM ${from}
      WHERE to_tsvector('simple', t.activity_description) @@ to_tsquery('simple', ${query})
        AND ${scopeFilter(scope, sql`t.customer_id`)}
      ORDER BY ${order} LIMIT ${LIMIT}
    ) t JOIN customers c ON c.id = t.customer_id
    ORDER BY t.work_date DESC, t.id DESC`;
  const newest = await db.execute(
    select(
      sql`(SELECT * FROM time_entries WHERE ${scopeFilter(scope, sql`customer_id`)}
           ORDER BY work_date DESC, id DESC LIMIT ${NEWEST_WINDOW}) t`,
      sql`t.work_date DESC, t.id DESC`,
    ),
  );
  if (newest.rows.length === LIMIT) return present(newest.rows as Row[]);
  // Fewer than five among the newest: a rarer word, few rows in the index. `work_date + 0`
  // keeps the planner from walking the date index past every entry instead.
  const all = await db.execute(select(sql`time_entries t`, sql`t.work_date + 0 DESC, t.id DESC`));
  return present(all.rows as Row[]);
}

function present(rows: Row[]): SearchTimeEntryHit[] {
  return rows.map((r) => ({ ...r, hours: Number(r.hours) }));
}
