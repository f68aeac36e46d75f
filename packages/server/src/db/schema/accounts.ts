import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Staff accounts ("Mitarbeiter"); what each may do follows from `role` (contract/permissions.ts). */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /** owner (Inhaber), office (Büro), accounting (Buchhaltung), butler; accounts from before roles are owners. */
    role: text('role').notNull(),
    /** Permissions granted beyond the role's, only those the role allows (GRANTABLE, e.g. a Büro's reveal). */
    grants: text('grants').array().notNull().default(sql`'{}'::text[]`),
    /** Null while an invitation is open (no password set yet). */
    passwordHash: text('password_hash'),
    /** Full name shown in lists; the username when empty. */
    name: text('name').notNull().default(''),
    email: text('email'),
    isActive: boolean('is_active').notNull().default(true),
    /** TOTP secret sealed with the key ring (docs/decisions/0302); set once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** Secret of an enrolment not yet confirmed with a first code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** Last accepted TOTP time step: a code is accepted once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The password is the one the first start generated and printed (decision 0756): the app
     * offers to change it; any new password clears it.
     */
    passwordGenerated: boolean('password_generated').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The sign-in before the last one: null until the second sign-in ("Willkommen" the first time). */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    /** When this staff member hid the "Erste Schritte" checklist (decision 0630). */
    onboardingHiddenAt: timestamp('onboarding_hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('admins_role_ck', sql`${t.role} IN ('owner','office','accounting','butler')`),
    check('admins_grants_ck', sql`${t.grants} <@ ARRAY['wiki.secret.reveal']::text[]`),
  ],
);

/** Single-use recovery codes for staff 2FA, stored as argon2id hashes (≈ 49 bits each, so salted and slow). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_admin_idx').on(t.adminId)],
);

export const ACCOUNT_TOKEN_PURPOSES = [
  'staff_invitation',
  'customer_invitation',
  'password_reset',
  'login_totp',
  'login_enrol',
] as const;

/**
 * Single-use links (invitations, password resets) and login challenges (second factor);
 * only the SHA-256 of the token is stored.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    index('account_tokens_admin_idx').on(t.adminId),
    index('account_tokens_customer_idx').on(t.customerId),
    check(
      'account_tokens_purpose_ck',
      sql`${t.purpose} IN ('staff_invitation','customer_invitation','password_reset','login_totp','login_enrol')`,
    ),
    check('account_tokens_owner_ck', sql`(${t.adminId} IS NULL) <> (${t.customerId} IS NULL)`),
  ],
);

export type ChildRecord = { name: string; gender: 'boy' | 'girl'; age: number | null };

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** "Anrede" for formal letters ('frau' | 'herr'); null: not known (decision 0620). */
    salutation: text('salutation').$type<'frau' | 'herr'>(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    uid: text('uid'),
    // Billing address country (ISO 3166-1 alpha-2) and whether the customer buys as a business (B2B).
    country: text('country').notNull().default('AT'),
    isBusiness: boolean('is_business').notNull().default(false),
    birthdate: date('birthdate').notNull().default('1970-01-01'),
    /** Null while an invitation is open (no password set yet). */
    passwordHash: text('password_hash'),
    referralCode: text('referral_code').notNull(),
    referredById: integer('referred_by_id').references((): any => customers.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    privateNotes: text('private_notes'),
    companyInfo: text('company_info'),
    specialNotes: text('special_notes'),
    notes: text('notes'),
    maritalStatus: text('marital_status'),
    partnerName: text('partner_name'),
    partnerGender: text('partner_gender'),
    partnerBirthdate: date('partner_birthdate'),
    children: jsonb('children').$type<ChildRecord[]>().notNull().default([]),
    /** "Mein Konto": mails when the balance runs low (staff are told regardless). */
    balanceAlertMails: boolean('balance_alert_mails').notNull().default(true),
    /** "Mein Konto": the Monatsübersicht by mail on the 1st (always downloadable in the lounge). */
    statementMails: boolean('statement_mails').notNull().default(true),
    /** "Mein Konto": mails about the customer's Aufträge (answers, state, Freigabe, closing; decision 0810). */
    orderMails: boolean('order_mails').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('customers_referral_code_uq').on(t.referralCode),
    index('customers_referred_by_idx').on(t.referredById),
    // The list's order (name, id): a page is a plain index range, no sort (decision 0402).
    index('customers_name_idx').on(t.lastName, t.firstName, t.id),
    // The customer search is ILIKE '%…%' over the name parts, the full name, e-mail, company and
    // code: one multi-column trigram index, a BitmapOr of its columns (decision 0402).
    index('customers_search_trgm_idx').using(
      'gin',
      t.firstName.op('gin_trgm_ops'),
      t.lastName.op('gin_trgm_ops'),
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
      t.email.op('gin_trgm_ops'),
      t.company.op('gin_trgm_ops'),
      t.referralCode.op('gin_trgm_ops'),
    ),
    check('customers_salutation_ck', sql`${t.salutation} IS NULL OR ${t.salutation} IN ('frau','herr')`),
    check('customers_country_ck', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('customers_not_self_referred', sql`${t.referredById} IS NULL OR ${t.referredById} <> ${t.id}`),
    check(
      'customers_marital_status_ck',
      sql`${t.maritalStatus} IS NULL OR ${t.maritalStatus} IN ('verheiratet','geschieden','ledig')`,
    ),
    check(
      'customers_partner_gender_ck',
      sql`${t.partnerGender} IS NULL OR ${t.partnerGender} IN ('männlich','weiblich')`,
    ),
  ],
);

/**
 * "Betreuer": the staff members who look after a customer. A Butler reaches only the
 * customers listed here for them (lib/customer-scope.ts).
 */
export const customerStaff = pgTable(
  'customer_staff',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.adminId] }),
    index('customer_staff_admin_idx').on(t.adminId, t.customerId),
  ],
);

/** Server-side sessions; only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: bytea('token_hash').notNull(),
    userType: text('user_type').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Shown under "Angemeldete Geräte": the browser's User-Agent (shortened) and client address. */
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_admin_idx').on(t.adminId),
    index('sessions_customer_idx').on(t.customerId),
    check('sessions_user_type_ck', sql`${t.userType} IN ('admin','customer')`),
    check(
      'sessions_owner_ck',
      sql`(${t.userType} = 'admin' AND ${t.adminId} IS NOT NULL AND ${t.customerId} IS NULL) OR (${t.userType} = 'customer' AND ${t.customerId} IS NOT NULL AND ${t.adminId} IS NULL)`,
    ),
  ],
);

/** Failed login attempts per account key and per client address, for rate limiting. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    attemptKey: text('attempt_key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.attemptKey, t.attemptedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
    /** The customer the record belongs to (for the "Protokoll" filter and the lounge's "Zugriffe"). */
    customerId: integer('customer_id'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_customer_idx').on(t.customerId, t.at),
    index('audit_log_actor_idx').on(t.actorType, t.actorId, t.at),
  ],
);
