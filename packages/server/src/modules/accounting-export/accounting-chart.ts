import type { Executor } from '../../db/executor.js';
import type { accountingSettings } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { readAccountingSettingsRow } from './accounting-settings.service.js';

/**
 * The adviser's chart (Einstellungen → Buchhaltung, decision 0820): which account each
 * booking of the booking files goes to.
 */
export type AccountChart = {
  /** Revenue per VAT rate (net), and the account of Kleinunternehmer invoices (no VAT). */
  revenue: { 20: string; 13: string; 10: string; 0: string };
  smallBusinessRevenue: string;
  receivables:
    | { mode: 'collective'; account: string }
    | { mode: 'per_customer'; account: string; customerStart: number; customerEnd: number };
  bank: string;
  cash: string;
  reminderFee: string;
  interest: string;
  /** 1 = Jänner. */
  fiscalYearStartMonth: number;
  datev: { consultantNumber: number | null; clientNumber: number | null; accountLength: number };
};

type SettingsRow = typeof accountingSettings.$inferSelect;

export function chartOf(row: SettingsRow): AccountChart {
  return {
    revenue: { 20: row.revenueAccount20, 13: row.revenueAccount13, 10: row.revenueAccount10, 0: row.revenueAccount0 },
    smallBusinessRevenue: row.smallBusinessRevenueAccount,
    receivables:
      row.receivablesMode === 'per_customer'
        ? {
            mode: 'per_customer',
            account: row.receivablesAccount,
            customerStart: row.customerAccountStart,
            customerEnd: row.customerAccountEnd,
          }
        : { mode: 'collective', account: row.receivablesAccount },
    bank: row.bankAccount,
    cash: row.cashAccount,
    reminderFee: row.reminderFeeAccount,
    interest: row.interestAccount,
    fiscalYearStartMonth: row.fiscalYearStartMonth,
    datev: {
      consultantNumber: row.datevConsultantNumber,
      clientNumber: row.datevClientNumber,
      accountLength: row.datevAccountLength,
    },
  };
}

/** The single `accounting_settings` row, or the schema's defaults when nobody saved the settings yet (nothing is written). */
export async function loadAccountChart(db: Executor): Promise<AccountChart> {
  return chartOf((await readAccountingSettingsRow(db)).row);
}

/**
 * A customer's receivables account: the collective account, or in per-customer mode
 * `customer_account_start + customer id` (refused in German when that leaves the range).
 * A document whose customer was erased (customer id null, the invoice keeps its snapshot)
 * goes to the collective account in either mode: there is no number left to derive.
 */
export function receivablesAccountOf(chart: AccountChart, customerId: number | null): string {
  const r = chart.receivables;
  if (r.mode === 'collective' || customerId === null) return r.account;
  const account = r.customerStart + customerId;
  if (account > r.customerEnd) {
    throw new AppError(
      'CONFLICT',
      `Das Kundenkonto ${account} (Kunde ${customerId}) liegt außerhalb des Bereichs ${r.customerStart}–${r.customerEnd}. ` +
        'Bitte erweitern Sie den Bereich der Kundenkonten (Einstellungen → Buchhaltung).',
      { customer_account_end: 'Der Bereich der Kundenkonten reicht nicht für alle Kunden' },
    );
  }
  return String(account);
}
