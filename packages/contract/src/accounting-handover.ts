import { z } from 'zod';
import { formatMonthYear } from './format.js';
import { zPageQuery } from './list-query.js';

/**
 * Einstellungen → Buchhaltung and the handover to the tax adviser (decision 0820): the chart
 * of accounts the BMD and DATEV booking files use, and the kept exports of a period.
 */

const account = (label: string) =>
  z
    .string({ error: `Bitte geben Sie das Konto für ${label} an` })
    .trim()
    .regex(/^\d{1,9}$/, `Das Konto für ${label} besteht aus 1 bis 9 Ziffern`);

const optionalNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number({ error: `${label}: bitte eine Zahl angeben` })
      .int(`${label}: bitte eine ganze Zahl angeben`)
      .min(min, `${label}: zwischen ${min} und ${max}`)
      .max(max, `${label}: zwischen ${min} und ${max}`)
      .nullable(),
  );

const zChart = z.object({
  revenue_account_20: account('Erlöse 20\u00a0%'),
  revenue_account_13: account('Erlöse 13\u00a0%'),
  revenue_account_10: account('Erlöse 10\u00a0%'),
  revenue_account_0: account('steuerfreie Erlöse (0\u00a0%)'),
  small_business_revenue_account: account('Erlöse als Kleinunternehmer'),
  receivables_mode: z.enum(['collective', 'per_customer'], {
    error: 'Bitte wählen Sie, wie Forderungen gebucht werden',
  }),
  receivables_account: account('Forderungen'),
  customer_account_start: z.coerce
    .number({ error: 'Bitte geben Sie den Beginn des Kundenkontenbereichs an' })
    .int('Bitte eine ganze Zahl angeben')
    .min(1, 'Der Kundenkontenbereich beginnt bei 1 oder höher')
    .max(999_999_999, 'Höchstens 9 Ziffern'),
  customer_account_end: z.coerce
    .number({ error: 'Bitte geben Sie das Ende des Kundenkontenbereichs an' })
    .int('Bitte eine ganze Zahl angeben')
    .min(1, 'Der Kundenkontenbereich endet bei 1 oder höher')
    .max(999_999_999, 'Höchstens 9 Ziffern'),
  bank_account: account('die Bank'),
  cash_account: account('die Kassa'),
  reminder_fee_account: account('Mahnspesen'),
  interest_account: account('Verzugszinsen'),
  fiscal_year_start_month: z.coerce
    .number({ error: 'Bitte wählen Sie den Beginn des Wirtschaftsjahres' })
    .int()
    .min(1, 'Bitte einen Monat wählen')
    .max(12, 'Bitte einen Monat wählen'),
  datev_consultant_number: optionalNumber('Beraternummer', 1001, 9_999_999),
  datev_client_number: optionalNumber('Mandantennummer', 1, 99_999),
  datev_account_length: z.coerce
    .number({ error: 'Bitte geben Sie die Sachkontenlänge an' })
    .int('Bitte eine ganze Zahl angeben')
    .min(4, 'Die Sachkontenlänge liegt zwischen 4 und 8')
    .max(8, 'Die Sachkontenlänge liegt zwischen 4 und 8'),
});

const GENERAL_ACCOUNTS = [
  'revenue_account_20',
  'revenue_account_13',
  'revenue_account_10',
  'revenue_account_0',
  'small_business_revenue_account',
  'receivables_account',
  'bank_account',
  'cash_account',
  'reminder_fee_account',
  'interest_account',
] as const;

type GeneralAccount = (typeof GENERAL_ACCOUNTS)[number];

/** Each account's role, as a field error names it ("Dieses Konto ist schon das Forderungskonto"). */
export const ACCOUNT_ROLE_NAMES: Record<GeneralAccount, string> = {
  revenue_account_20: 'das Erlöskonto 20\u00a0%',
  revenue_account_13: 'das Erlöskonto 13\u00a0%',
  revenue_account_10: 'das Erlöskonto 10\u00a0%',
  revenue_account_0: 'das Erlöskonto 0\u00a0%',
  small_business_revenue_account: 'das Erlöskonto für Kleinunternehmer-Rechnungen',
  receivables_account: 'das Forderungskonto',
  bank_account: 'das Bankkonto',
  cash_account: 'das Kassakonto',
  reminder_fee_account: 'das Konto für Mahnspesen',
  interest_account: 'das Konto für Verzugszinsen',
};

