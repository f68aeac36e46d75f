import {
  DEFAULT_PRICE_PER_HOUR,
  HOUR_PACKAGE_EDIT_REQUIRED,
  HOUR_PACKAGE_REQUIRED,
  type HourPackage,
} from '@butler/contract/hour-packages';

/** A number field's value: '' while empty. */
export const numberOrNull = (v: number | string) => (v === '' ? null : Number(v));

/** SPEC §5: total = hours × price × (1 − discount/100), rounded to cents for display. */
export function packageTotal(hours: number | null, price: number | null, discount: number | null) {
  const cents = Math.round((hours ?? 0) * (price ?? 0) * (1 - (discount ?? 0) / 100) * 100);
  return cents / 100;
}

export type HourPackageValues = {
  customer: number | null;
  hours: number | string;
  price: number | string;
  discount: number | string;
};

export const hourPackageStart = (pkg: HourPackage | null, customerId: number | undefined): HourPackageValues => ({
  customer: pkg?.customer_id ?? customerId ?? null,
  hours: pkg?.hours ?? '',
  price: pkg?.price_per_hour ?? DEFAULT_PRICE_PER_HOUR,
  discount: pkg?.discount_percentage ?? 0,
});

/** Customer, hours other than 0 and a price are required; the dialog says so in one SPEC sentence. */
export function hourPackageProblems(v: HourPackageValues, editing: boolean) {
  const text = editing ? HOUR_PACKAGE_EDIT_REQUIRED : HOUR_PACKAGE_REQUIRED;
  const problems: Partial<Record<keyof HourPackageValues, string>> = {};
  if (!v.customer) problems.customer = text;
  if (!numberOrNull(v.hours)) problems.hours = text;
  if (numberOrNull(v.price) === null) problems.price = text;
  return problems;
}

export const hourPackageBody = (v: HourPackageValues) => ({
  hours: Number(v.hours),
  price_per_hour: Number(v.price),
  discount_percentage: numberOrNull(v.discount) ?? 0,
});
