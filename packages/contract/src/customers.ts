import { z } from 'zod';
import { zDate, zId, zOptionalText } from './common.js';
import { DEFAULT_COUNTRY, isCountryCode } from './countries.js';
import { zPageQuery, zSearchParam } from './list-query.js';
import { zNewPassword } from './password-rules.js';
import { zStaffOption } from './staff.js';
import { SALUTATIONS } from './voice.js';

export const MARITAL_STATUSES = ['verheiratet', 'geschieden', 'ledig'] as const;
export const PARTNER_GENDERS = ['männlich', 'weiblich'] as const;
export const CHILD_GENDERS = ['boy', 'girl'] as const;
/** Referral codes: 8 characters, upper-case letters and digits without 0/O/1/I (DOMAIN-RULES §5). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

import { DEFAULT_BIRTHDATE } from './format.js';

export { DEFAULT_BIRTHDATE, knownBirthdate } from './format.js';

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);
const zEmail = z
  .string({ error: 'Bitte geben Sie eine E-Mail-Adresse ein' })
  .trim()
  .min(1, 'Bitte geben Sie eine E-Mail-Adresse ein')
  .max(254)
  .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein'));
const zPassword = zNewPassword;
const zBirthdate = zDate.nullish().transform((v) => v ?? DEFAULT_BIRTHDATE);

/** For partial updates: missing stays undefined (unchanged), empty becomes null (cleared). */
const zPatchText = (max: number) =>
  z
    .string()
    .max(max, `Höchstens ${max} Zeichen`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value?.trim() || null));

const CONTACT_LIMITS = { company: 200, phone: 50, street: 200, postal_code: 20, city: 100, uid: 30 } as const;

