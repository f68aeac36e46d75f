import { describe, expect, it } from 'vitest';
import {
  type AccountingSettingsInput,
  chartClashes,
  type SmallBusinessLimit,
  smallBusinessExplanation,
  zAccountingSettingsInput,
} from './accounting-handover.js';

/** The schema's defaults (Einheitskontenrahmen, decision 0820). */
const CHART: AccountingSettingsInput = {
  revenue_account_20: '4000',
  revenue_account_13: '4013',
  revenue_account_10: '4010',
  revenue_account_0: '4020',
  small_business_revenue_account: '4030',
  receivables_mode: 'collective',
  receivables_account: '2000',
  customer_account_start: 200000,
  customer_account_end: 299999,
  bank_account: '2800',
  cash_account: '2700',
  reminder_fee_account: '4880',
  interest_account: '8100',
  fiscal_year_start_month: 1,
  datev_consultant_number: null,
  datev_client_number: null,
  datev_account_length: 4,
};
const errorsOf = (changes: Partial<AccountingSettingsInput>) => {
  const parsed = zAccountingSettingsInput.safeParse({ ...CHART, ...changes });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('one account, one role (decision 0820, "Later changes")', () => {
  it('takes the defaults', () => {
    expect(chartClashes(CHART)).toEqual([]);
    expect(zAccountingSettingsInput.safeParse(CHART).success).toBe(true);
  });

  it('refuses revenue on the receivables account and cash on the bank account, naming the other role on each field', () => {
    expect(errorsOf({ revenue_account_20: '2000' })).toEqual({
      revenue_account_20: 'Dieses Konto ist schon das Forderungskonto',
      receivables_account: 'Dieses Konto ist schon das Erlöskonto 20\u00a0%',
    });
    expect(errorsOf({ cash_account: '2800' })).toEqual({
      bank_account: 'Dieses Konto ist schon das Kassakonto',
      cash_account: 'Dieses Konto ist schon das Bankkonto',
    });
  });

  it('gives every VAT rate and the Kleinunternehmer invoices their own revenue account', () => {
    expect(errorsOf({ revenue_account_13: '4010' })).toMatchObject({
      revenue_account_13: 'Dieses Konto ist schon das Erlöskonto 10\u00a0%',
    });
    expect(errorsOf({ small_business_revenue_account: '4020' })).toMatchObject({
      small_business_revenue_account: 'Dieses Konto ist schon das Erlöskonto 0\u00a0%',
    });
    // Leading zeros make no other account.
    expect(errorsOf({ revenue_account_10: '04000' })).toMatchObject({
      revenue_account_10: 'Dieses Konto ist schon das Erlöskonto 20\u00a0%',
    });
  });

  it('lets Mahnspesen and Verzugszinsen share one account, but not with revenue', () => {
    expect(errorsOf({ interest_account: '4880' })).toEqual({});
    expect(errorsOf({ reminder_fee_account: '4000' })).toMatchObject({
      reminder_fee_account: 'Dieses Konto ist schon das Erlöskonto 20\u00a0%',
    });
  });

  it('keeps every other account out of the customer range in per-customer mode', () => {
    expect(errorsOf({ receivables_mode: 'per_customer', bank_account: '200017' })).toMatchObject({
      bank_account: 'Dieses Konto liegt im Bereich der Kundenkonten (200000–299999)',
    });
    // In collective mode the range means nothing.
    expect(errorsOf({ bank_account: '200017' })).toEqual({});
  });
});

describe('the Kleinunternehmer explanation (decision 0823)', () => {
  it('says below 80 % what happens when the limit is passed', () => {
    const limit: SmallBusinessLimit = {
      applies: true,
      year: 2026,
      this_year_gross: 12000,
      last_year_gross: 30000,
      limit: 55000,
      tolerance_limit: 60500,
      percent_of_limit: 21,
      state: 'ok',
      crossing_invoice_number: null,
    };
    const text = smallBusinessExplanation(limit);
    expect(text).toContain('unter 80\u00a0%');
    expect(text).toContain('Wird die Grenze überschritten, gilt die Regelung im Folgejahr nicht mehr');
    expect(text).toContain('€ 60.500');
  });
});