/**
 * The roles that may share one account (decision 0820, "Later changes"): Mahnspesen and
 * Verzugszinsen, both damages without VAT, on one account if the adviser wants. Every other
 * pair is refused: each VAT rate has its own revenue account (DATEV's automatic accounts carry
 * the rate, the VAT return sums per rate), and revenue, receivables, bank and cash on one
 * account would book a document against itself.
 */
const MAY_SHARE: ReadonlyArray<readonly [GeneralAccount, GeneralAccount]> = [
  ['reminder_fee_account', 'interest_account'],
];
const mayShare = (a: GeneralAccount, b: GeneralAccount) =>
  MAY_SHARE.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/**
 * Accounts of the chart that clash, as field errors: two roles on one account number (leading
 * zeros do not make another account), and in per-customer mode an account inside the range
 * of the customer accounts. Each field of a clash names the other role.
 */
export function chartClashes(
  s: Pick<
    z.infer<typeof zChart>,
    GeneralAccount | 'receivables_mode' | 'customer_account_start' | 'customer_account_end'
  >,
): { path: GeneralAccount; message: string }[] {
  const number = (key: GeneralAccount) => (/^\d{1,9}$/.test(s[key] ?? '') ? Number(s[key]) : null);
  const found: { path: GeneralAccount; message: string }[] = [];
  for (const key of GENERAL_ACCOUNTS) {
    const mine = number(key);
    if (mine === null) continue;
    const other = GENERAL_ACCOUNTS.find((o) => o !== key && number(o) === mine && !mayShare(key, o));
    if (other) {
      found.push({ path: key, message: `Dieses Konto ist schon ${ACCOUNT_ROLE_NAMES[other]}` });
      continue;
    }
    const { customer_account_start: start, customer_account_end: end } = s;
    if (s.receivables_mode === 'per_customer' && start <= mine && mine <= end) {
      found.push({
        path: key,
        message: `Dieses Konto liegt im Bereich der Kundenkonten (${start}–${end})`,
      });
    }
  }
  return found;
}

export const zAccountingSettingsInput = zChart.superRefine((s, ctx) => {
  for (const clash of chartClashes(s)) ctx.addIssue({ code: 'custom', path: [clash.path], message: clash.message });
  if (s.customer_account_start >= s.customer_account_end) {
    ctx.addIssue({
      code: 'custom',
      path: ['customer_account_end'],
      message: 'Das Ende des Kundenkontenbereichs muss nach seinem Beginn liegen',
    });
  }
  if ((s.datev_consultant_number === null) !== (s.datev_client_number === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [s.datev_consultant_number === null ? 'datev_consultant_number' : 'datev_client_number'],
      message: 'Für DATEV braucht es Beraternummer und Mandantennummer',
    });
  }
  if (s.datev_consultant_number === null) return;
  // DATEV: general ledger accounts have exactly the Sachkontenlänge, personal accounts one digit more.
  for (const key of GENERAL_ACCOUNTS) {
    if (s[key].length !== s.datev_account_length) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `Für DATEV hat ein Sachkonto genau ${s.datev_account_length} Ziffern`,
      });
    }
  }
  if (s.receivables_mode === 'per_customer') {
    const digits = s.datev_account_length + 1;
    const low = 10 ** (digits - 1);
    const high = 7 * 10 ** (digits - 1) - 1;
    if (s.customer_account_start < low || s.customer_account_end > high) {
      ctx.addIssue({
        code: 'custom',
        path: ['customer_account_start'],
        message: `Für DATEV liegen Kundenkonten (Debitoren) zwischen ${low} und ${high}`,
      });
    }
  }
});
export type AccountingSettingsInput = z.infer<typeof zAccountingSettingsInput>;

