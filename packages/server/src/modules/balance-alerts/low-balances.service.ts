import type { LowBalanceCustomer } from '@butler/contract/balance-alerts';
import type { Database } from '../../db/client.js';
import { todayVienna } from '../../lib/clock.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { findLowBalances } from '../hour-accounting/low-balance.repo.js';
import { getBalanceAlertSettings } from './balance-alert-settings.service.js';

/**
 * "Knappes Guthaben": every active customer over a threshold today, computed once per data
 * version (settings writes bump it too); the route answers it a page at a time (decision 0405).
 */
export async function lowBalanceList(db: Database, dataVersion: number | undefined): Promise<LowBalanceCustomer[]> {
  const today = todayVienna();
  return dashboardFigureCache(
    db,
    `low-balances:${today}`,
    async () => {
      const rows = await findLowBalances(db, today, await getBalanceAlertSettings(db));
      return rows.map(({ customerId, customerName, email: _e, balanceAlertMails: _m, scope: _s, ...figures }) => ({
        customer_id: customerId,
        customer_name: customerName,
        ...figures,
      }));
    },
    dataVersion,
  );
}