/** ISO 3166-1 alpha-2 code of the billing address, upper-cased. */
export const zCountryCode = z
  .string({ error: 'Bitte wählen Sie ein Land' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Bitte wählen Sie ein Land aus der Liste');

/**
 * UID-Nummer (VAT identification number): country prefix and 2–13 letters or digits,
 * spaces removed, upper-cased; empty becomes null.
 */
const uidText = z
  .string()
  .max(CONTACT_LIMITS.uid, `Höchstens ${CONTACT_LIMITS.uid} Zeichen`)
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine(
    (v) => v === '' || /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(v),
    'Die UID-Nummer muss mit dem Ländercode beginnen, z. B. ATU12345678 oder DE123456789',
  )
  .refine(
    (v) => !v.startsWith('AT') || /^ATU\d{8}$/.test(v),
    'Eine österreichische UID-Nummer hat das Format ATU12345678',
  );
const zUid = uidText.nullish().transform((v) => v || null);
const zPatchUid = uidText.nullish().transform((v) => (v === undefined ? undefined : v || null));

const contactFields = {
  company: zOptionalText(CONTACT_LIMITS.company),
  phone: zOptionalText(CONTACT_LIMITS.phone),
  street: zOptionalText(CONTACT_LIMITS.street),
  postal_code: zOptionalText(CONTACT_LIMITS.postal_code),
  city: zOptionalText(CONTACT_LIMITS.city),
  uid: zUid,
  country: zCountryCode.nullish().transform((v) => v ?? DEFAULT_COUNTRY),
  /** Buys for a business (B2B): decides the UID rules of its invoices. */
  is_business: z
    .boolean({ error: 'Ungültiger Wert' })
    .nullish()
    .transform((v) => v ?? false),
};
const contactPatchFields = {
  company: zPatchText(CONTACT_LIMITS.company),
  phone: zPatchText(CONTACT_LIMITS.phone),
  street: zPatchText(CONTACT_LIMITS.street),
  postal_code: zPatchText(CONTACT_LIMITS.postal_code),
  city: zPatchText(CONTACT_LIMITS.city),
  uid: zPatchUid,
  country: zCountryCode.optional(),
  is_business: z.boolean({ error: 'Ungültiger Wert' }).optional(),
};

/** "Anrede" (Frau/Herr) or none: formal letters greet by it (decision 0620). */
const zSalutation = z
  .enum(SALUTATIONS, { error: 'Ungültige Anrede' })
  .nullish()
  .transform((v) => v ?? null);

export const zCustomerCreate = z
  .object({
    first_name: requiredName('Bitte geben Sie einen Vornamen ein'),
    last_name: requiredName('Bitte geben Sie einen Nachnamen ein'),
    salutation: zSalutation,
    email: zEmail,
    ...contactFields,
    birthdate: zBirthdate,
    /** Required unless `send_invitation`: then the customer sets it through the mailed link. */
    password: z
      .union([z.literal(''), zPassword])
      .nullish()
      .transform((v) => v || undefined),
    /** "Einladung senden": mail a single-use link (7 days) instead of typing a password. */
    send_invitation: z.boolean({ error: 'Ungültiger Wert' }).optional().default(false),
    /** Referral code of the customer who recommended this one (create only, case-insensitive). */
    referred_by_code: zOptionalText(20),
  })
  // `when`: also checked while other fields are wrong, so the form shows every message at once.
  .refine((v) => v.send_invitation || v.password, {
    path: ['password'],
    message: 'Bitte geben Sie ein Passwort ein',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .refine((v) => !(v.send_invitation && v.password), {
    path: ['password'],
    message: 'Bei einer Einladung legt der Kunde das Passwort selbst fest: bitte das Feld leer lassen',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type CustomerCreate = z.input<typeof zCustomerCreate>;

/**
 * Every field optional: the notes cards send only their field. An empty or missing
 * password keeps the old one; is_active false ends the customer's sessions.
 */
export const zCustomerUpdate = z.object({
  first_name: requiredName('Bitte geben Sie einen Vornamen ein').optional(),
  last_name: requiredName('Bitte geben Sie einen Nachnamen ein').optional(),
  /** null clears it; missing keeps it. */
  salutation: z.enum(SALUTATIONS, { error: 'Ungültige Anrede' }).nullish(),
  email: zEmail.optional(),
  ...contactPatchFields,
  birthdate: zDate.nullish().transform((v) => (v === null ? DEFAULT_BIRTHDATE : v)),
  password: z
    .union([z.literal(''), zPassword])
    .nullish()
    .transform((v) => v || undefined),
  is_active: z.boolean({ error: 'Ungültiger Wert' }).optional(),
  private_notes: zPatchText(20_000),
  company_info: zPatchText(20_000),
  special_notes: zPatchText(20_000),
  notes: zPatchText(20_000),
});
export type CustomerUpdate = z.input<typeof zCustomerUpdate>;

export const zChild = z.object({
  name: z
    .string({ error: 'Bitte geben Sie den Namen des Kindes ein' })
    .trim()
    .min(1, 'Bitte geben Sie den Namen des Kindes ein')
    .max(100),
  gender: z.enum(CHILD_GENDERS, { error: 'Ungültige Auswahl' }),
  age: z
    .number()
    .int('Das Alter muss eine ganze Zahl sein')
    .min(0)
    .max(150)
    .nullish()
    .transform((v) => v ?? null),
});
export type Child = z.output<typeof zChild>;

export const zPersonalDataUpdate = z.object({
  marital_status: z
    .enum(MARITAL_STATUSES, { error: 'Ungültiger Familienstand' })
    .nullish()
    .transform((v) => v ?? null),
  partner_name: zOptionalText(200),
  partner_gender: z
    .enum(PARTNER_GENDERS, { error: 'Ungültige Auswahl' })
    .nullish()
    .transform((v) => v ?? null),
  partner_birthdate: zDate.nullish().transform((v) => v ?? null),
  children: z
    .array(zChild)
    .max(30)
    .nullish()
    .transform((v) => v ?? []),
});
export type PersonalDataUpdate = z.input<typeof zPersonalDataUpdate>;

export const zNotesUpdate = z.object({ notes: zOptionalText(20_000) });

export const zCustomerListQuery = zPageQuery.extend({ search: zSearchParam });

export const zCustomerListItem = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  birthdate: z.string(),
  is_active: z.boolean(),
  referral_code: z.string(),
  referred_by_id: z.number().nullable(),
  created_at: z.string(),
  /** The address a Butler drives to (decision 0743); also the billing address. */
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
});
export type CustomerListItem = z.infer<typeof zCustomerListItem>;

export const zCustomer = zCustomerListItem.extend({
  /** "Anrede" for formal letters: 'frau', 'herr' or null (decision 0620). */
  salutation: z.enum(SALUTATIONS).nullable(),
  uid: z.string().nullable(),
  country: z.string(),
  is_business: z.boolean(),
  referred_by_name: z.string().nullable(),
  private_notes: z.string().nullable(),
  company_info: z.string().nullable(),
  special_notes: z.string().nullable(),
  notes: z.string().nullable(),
  marital_status: z.enum(MARITAL_STATUSES).nullable(),
  partner_name: z.string().nullable(),
  partner_gender: z.enum(PARTNER_GENDERS).nullable(),
  partner_birthdate: z.string().nullable(),
  children: z.array(z.object({ name: z.string(), gender: z.enum(CHILD_GENDERS), age: z.number().nullable() })),
  /** "Betreuer": the staff members who look after this customer (a Butler sees only these customers). */
  staff: z.array(zStaffOption),
});
export type Customer = z.infer<typeof zCustomer>;

/** PUT /api/customers/:id/staff: the customer's Betreuer (replaces the list; empty: none). */
export const zCustomerStaffUpdate = z.object({
  staff_ids: z
    .array(zId, { error: 'Bitte wählen Sie die Betreuer aus' })
    .max(50, 'Höchstens 50 Betreuer')
    .refine((ids) => new Set(ids).size === ids.length, 'Jeder Betreuer nur einmal'),
});
export type CustomerStaffUpdate = z.infer<typeof zCustomerStaffUpdate>;

/** What deleting a customer removed with them; issued invoices stay (§132 BAO). */
export const zCustomerDeleteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.object({
    projects: z.number(),
    time_entries: z.number(),
    hour_packages: z.number(),
    subscriptions: z.number(),
    wiki_entries: z.number(),
  }),
  kept_invoices: z.number(),
});
export type CustomerDeleteResponse = z.infer<typeof zCustomerDeleteResponse>;

/** GDPR erasure (decision 0423): the customer's full name typed as confirmation. */
export const zCustomerErasureInput = z.object({
  confirmation: z
    .string({ error: 'Bitte geben Sie zur Bestätigung den Namen des Kunden ein' })
    .max(300, { error: 'Die Bestätigung ist zu lang' }),
});
export type CustomerErasureInput = z.infer<typeof zCustomerErasureInput>;

export const zCustomerErasureResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.object({
    projects: z.number(),
    time_entries: z.number(),
    hour_packages: z.number(),
    subscriptions: z.number(),
    wiki_entries: z.number(),
    wiki_files: z.number(),
    sessions: z.number(),
    mails: z.number(),
    audit_values: z.number(),
  }),
  kept_invoices: z.number(),
});
export type CustomerErasureResponse = z.infer<typeof zCustomerErasureResponse>;
