import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client.js';
import {
  admins,
  customers,
  hourPackages,
  projects,
  subscriptions,
  subscriptionTemplates,
  timeEntries,
  wikiCategories,
} from '../src/db/schema/index.js';
import { cachedHash } from './test-app.js';

export const TEST_PASSWORD = 'Geheim-Passwort-1';

const uniqueSuffix = () => randomBytes(4).toString('hex');

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomReferralCode() {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}

export async function buildAdmin(db: Database, overrides: Partial<typeof admins.$inferInsert> = {}) {
  const [row] = await db
    .insert(admins)
    .values({
      username: `admin-${uniqueSuffix()}`,
      role: 'owner',
      passwordHash: await cachedHash(TEST_PASSWORD),
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildCustomer(db: Database, overrides: Partial<typeof customers.$inferInsert> = {}) {
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(customers)
    .values({
      firstName: 'Anna',
      lastName: `Huber-${suffix}`,
      email: `anna.${suffix}@example.at`,
      passwordHash: await cachedHash(TEST_PASSWORD),
      referralCode: randomReferralCode(),
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildProject(
  db: Database,
  customerId: number,
  overrides: Partial<typeof projects.$inferInsert> = {},
) {
  const [row] = await db
    .insert(projects)
    .values({ customerId, name: 'Haushalt', ...overrides })
    .returning();
  return row;
}

export async function buildSubscription(
  db: Database,
  customerId: number,
  overrides: Partial<typeof subscriptions.$inferInsert> & { startDate: string; endDate: string },
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      customerId,
      templateName: 'Classic',
      durationMonths: 12,
      monthlyHours: '10',
      monthlyPrice: '500',
      originalMonthlyPrice: '500',
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildHourPackage(
  db: Database,
  customerId: number,
  overrides: Partial<typeof hourPackages.$inferInsert> = {},
) {
  const [row] = await db
    .insert(hourPackages)
    .values({
      customerId,
      hours: '10',
      pricePerHour: '50',
      totalPrice: '500',
      purchaseDate: '2026-01-15',
      createdBy: 'admin',
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildTimeEntry(
  db: Database,
  customerId: number,
  projectId: number,
  overrides: Partial<typeof timeEntries.$inferInsert> = {},
) {
  const [row] = await db
    .insert(timeEntries)
    .values({
      customerId,
      projectId,
      hours: '1',
      activityDescription: 'Einkauf erledigt',
      workDate: '2026-01-20',
      createdBy: 'admin',
      billingType: 'abos',
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildSubscriptionTemplate(
  db: Database,
  overrides: Partial<typeof subscriptionTemplates.$inferInsert> = {},
) {
  const [row] = await db
    .insert(subscriptionTemplates)
    .values({ name: 'Classic', durationMonths: 12, pricePerHour: '50', monthlyTrips: 2, ...overrides })
    .returning();
  return row;
}

export async function buildWikiCategory(db: Database, overrides: Partial<typeof wikiCategories.$inferInsert> = {}) {
  const [row] = await db
    .insert(wikiCategories)
    .values({ name: `Notizen ${uniqueSuffix()}`, icon: '📝', createdBy: 'admin', ...overrides })
    .returning();
  return row;
}
