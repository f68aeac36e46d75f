import type { CustomerVoice } from '@butler/contract/voice';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { blobs } from './blobs.js';
import { percentColumn } from './columns.js';

const singleRow = (name: string) => check(`${name}_single_row_ck`, sql.raw('id = 1'));

export const referralSettings = pgTable(
  'referral_settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultDiscountPercentage: percentColumn('default_discount_percentage').notNull().default('3'),
    isActive: boolean('is_active').notNull().default(true),
    rThreshold1: numeric('r_threshold_1', { precision: 8, scale: 2 }).notNull().default('0.5'),
    rThreshold2: numeric('r_threshold_2', { precision: 8, scale: 2 }).notNull().default('1'),
    rThreshold3: numeric('r_threshold_3', { precision: 8, scale: 2 }).notNull().default('2'),
    rThreshold4: numeric('r_threshold_4', { precision: 8, scale: 2 }).notNull().default('3'),
    capPercentage1: percentColumn('cap_percentage_1').notNull().default('25'),
    capPercentage2: percentColumn('cap_percentage_2').notNull().default('50'),
    capPercentage3: percentColumn('cap_percentage_3').notNull().default('80'),
    capPercentage4: percentColumn('cap_percentage_4').notNull().default('90'),
    capPercentage5: percentColumn('cap_percentage_5').notNull().default('100'),
    /** What a referred friend gets, completing "Deine Freunde bekommen …" (decision 0760; SPEC §1's gift). */
    giftText: text('gift_text')
      .notNull()
      .default('ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung'),
  },
  () => [singleRow('referral_settings')],
);

/** Sign-in rules for staff (Einstellungen → Mitarbeiter). */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** "Zwei-Faktor-Anmeldung für alle Mitarbeiter verpflichtend": enrolment forced at the next login. */
    requireStaffTotp: boolean('require_staff_totp').notNull().default(false),
    /** How many days back a Butler may book and change their own time entries (decision 0540). */
    butlerTimeEntryDays: integer('butler_time_entry_days').notNull().default(7),
  },
  (t) => [
    singleRow('security_settings'),
    check('security_settings_butler_days_ck', sql`${t.butlerTimeEntryDays} BETWEEN 0 AND 365`),
  ],
);

export const dashboardSettings = pgTable(
  'dashboard_settings',
  {
    id: integer('id').primaryKey().default(1),
    monthlyTargetHours: numeric('monthly_target_hours', { precision: 8, scale: 2 }).notNull().default('100'),
    colorThresholdRedMax: numeric('color_threshold_red_max', { precision: 8, scale: 2 }).notNull().default('30'),
    colorThresholdYellowMax: numeric('color_threshold_yellow_max', { precision: 8, scale: 2 }).notNull().default('70'),
    sellableHoursPerMonth: numeric('sellable_hours_per_month', { precision: 8, scale: 2 }).notNull().default('120'),
    workloadThresholdGreenMax: numeric('workload_threshold_green_max', { precision: 8, scale: 2 })
      .notNull()
      .default('80'),
    workloadThresholdYellowMax: numeric('workload_threshold_yellow_max', { precision: 8, scale: 2 })
      .notNull()
      .default('100'),
    /** When someone first saved the targets; null while they are SPEC §9's defaults nobody chose (decision 0630). */
    savedAt: timestamp('saved_at', { withTimezone: true }),
  },
  () => [singleRow('dashboard_settings')],
);

/** The provider's own data: contact for the lounge, letterhead and bank for invoices. */
export const providerSettings = pgTable(
  'provider_settings',
  {
    id: integer('id').primaryKey().default(1),
    // Empty until the owner enters it (decision 0630: no prefilled name for someone else's firm).
    companyName: text('company_name').notNull().default(''),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('AT'),
    uid: text('uid').notNull().default(''),
    // Steuernummer (EN 16931 BT-32, scheme FC): a Kleinunternehmer without UID needs it.
    taxNumber: text('tax_number').notNull().default(''),
    companyRegister: text('company_register').notNull().default(''),
    companyCourt: text('company_court').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    whatsappNumber: text('whatsapp_number').notNull().default(''),
    iban: text('iban').notNull().default(''),
    bic: text('bic').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(14),
    invoiceNumberFormat: text('invoice_number_format').notNull().default('{YYYY}-{NNNN}'),
    smallBusiness: boolean('small_business').notNull().default(false),
    invoiceFooter: text('invoice_footer').notNull().default(''),
    /** Empty: the default subject in the customers' form of address (letter-texts.ts). */
    invoiceEmailSubject: text('invoice_email_subject').notNull().default(''),
    invoiceEmailBody: text('invoice_email_body').notNull().default(''),
    /** "Anrede der Kunden": 'du' (SPEC's lounge voice) or 'sie', for every customer-facing text (decision 0620). */
    customerVoice: text('customer_voice').$type<CustomerVoice>().notNull().default('du'),
    /** Legacy: the logo's file name under DATA_DIR/quickbill before the move into PostgreSQL. */
    logoFile: text('logo_file'),
    /** The owner's accent colour (#rrggbb, contrast checked when saved); '' for the portal's gold (decision 0635). */
    accentColor: text('accent_color').notNull().default(''),
    /** The letterhead logo (PNG or JPEG) in the blob store. */
    logoBlobId: bigint('logo_blob_id', { mode: 'number' }).references(() => blobs.id),
  },
  (t) => [
    singleRow('provider_settings'),
    check('provider_settings_terms_ck', sql`${t.paymentTermsDays} BETWEEN 0 AND 365`),
    check('provider_settings_customer_voice_ck', sql`${t.customerVoice} IN ('du','sie')`),
  ],
);

/**
 * The data version, spread over DATA_VERSION_SLOTS rows: statement triggers on every write
 * to the tables the dashboards aggregate bump the row of their backend
 * (`pg_backend_pid() % slots + 1`, migrations 0004, 0011), so concurrent writers rarely
 * wait on one another; the version is the sum of all rows (decision 0347). Cached
 * dashboard figures are valid while the sum is unchanged.
 */
export const DATA_VERSION_SLOTS = 16;
export const dataVersion = pgTable(
  'data_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('data_version_slot_ck', sql`${t.id} BETWEEN 1 AND 16`)],
);
