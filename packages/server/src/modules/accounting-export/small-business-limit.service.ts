import type { SmallBusinessLimit } from '@butler/contract/accounting-handover';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { providerSettings } from '../../db/schema/index.js';
import { fromHundredths, toHundredths } from '../../domain/decimal.js';
import {
  SMALL_BUSINESS_LIMIT,
  SMALL_BUSINESS_TOLERANCE_LIMIT,
  smallBusinessState,
} from '../../domain/small-business-limit.js';
import { todayVienna } from '../../lib/clock.js';

/**
 * This and last calendar year's turnover against the Kleinunternehmer limit (decision 0823):
 * the gross of every issued invoice by its invoice date, Stornorechnungen counted negative,
 * and the invoice with which this year passed the tolerance limit.
 */
export async function readSmallBusinessLimit(db: Executor): Promise<SmallBusinessLimit> {
  const year = Number(todayVienna().slice(0, 4));
  const [settings] = await db
    .select({ smallBusiness: providerSettings.smallBusiness })
    .from(providerSettings)
    .where(eq(providerSettings.id, 1));
  const totals = await db.execute(sql`
    SELECT coalesce(sum(total_gross) FILTER (WHERE invoice_date >= make_date(${year}, 1, 1)), 0)::text AS this_year,
           coalesce(sum(total_gross) FILTER (WHERE invoice_date < make_date(${year}, 1, 1)), 0)::text AS last_year
      FROM invoices
     WHERE invoice_number IS NOT NULL
       AND invoice_date >= make_date(${year - 1}, 1, 1) AND invoice_date < make_date(${year + 1}, 1, 1)`);
  const { this_year, last_year } = totals.rows[0] as { this_year: string; last_year: string };
  const thisYear = toHundredths(this_year);
  const lastYear = toHundredths(last_year);
  let crossing: string | null = null;
  if (thisYear > SMALL_BUSINESS_TOLERANCE_LIMIT) {
    const found = await db.execute(sql`
      SELECT invoice_number FROM (
        SELECT invoice_number, invoice_date, number_year, number_sequence, id,
               sum(total_gross) OVER (ORDER BY invoice_date, number_year, number_sequence, id) AS running
          FROM invoices
         WHERE invoice_number IS NOT NULL
           AND invoice_date >= make_date(${year}, 1, 1) AND invoice_date < make_date(${year + 1}, 1, 1)
      ) t
      WHERE running > ${fromHundredths(SMALL_BUSINESS_TOLERANCE_LIMIT)}
      ORDER BY invoice_date, number_year, number_sequence, id LIMIT 1`);
    crossing = (found.rows[0] as { invoice_number: string } | undefined)?.invoice_number ?? null;
  }
  return {
    applies: settings?.smallBusiness ?? false,
    year,
    this_year_gross: fromHundredths(thisYear),
    last_year_gross: fromHundredths(lastYear),
    limit: fromHundredths(SMALL_BUSINESS_LIMIT),
    tolerance_limit: fromHundredths(SMALL_BUSINESS_TOLERANCE_LIMIT),
    percent_of_limit: Number((thisYear * 100n) / SMALL_BUSINESS_LIMIT),
    state: smallBusinessState(thisYear, lastYear),
    crossing_invoice_number: crossing,
  };
}
