import {
  REFERRAL_PURCHASE_DEFAULT_HOURS,
  REFERRAL_PURCHASE_DEFAULT_PRICE,
  type ReferralPurchaseRequest,
} from '@butler/contract/referrals';
import { numberOrNull } from './panels/hour-package-rules';

export type ReferralPurchaseValues = {
  customer_id: number | null;
  referral_code: string;
  hours: number | string;
  price_per_hour: number | string;
  custom_discount_percentage: number | string;
};

/** SPEC §5: 2 hours at € 0 by default; an empty discount means the programme's default. */
export const referralPurchaseStart = (customerId: number | undefined): ReferralPurchaseValues => ({
  customer_id: customerId ?? null,
  referral_code: '',
  hours: REFERRAL_PURCHASE_DEFAULT_HOURS,
  price_per_hour: REFERRAL_PURCHASE_DEFAULT_PRICE,
  custom_discount_percentage: '',
});

/** The discount the package gets: the one typed in, else the settings' default referral discount. */
export const effectiveDiscount = (v: ReferralPurchaseValues, defaultDiscount: number | null) =>
  numberOrNull(v.custom_discount_percentage) ?? defaultDiscount;

/** Field messages, the same the server answers for the same mistakes. */
export function referralPurchaseProblems(v: ReferralPurchaseValues) {
  const problems: Partial<Record<keyof ReferralPurchaseValues, string>> = {};
  if (!v.customer_id) problems.customer_id = 'Bitte wählen Sie einen Kunden aus';
  if (!v.referral_code.trim()) problems.referral_code = 'Bitte geben Sie einen Empfehlungscode ein';
  if (!numberOrNull(v.hours)) problems.hours = 'Bitte geben Sie die Stunden an';
  if (numberOrNull(v.price_per_hour) === null) problems.price_per_hour = 'Bitte geben Sie den Preis pro Stunde an';
  return problems;
}

/** The request: the code trimmed, an empty discount sent as null (the server applies the default). */
export const referralPurchaseBody = (v: ReferralPurchaseValues): ReferralPurchaseRequest => ({
  customer_id: v.customer_id as number,
  referral_code: v.referral_code.trim(),
  hours: Number(v.hours),
  price_per_hour: Number(v.price_per_hour),
  custom_discount_percentage: numberOrNull(v.custom_discount_percentage),
});
