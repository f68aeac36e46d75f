import {
  type AccountingSettings,
  type AccountingSettingsInput,
  chartClashes,
} from '@butler/contract/accounting-handover';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { accountingSettings } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

type Row = typeof accountingSettings.$inferSelect;

const present = (r: Row, stored: boolean): AccountingSettings => ({
  revenue_account_20: r.revenueAccount20,
  revenue_account_13: r.revenueAccount13,
  revenue_account_10: r.revenueAccount10,
  revenue_account_0: r.revenueAccount0,
  small_business_revenue_account: r.smallBusinessRevenueAccount,
  receivables_mode: r.receivablesMode as AccountingSettings['receivables_mode'],
  receivables_account: r.receivablesAccount,
  customer_account_start: r.customerAccountStart,
  customer_account_end: r.customerAccountEnd,
  bank_account: r.bankAccount,
  cash_account: r.cashAccount,
  reminder_fee_account: r.reminderFeeAccount,
  interest_account: r.interestAccount,
  fiscal_year_start_month: r.fiscalYearStartMonth,
  datev_consultant_number: r.datevConsultantNumber,
  datev_client_number: r.datevClientNumber,
  datev_account_length: r.datevAccountLength,
  updated_at: stored ? r.updatedAt.toISOString() : null,
  updated_by: stored ? r.updatedBy : null,
});

const toRow = (input: AccountingSettingsInput) => ({
  revenueAccount20: input.revenue_account_20,
  revenueAccount13: input.revenue_account_13,
  revenueAccount10: input.revenue_account_10,
  revenueAccount0: input.revenue_account_0,
  smallBusinessRevenueAccount: input.small_business_revenue_account,
  receivablesMode: input.receivables_mode,
  receivablesAccount: input.receivables_account,
  customerAccountStart: input.customer_account_start,
  customerAccountEnd: input.customer_account_end,
  bankAccount: input.bank_account,
  cashAccount: input.cash_account,
  reminderFeeAccount: input.reminder_fee_account,
  interestAccount: input.interest_account,
  fiscalYearStartMonth: input.fiscal_year_start_month,
  datevConsultantNumber: input.datev_consultant_number,
  datevClientNumber: input.datev_client_number,
  datevAccountLength: input.datev_account_length,
});

/** The stored chart, or the schema's defaults (an Austrian adviser's usual accounts) before the first save. */
export async function readAccountingSettingsRow(db: Executor): Promise<{ row: Row; stored: boolean }> {
  const [row] = await db.select().from(accountingSettings).where(eq(accountingSettings.id, 1));
  return row ? { row, stored: true } : { row: DEFAULT_ROW, stored: false };
}

/** The defaults as the schema declares them (one list: db/schema/accounting.ts). */
const DEFAULT_ROW = Object.fromEntries(
  Object.entries(getTableColumns(accountingSettings)).map(([key, column]) => [key, column.default ?? null]),
) as Row;
DEFAULT_ROW.updatedAt = new Date(0);

/** Einstellungen → Buchhaltung (decision 0820). */
export function createAccountingSettingsService(db: Database) {
  return {
    async get(): Promise<AccountingSettings> {
      const { row, stored } = await readAccountingSettingsRow(db);
      return present(row, stored);
    },

    async update(session: SessionContext, input: AccountingSettingsInput): Promise<AccountingSettings> {
      // The route's schema refuses these already; a caller past it still saves no clashing chart.
      const clashes = chartClashes(input);
      if (clashes.length) {
        throw new AppError(
          'VALIDATION_FAILED',
          clashes[0]!.message,
          Object.fromEntries(clashes.map((c) => [c.path, c.message])),
        );
      }
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(accountingSettings).where(eq(accountingSettings.id, 1)).for('update');
        const values = { ...toRow(input), updatedAt: new Date(), updatedBy: session.displayName };
        const [after] = await tx
          .insert(accountingSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: accountingSettings.id, set: values })
          .returning();
        await writeAudit(tx, session, before ? 'update' : 'create', 'accounting_settings', 1, before ?? null, after);
        return present(after, true);
      });
    },
  };
}

export type AccountingSettingsService = ReturnType<typeof createAccountingSettingsService>;