/** The chart as the server answers it (plain values: a response schema has no transforms). */
export const zAccountingSettings = z.object({
  revenue_account_20: z.string(),
  revenue_account_13: z.string(),
  revenue_account_10: z.string(),
  revenue_account_0: z.string(),
  small_business_revenue_account: z.string(),
  receivables_mode: z.enum(['collective', 'per_customer']),
  receivables_account: z.string(),
  customer_account_start: z.number(),
  customer_account_end: z.number(),
  bank_account: z.string(),
  cash_account: z.string(),
  reminder_fee_account: z.string(),
  interest_account: z.string(),
  fiscal_year_start_month: z.number(),
  datev_consultant_number: z.number().nullable(),
  datev_client_number: z.number().nullable(),
  datev_account_length: z.number(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type AccountingSettings = z.infer<typeof zAccountingSettings>;

export const HANDOVER_FORMATS = ['bmd', 'datev'] as const;
export const HANDOVER_FORMAT_LABELS: Record<(typeof HANDOVER_FORMATS)[number], string> = {
  bmd: 'BMD NTCS',
  datev: 'DATEV (EXTF Buchungsstapel)',
};

/** A period: `2026-11` (month), `2026-Q4` (quarter) or `2026` (fiscal year from its start month). */
export const zHandoverPeriod = z
  .string({ error: 'Bitte wählen Sie einen Zeitraum' })
  .regex(/^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/, 'Bitte wählen Sie einen Monat, ein Quartal oder ein Jahr');

export const zHandoverInput = z.object({
  period: zHandoverPeriod,
  formats: z
    .array(z.enum(HANDOVER_FORMATS, { error: 'Unbekanntes Format' }), { error: 'Bitte wählen Sie ein Format' })
    .min(1, 'Bitte wählen Sie mindestens ein Format (BMD oder DATEV)')
    .max(2)
    .refine((f) => new Set(f).size === f.length, 'Jedes Format nur einmal'),
  /** Festschreibung: close every month of the period with this export (decision 0821). */
  close: z.boolean().default(false),
});
export type HandoverInput = z.input<typeof zHandoverInput>;

/** A period handed to the tax adviser (decision 0820): its days, its months and its German name. */
export type HandoverPeriod = {
  kind: 'month' | 'quarter' | 'year';
  /** As requested: `2026-11`, `2026-Q4` or `2026`. */
  key: string;
  start: string;
  end: string;
  /** Every `YYYY-MM` from start to end. */
  months: string[];
  label: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function monthsFrom(year: number, month: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const m = month - 1 + i;
    return `${year + Math.floor(m / 12)}-${pad((m % 12) + 1)}`;
  });
}

function span(kind: HandoverPeriod['kind'], key: string, months: string[], label: string): HandoverPeriod {
  const [ey, em] = months[months.length - 1]!.split('-').map(Number);
  return {
    kind,
    key,
    start: `${months[0]}-01`,
    end: `${months[months.length - 1]}-${pad(lastDay(ey!, em!))}`,
    months,
    label,
  };
}

/**
 * `2026-11` is November 2026; `2026-Q4` the calendar quarter (the quarters of the VAT
 * return); `2026` the fiscal year that begins in `fiscalYearStartMonth` of 2026 (with
 * January: the calendar year). Returns null for anything else.
 */
export function handoverPeriod(key: string, fiscalYearStartMonth: number): HandoverPeriod | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    return span('month', key, monthsFrom(y, m, 1), formatMonthYear(y, m));
  }
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) {
    const [y, q] = [Number(quarter[1]), Number(quarter[2])];
    return span('quarter', key, monthsFrom(y, q * 3 - 2, 3), `${q}. Quartal ${y}`);
  }
  const year = /^(\d{4})$/.exec(key);
  if (year) {
    const y = Number(year[1]);
    const start = fiscalYearStartMonth;
    const label = start === 1 ? `Jahr ${y}` : `Wirtschaftsjahr ${y}/${pad((y + 1) % 100)}`;
    return span('year', key, monthsFrom(y, start, 12), label);
  }
  return null;
}

