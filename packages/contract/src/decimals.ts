import { z } from 'zod';

/** At most two decimals (cents, hundredths of an hour); tolerant of binary float noise. */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
/** value is a whole multiple of step (steps of 0.25 and 0.5 are exact in binary). */
export const isMultipleOf = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

/** Euro amount ≥ 0 with at most 2 decimals; `required` is the text when it is missing. */
export const zMoney = (required: string) =>
  z
    .number({ error: required })
    .min(0, 'Der Betrag darf nicht negativ sein')
    .max(9_999_999_999, 'Der Betrag ist zu groß')
    .refine(hasAtMostTwoDecimals, 'Höchstens 2 Nachkommastellen');

/** Discount percentage 0–100 with at most 2 decimals. */
export const zPercent = z
  .number({ error: 'Der Rabatt muss zwischen 0 und 100 Prozent liegen' })
  .min(0, 'Der Rabatt muss zwischen 0 und 100 Prozent liegen')
  .max(100, 'Der Rabatt muss zwischen 0 und 100 Prozent liegen')
  .refine(hasAtMostTwoDecimals, 'Höchstens 2 Nachkommastellen');

/** Positive hours in steps of `step` (packages and subscriptions: 0.5). */
export const zPositiveHours = (required: string, step: number) =>
  z
    .number({ error: required })
    .positive('Die Stunden müssen größer als 0 sein')
    .max(10_000, 'Höchstens 10.000 Stunden')
    .refine(
      (v) => isMultipleOf(v, step),
      `Die Stunden müssen ein Vielfaches von ${String(step).replace('.', ',')} sein`,
    );
