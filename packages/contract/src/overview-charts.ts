import { z } from 'zod';

/**
 * The admin overview's charts (decision 0651): one answer for all three, aggregated
 * in SQL over the last OVERVIEW_CHART_MONTHS calendar months (the current one included).
 * Money figures only for who may see invoices (a Butler gets the hours of their customers).
 */
export const OVERVIEW_CHART_MONTHS = 12;

/** Ageing buckets of open receivables by days past the due date (as in "Offene Posten"). */
export const RECEIVABLE_BUCKETS = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type ReceivableBucket = (typeof RECEIVABLE_BUCKETS)[number];
export const RECEIVABLE_BUCKET_LABELS: Record<ReceivableBucket, string> = {
  not_due: 'Nicht fällig',
  days_1_30: '1–30 Tage',
  days_31_60: '31–60 Tage',
  days_61_90: '61–90 Tage',
  days_over_90: 'Über 90 Tage',
};

export const zRevenueMonth = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** Gross of the invoices issued in the month (invoice date), less the month's Stornorechnungen. */
  invoiced: z.number(),
  /** Money received in the month by payment date (payment ledger), less refunds and returns. */
  paid: z.number(),
});

export const zHoursMonth = z.object({
  month: z.string(),
  /** ButlerPakete: the hours of the month's periods (sold) and the hours booked on them (used). */
  butler_sold: z.number(),
  butler_used: z.number(),
  /** Stundenpakete: hours bought in the month and hours booked from packages in it. */
  packages_sold: z.number(),
  packages_used: z.number(),
});

export const zReceivableBucket = z.object({
  bucket: z.enum(RECEIVABLE_BUCKETS),
  amount: z.number(),
  invoices: z.number().int(),
});

export const zOverviewCharts = z.object({
  as_of: z.string(),
  hours: z.array(zHoursMonth),
  /** Absent for who may not see invoices. */
  revenue: z.array(zRevenueMonth).optional(),
  receivables: z.array(zReceivableBucket).optional(),
});

export type RevenueMonth = z.infer<typeof zRevenueMonth>;
export type HoursMonth = z.infer<typeof zHoursMonth>;
export type ReceivableBucketRow = z.infer<typeof zReceivableBucket>;
export type OverviewCharts = z.infer<typeof zOverviewCharts>;
