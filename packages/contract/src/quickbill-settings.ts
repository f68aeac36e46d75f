import { z } from 'zod';
import { mod97 } from './sepa-rules.js';

/** Quickbill invoice settings (provider letterhead, bank, numbering, mail texts). */

/** IBAN check digits (ISO 13616, mod 97 = 1); spaces are ignored. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** Number format: needs the year ({YYYY} or {YY}) so numbers stay unique across years, and {N…} for the sequence. */
export function isValidNumberFormat(value: string): boolean {
  return /\{N+\}/.test(value) && /\{(YYYY|YY)\}/.test(value) && value.length <= 40;
}

const zSettingText = (max = 200) => z.string().trim().max(max, `Höchstens ${max} Zeichen`);

export const zInvoiceSettingsInput = z
  .object({
    company_name: zSettingText().min(1, 'Bitte geben Sie den Firmennamen an'),
    street: zSettingText(),
    postal_code: zSettingText(20),
    city: zSettingText(),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Bitte geben Sie einen Ländercode wie AT an'),
    uid: z
      .string()
      .trim()
      .toUpperCase()
      .transform((v) => v.replace(/\s+/g, ''))
      .refine((v) => v === '' || /^ATU\d{8}$/.test(v), 'Die UID-Nummer muss das Format ATU12345678 haben'),
    /** Steuernummer (EN 16931 BT-32): 9 digits, written e.g. 12 345/6789. */
    tax_number: z
      .string()
      .trim()
      .max(20, 'Höchstens 20 Zeichen')
      .refine(
        (v) => v === '' || (/^[\d\s/-]+$/.test(v) && v.replace(/\D/g, '').length === 9),
        'Die Steuernummer hat 9 Ziffern, z. B. 12 345/6789',
      ),
    company_register: zSettingText(),
    company_court: zSettingText(),
    contact_email: z
      .string()
      .trim()
      .max(200)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Bitte geben Sie eine gültige E-Mail-Adresse an'),
    contact_phone: zSettingText(50),
    iban: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine((v) => v === '' || isValidIban(v), 'Die IBAN ist ungültig (Prüfziffer stimmt nicht)'),
    bic: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), 'Der BIC ist ungültig'),
    bank_name: zSettingText(),
    payment_terms_days: z.coerce
      .number({ error: 'Bitte geben Sie das Zahlungsziel in Tagen an' })
      .int('Bitte geben Sie ganze Tage an')
      .min(0, 'Das Zahlungsziel darf nicht negativ sein')
      .max(365, 'Höchstens 365 Tage'),
    invoice_number_format: z
      .string()
      .trim()
      .refine(isValidNumberFormat, 'Das Nummernformat braucht {YYYY} (oder {YY}) und {NNNN}, z. B. {YYYY}-{NNNN}'),
    small_business: z.boolean(),
    invoice_footer: zSettingText(1000),
    invoice_email_subject: zSettingText(200),
    invoice_email_body: zSettingText(5000),
  })
  .partial();
export type InvoiceSettingsInput = z.infer<typeof zInvoiceSettingsInput>;

export const zInvoiceSettings = z.object({
  company_name: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
  uid: z.string(),
  tax_number: z.string(),
  company_register: z.string(),
  company_court: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  iban: z.string(),
  bic: z.string(),
  bank_name: z.string(),
  payment_terms_days: z.number(),
  invoice_number_format: z.string(),
  small_business: z.boolean(),
  invoice_footer: z.string(),
  invoice_email_subject: z.string(),
  invoice_email_body: z.string(),
  has_logo: z.boolean(),
});
export type InvoiceSettings = z.infer<typeof zInvoiceSettings>;