export const zHandover = z.object({
  id: z.number(),
  period: z.string(),
  period_label: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  formats: z.array(z.enum(HANDOVER_FORMATS)),
  file_name: z.string(),
  size_bytes: z.number(),
  sha256: z.string(),
  documents: z.number(),
  is_correction: z.boolean(),
  /** This handover closed its period when it was made. */
  closed_period: z.boolean(),
  /**
   * The period's months as they stand now (decision 0821): `closed` while every one is closed,
   * `reopened` when one was reopened since, `open` otherwise. The list shows this, not the
   * state at the time of the handover, so it agrees with "Abgeschlossene Zeiträume".
   */
  months_state: z.enum(['open', 'closed', 'reopened']),
  /**
   * A later handover of the same period exists: this one is not the period's current file, so
   * the list marks it "ersetzt" and shows the period's state only on the newest.
   */
  superseded: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
});
export type Handover = z.infer<typeof zHandover>;

export const zHandoverListQuery = zPageQuery;

export const zHandoverList = z.object({
  items: z.array(zHandover),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type HandoverList = z.infer<typeof zHandoverList>;

/** The Kleinunternehmer limit against this and last year's turnover (decision 0823). */
export const zSmallBusinessLimit = z.object({
  /** The provider invoices as Kleinunternehmer (Rechnungseinstellungen). */
  applies: z.boolean(),
  year: z.number(),
  this_year_gross: z.number(),
  last_year_gross: z.number(),
  limit: z.number(),
  tolerance_limit: z.number(),
  /** This year's turnover in % of the limit, rounded down. */
  percent_of_limit: z.number(),
  state: z.enum(['ok', 'warning', 'over_limit', 'over_tolerance', 'last_year_over']),
  /** The invoice with which this year's turnover passed EUR 60,500, when it did. */
  crossing_invoice_number: z.string().nullable(),
});
export type SmallBusinessLimit = z.infer<typeof zSmallBusinessLimit>;

/** What the state means for the owner, in one or two sentences (WKO, "Kleinunternehmerregelung ab 2025"). */
export function smallBusinessExplanation(l: SmallBusinessLimit): string {
  switch (l.state) {
    case 'ok':
      return `Der Umsatz ${l.year} liegt unter 80\u00a0% der Kleinunternehmergrenze von € 55.000 (brutto). Wird die Grenze überschritten, gilt die Regelung im Folgejahr nicht mehr; über € 60.500 ist schon ab der Rechnung, mit der die Grenze überschritten wird, Umsatzsteuer zu verrechnen.`;
    case 'warning':
      return `Der Umsatz ${l.year} hat 80\u00a0% der Kleinunternehmergrenze von € 55.000 erreicht. Wird die Grenze um höchstens 10\u00a0% (bis € 60.500) überschritten, dürfen Rechnungen bis Jahresende noch ohne Umsatzsteuer ausgestellt werden; im Folgejahr gilt die Regelung dann nicht mehr.`;
    case 'over_limit':
      return `Der Umsatz ${l.year} liegt über € 55.000, aber innerhalb der Toleranz bis € 60.500: Rechnungen bis Jahresende dürfen noch ohne Umsatzsteuer ausgestellt werden. Ab 1. Jänner ${l.year + 1} gilt die Kleinunternehmerregelung nicht mehr – bitte mit der Steuerberatung die Umstellung auf Rechnungen mit Umsatzsteuer vorbereiten.`;
    case 'over_tolerance':
      return `Der Umsatz ${l.year} liegt über € 60.500: Ab der Rechnung, mit der die Grenze überschritten wurde${l.crossing_invoice_number ? ` (${l.crossing_invoice_number})` : ''}, ist Umsatzsteuer zu verrechnen – auch für alle folgenden Rechnungen. Bitte sofort mit der Steuerberatung klären und die Rechnungseinstellungen umstellen.`;
    case 'last_year_over':
      return `Der Umsatz ${l.year - 1} lag über € 55.000: ${l.year} gilt die Kleinunternehmerregelung nicht mehr, Rechnungen brauchen Umsatzsteuer. Bitte die Rechnungseinstellungen mit der Steuerberatung umstellen.`;
  }
}
