import {
  AUTO_CONFIRM_DAYS,
  type MonthConfirmationMode,
  type MonthConfirmationSettings,
  type MonthConfirmationSettingsView,
  STARTS_MONTH_RANGE,
} from '@butler/contract/month-confirmations';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { monthConfirmationSettings } from '../../db/schema/index.js';
import { monthStart, startsMonthAllowed } from '../../domain/month-confirmation.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { fieldError } from '../../lib/errors.js';

type Row = typeof monthConfirmationSettings.$inferSelect;

const present = (row: Omit<Row, 'id'>): MonthConfirmationSettingsView => ({
  mode: row.mode as MonthConfirmationMode,
  auto_confirm_days: row.autoConfirmDays,
  starts_month: row.startsMonth.slice(0, 7),
  enabled_on: row.enabledOn,
});

/** Einstellungen → Monatsfreigabe; off (from this month, 14 days) while never saved. */
export async function loadMonthSettings(executor: Executor): Promise<MonthConfirmationSettingsView> {
  const [row] = await executor.select().from(monthConfirmationSettings).where(eq(monthConfirmationSettings.id, 1));
  const today = todayVienna();
  return present(
    row ?? {
      mode: 'off',
      autoConfirmDays: AUTO_CONFIRM_DAYS.default,
      startsMonth: monthStart(today.slice(0, 7)),
      enabledOn: today,
    },
  );
}

/**
 * Saves the setting (upsert of row 1), audited in the same transaction. Switching it on or
 * moving its first month restarts the quiet days from today, so no month confirms itself
 * before its customer could see it for N days (decision 0852).
 */
export async function saveMonthSettings(db: Database, session: SessionContext, input: MonthConfirmationSettings) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(monthConfirmationSettings)
      .where(eq(monthConfirmationSettings.id, 1))
      .for('update');
    const today = todayVienna();
    const changedStart = !before || before.startsMonth.slice(0, 7) !== input.starts_month;
    if (changedStart && !startsMonthAllowed(input.starts_month, today, STARTS_MONTH_RANGE)) {
      throw fieldError(
        'starts_month',
        `Bitte einen Monat höchstens ${STARTS_MONTH_RANGE} Monate vor oder nach dem laufenden wählen`,
      );
    }
    const switchedOn = input.mode !== 'off' && (!before || before.mode === 'off');
    const values = {
      mode: input.mode,
      autoConfirmDays: input.auto_confirm_days,
      startsMonth: monthStart(input.starts_month),
      enabledOn: switchedOn || changedStart || !before ? today : before.enabledOn,
    };
    const [after] = await tx
      .insert(monthConfirmationSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: monthConfirmationSettings.id, set: values })
      .returning();
    await writeAudit(
      tx,
      session,
      before ? 'update' : 'create',
      'month_confirmation_settings',
      1,
      before ? present(before) : null,
      present(after),
    );
    return present(after);
  });
}
