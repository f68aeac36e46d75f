import { z } from 'zod';

/** Calendar date `YYYY-MM-DD` that really exists (no 2026-02-30). */
export const zDate = z
  .string({ error: 'Bitte geben Sie ein Datum an' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT)')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Dieses Datum existiert nicht');

export const zId = z.coerce
  .number({ error: 'Ungültige ID' })
  .int('Ungültige ID')
  .positive('Ungültige ID')
  .max(2_147_483_647, 'Ungültige ID');

export const zIdParams = z.object({ id: zId });
export const zCustomerIdParams = z.object({ customerId: zId });

export const zErrorResponse = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  success: z.literal(false).optional(),
});
export type ErrorResponse = z.infer<typeof zErrorResponse>;

export const zOkResponse = z.object({ success: z.literal(true), message: z.string().optional() });

/** Trimmed text; empty strings become null (optional free-text fields). */
export const zOptionalText = (max = 5000) =>
  z
    .string()
    .max(max, `Höchstens ${max} Zeichen`)
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed ? trimmed : null;
    });

export const zRequiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Höchstens ${max} Zeichen`);

/** A request body that may be left out entirely (Fastify then hands over null): read as {}. */
export const zOptionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);
