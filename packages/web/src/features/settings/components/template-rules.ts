import { type SubscriptionTemplate, TEMPLATE_REQUIRED } from '@butler/contract/subscription-templates';

export type TemplateValues = {
  name: string;
  duration: number | string;
  price: number | string;
  trips: number | string;
  /** Offered in the lounge's "Paket ändern" (decision 0851). */
  offered: boolean;
};

export const templateStart = (template: SubscriptionTemplate | null): TemplateValues => ({
  name: template?.name ?? '',
  duration: template?.duration_months ?? '',
  price: template?.price_per_hour ?? '',
  trips: template?.monthly_trips ?? '',
  offered: template?.offered_in_lounge ?? true,
});

/** SPEC §5: name, duration and price are required (one sentence for all); trips are optional. */
export function templateProblems(v: TemplateValues): Partial<Record<keyof TemplateValues, string>> {
  const problems: Partial<Record<keyof TemplateValues, string>> = {};
  if (!v.name.trim()) problems.name = TEMPLATE_REQUIRED;
  if (v.duration === '') problems.duration = TEMPLATE_REQUIRED;
  if (v.price === '') problems.price = TEMPLATE_REQUIRED;
  return problems;
}

/** Whole months and trips; empty trips mean "no trips included" (null). */
export const templateBody = (v: TemplateValues) => ({
  name: v.name.trim(),
  duration_months: Math.trunc(Number(v.duration)),
  price_per_hour: Number(v.price),
  monthly_trips: v.trips === '' ? null : Math.trunc(Number(v.trips)),
  offered_in_lounge: v.offered,
});
