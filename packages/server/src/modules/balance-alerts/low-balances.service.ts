import type { LowBalanceCustomer } from '@butler/contract/balance-alerts';
import type { PageQuery } from '@butler/contract/list-query';
import type { Database } from '../../db/client.js';
import { todayVienna } from '../../lib/clock.js';
import { type CustomerScope, scopeKey } from '../../lib/customer-scope.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { pageBounds } from '../../lib/pagination.js';
import { lowBalanceListPage } from './low-balance-list.js';

/**
 * "Knappes Guthaben": one page of the active customers over a threshold today and how many
 * there are, sorted and counted in SQL from the hour summaries (decision 0560) and cached per
 * data version, customer scope and page (settings writes bump the version too; decisions
 * 0405, 0540). At ten times
 * the data the whole list is thousands of rows: the first page after a booking no longer
 * waits for all of them, and the list behind it looks again only at the customers whose
 * figures changed (decision 0813).
 */
export async function lowBalancePage(
  db: Database,
  query: PageQuery,
  scope: CustomerScope,
  dataVersion: number | undefined,
): Promise<{ rows: LowBalanceCustomer[]; total: number }> {
  const today = todayVienna();
  return dashboardFigureCache(
    db,
    `low-balances:${today}:${scopeKey(scope)}:${query.page}:${query.page_size}`,
    async () => {
      const { rows, total } = await lowBalanceListPage(db, today, pageBounds(query), scope);
      return {
        total,
        rows: rows.map(({ customerId, customerName, email: _e, balanceAlertMails: _m, scope: _s, ...figures }) => ({
          customer_id: customerId,
          customer_name: customerName,
          ...figures,
        })),
      };
    },
    dataVersion,
  );
}
