import { z } from 'zod';
import { accentColorProblem } from './brand-colors.js';
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
    /** "WhatsApp" in the lounge's contact dialog (decision 0761); empty: the phone number if it is a mobile. */
    whatsapp_number: zSettingText(50).refine(
      (v) => v === '' || (/^[+\d\s()/-]+$/.test(v) && v.replace(/\D/g, '').length >= 8),
      'Bitte geben Sie eine Mobilnummer an, z. B. +43 664 1234567',
    ),
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
    /** '' for the portal's gold; else #rrggbb with 4.5:1 on the header (decision 0635). */
    accent_color: z
      .string()
      .trim()
      .toLowerCase()
      .superRefine((value, check) => {
        const problem = value === '' ? null : accentColorProblem(value);
        if (problem) check.addIssue({ code: 'custom', message: problem });
      }),
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
  whatsapp_number: z.string(),
  iban: z.string(),
  bic: z.string(),
  bank_name: z.string(),
  payment_terms_days: z.number(),
  invoice_number_format: z.string(),
  small_business: z.boolean(),
  invoice_footer: z.string(),
  invoice_email_subject: z.string(),
  invoice_email_body: z.string(),
  accent_color: z.string(),
  has_logo: z.boolean(),
});
export type InvoiceSettings = z.infer<typeof zInvoiceSettings>;

/** The issuer data § 11 UStG asks of every invoice, in the order the form shows them. */
export const ISSUER_FIELD_LABELS = {
  company_name: 'Firmenname',
  street: 'Straße',
  postal_code: 'PLZ',
  city: 'Ort',
  uid: 'UID-Nummer',
  tax_number: 'UID-Nummer oder Steuernummer',
} as const;
export type IssuerField = keyof typeof ISSUER_FIELD_LABELS;

type IssuerData = Pick<InvoiceSettings, 'company_name' | 'street' | 'postal_code' | 'city' | 'uid' | 'tax_number'>;

/**
 * The mandatory issuer fields still empty (decision 0632): name and address always; the
 * UID-Nummer, or as Kleinunternehmer the UID-Nummer or the Steuernummer (reported as
 * `tax_number`). The server refuses to issue while one is missing; the settings form and
 * the first-day checklist show the same list.
 */
export function missingIssuerFields(s: IssuerData, smallBusiness: boolean): IssuerField[] {
  const empty = (v: string) => v.trim() === '';
  const missing: IssuerField[] = [];
  for (const field of ['company_name', 'street', 'postal_code', 'city'] as const) {
    if (empty(s[field])) missing.push(field);
  }
  if (!smallBusiness && empty(s.uid)) missing.push('uid');
  if (smallBusiness && empty(s.uid) && empty(s.tax_number)) missing.push('tax_number');
  return missing;
}
