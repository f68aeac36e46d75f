import {
  BALANCE_ALERT_DEFAULTS,
  type BalanceAlertSettings,
  type BalanceAlertSettingsInput,
} from '@butler/contract/balance-alerts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { balanceAlertSettings } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';

type Row = typeof balanceAlertSettings.$inferSelect;

function present(row: Row | undefined): BalanceAlertSettings {
  if (!row) return { ...BALANCE_ALERT_DEFAULTS };
  return {
    butler_used_percent: Number(row.butlerUsedPercent),
    package_remaining_hours: Number(row.packageRemainingHours),
    package_remaining_percent: Number(row.packageRemainingPercent),
    notify_customers: row.notifyCustomers,
    notify_staff: row.notifyStaff,
  };
}

/** The single settings row; the defaults (80 %, 2 h or 20 %, everyone told) while none was saved. */
export async function getBalanceAlertSettings(db: Executor): Promise<BalanceAlertSettings> {
  const [row] = await db.select().from(balanceAlertSettings).where(eq(balanceAlertSettings.id, 1)).limit(1);
  return present(row);
}

/** Saves the settings (upsert of row 1) and audits the change in the same transaction. */
export async function saveBalanceAlertSettings(
  db: Database,
  session: SessionContext,
  input: BalanceAlertSettingsInput,
): Promise<BalanceAlertSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(balanceAlertSettings).where(eq(balanceAlertSettings.id, 1)).for('update');
    const values = {
      butlerUsedPercent: String(input.butler_used_percent),
      packageRemainingHours: String(input.package_remaining_hours),
      packageRemainingPercent: String(input.package_remaining_percent),
      notifyCustomers: input.notify_customers,
      notifyStaff: input.notify_staff,
    };
    const [after] = await tx
      .insert(balanceAlertSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: balanceAlertSettings.id, set: values })
      .returning();
    await writeAudit(
      tx,
      session,
      before ? 'update' : 'create',
      'balance_alert_settings',
      1,
      before ? present(before) : null,
      present(after),
    );
    return present(after);
  });
}
