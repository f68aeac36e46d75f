import {
  DASHBOARD_SETTINGS_DEFAULTS,
  type DashboardSettings,
  type DashboardSettingsInput,
} from '@butler/contract/admin-dashboard';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dashboardSettings } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';

type Row = typeof dashboardSettings.$inferSelect;

function present(row: Row | undefined): DashboardSettings {
  if (!row) return { ...DASHBOARD_SETTINGS_DEFAULTS };
  return {
    monthly_target_hours: Number(row.monthlyTargetHours),
    color_threshold_red_max: Number(row.colorThresholdRedMax),
    color_threshold_yellow_max: Number(row.colorThresholdYellowMax),
    sellable_hours_per_month: Number(row.sellableHoursPerMonth),
    workload_threshold_green_max: Number(row.workloadThresholdGreenMax),
    workload_threshold_yellow_max: Number(row.workloadThresholdYellowMax),
  };
}

/** The single settings row; SPEC §9 defaults while none was saved. */
export async function getDashboardSettings(db: Pick<Database, 'select'>): Promise<DashboardSettings> {
  const [row] = await db.select().from(dashboardSettings).where(eq(dashboardSettings.id, 1)).limit(1);
  return present(row);
}

/** Saves all six values (upsert of row 1) and audits the change in the same transaction. */
export async function saveDashboardSettings(
  db: Database,
  session: SessionContext,
  input: DashboardSettingsInput,
): Promise<DashboardSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dashboardSettings).where(eq(dashboardSettings.id, 1)).for('update');
    const values = {
      monthlyTargetHours: String(input.monthly_target_hours),
      colorThresholdRedMax: String(input.color_threshold_red_max),
      colorThresholdYellowMax: String(input.color_threshold_yellow_max),
      sellableHoursPerMonth: String(input.sellable_hours_per_month),
      workloadThresholdGreenMax: String(input.workload_threshold_green_max),
      workloadThresholdYellowMax: String(input.workload_threshold_yellow_max),
    };
    const [after] = await tx
      .insert(dashboardSettings)
      .values({ id: 1, ...values, savedAt: sql`now()` })
      .onConflictDoUpdate({
        target: dashboardSettings.id,
        set: { ...values, savedAt: sql`coalesce(${dashboardSettings.savedAt}, now())` },
      })
      .returning();
    const presentedBefore = before ? present(before) : null;
    await writeAudit(
      tx,
      session,
      before ? 'update' : 'create',
      'dashboard_settings',
      1,
      presentedBefore,
      present(after),
    );
    return present(after);
  });
}
