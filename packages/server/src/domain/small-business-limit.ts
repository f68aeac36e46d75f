/**
 * The Kleinunternehmer limit of § 6 Abs. 1 Z 27 UStG from 2025 (decision 0823): EUR 55,000
 * gross a calendar year, in the previous year and in the current one; passing it by at most
 * 10 % (EUR 60,500) keeps the exemption to the year's end, passing the tolerance ends it with
 * the invoice that crosses it. Amounts in hundredths of a euro.
 */
export const SMALL_BUSINESS_LIMIT = 5_500_000n;
export const SMALL_BUSINESS_TOLERANCE_LIMIT = 6_050_000n;
/** From this share of the limit on, the owner is warned. */
export const SMALL_BUSINESS_WARNING_PERCENT = 80n;

export type SmallBusinessState =
  /** Below 80 % of the limit. */
  | 'ok'
  /** 80 % of the limit or more, not over it. */
  | 'warning'
  /** Over EUR 55,000 this year, within the tolerance: exempt to the year's end, not next year. */
  | 'over_limit'
  /** Over EUR 60,500 this year: VAT from the invoice that crossed it on. */
  | 'over_tolerance'
  /** Over EUR 55,000 last year: no exemption this year. */
  | 'last_year_over';

export function smallBusinessState(thisYear: bigint, lastYear: bigint): SmallBusinessState {
  if (thisYear > SMALL_BUSINESS_TOLERANCE_LIMIT) return 'over_tolerance';
  if (lastYear > SMALL_BUSINESS_LIMIT) return 'last_year_over';
  if (thisYear > SMALL_BUSINESS_LIMIT) return 'over_limit';
  if (thisYear * 100n >= SMALL_BUSINESS_LIMIT * SMALL_BUSINESS_WARNING_PERCENT) return 'warning';
  return 'ok';
}
