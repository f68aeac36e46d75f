import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const admins = pgTable('admins', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export type ChildRecord = { name: string; gender: 'boy' | 'girl'; age: number | null };

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
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
    passwordHash: text('password_hash').notNull(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('customers_referral_code_uq').on(t.referralCode),
    index('customers_referred_by_idx').on(t.referredById),
    index('customers_name_idx').on(t.lastName, t.firstName),
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
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);
