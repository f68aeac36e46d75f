import { PACKAGE_CHANGE_NEUTRAL } from '@butler/contract/package-change-texts';
import type { PackageChangeOptions, PackageRequestCreate } from '@butler/contract/subscription-requests';

/** The staff's ButlerPaket form's bounds (contract/subscriptions.ts), without loading zod in the lounge. */
export const MAX_MONTHLY_HOURS = 10_000;

export type PackageChangeValues = { template: string | null; hours: number | string; message: string };

/** The dialog starts with the running ButlerPaket's template (when offered) and hours. */
export function packageChangeStart(options: PackageChangeOptions): PackageChangeValues {
  const current = options.subscription;
  const offered = options.templates.some((t) => t.id === current?.template_id);
  return {
    template:
      offered && current?.template_id ? String(current.template_id) : (options.templates[0]?.id.toString() ?? null),
    hours: current?.monthly_hours ?? '',
    message: '',
  };
}

/** The hours as a number when they are valid hours of a ButlerPaket (more than 0, at most 10.000, steps of `step`). */
export function validHours(value: number | string, step: number): number | null {
  const hours = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_MONTHLY_HOURS) return null;
  return Math.abs(hours / step - Math.round(hours / step)) < 1e-9 ? hours : null;
}

/** What is wrong with the hours, in the words of the server's check (contract/decimals.ts). */
export function hoursProblem(value: number | string, step: number): string | null {
  if (value === '' || value === null) return PACKAGE_CHANGE_NEUTRAL.hoursMissing;
  const hours = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (!Number.isFinite(hours)) return PACKAGE_CHANGE_NEUTRAL.hoursMissing;
  if (hours <= 0) return 'Die Stunden müssen größer als 0 sein';
  if (hours > MAX_MONTHLY_HOURS) return 'Höchstens 10.000 Stunden';
  if (validHours(hours, step) === null)
    return `Die Stunden müssen ein Vielfaches von ${String(step).replace('.', ',')} sein`;
  return null;
}

/** The chosen template and hours are the running ButlerPaket's: nothing to ask for yet. */
export function sameAsNow(values: PackageChangeValues, options: PackageChangeOptions): boolean {
  const hours = validHours(values.hours, options.hours_step);
  return (
    hours !== null &&
    Number(values.template) === options.subscription?.template_id &&
    hours === options.subscription?.monthly_hours
  );
}

/** The first problem's sentence is the one the dialog shows (same words as the server). */
export function packageChangeErrors(values: PackageChangeValues, options: PackageChangeOptions) {
  const errors: Partial<Record<keyof PackageChangeValues, string>> = {};
  if (!values.template) errors.template = PACKAGE_CHANGE_NEUTRAL.templateMissing;
  const hours = hoursProblem(values.hours, options.hours_step);
  if (hours) errors.hours = hours;
  else if (sameAsNow(values, options)) errors.hours = PACKAGE_CHANGE_NEUTRAL.sameAsNow;
  return errors;
}

export const packageChangeBody = (values: PackageChangeValues, key: string): PackageRequestCreate => ({
  kind: 'change',
  template_id: Number(values.template),
  monthly_hours: Number(String(values.hours).replace(',', '.')),
  message: values.message.trim(),
  idempotency_key: key,
});
