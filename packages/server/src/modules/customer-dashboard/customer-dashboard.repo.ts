import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  customers,
  hourPackages,
  orders,
  projects,
  providerSettings,
  subscriptions,
  timeEntries,
} from '../../db/schema/index.js';

/** Reads of one customer's dashboard; each is bounded (5 newest) or small per customer. */

export async function findCustomer(db: Database, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      company: customers.company,
      birthdate: customers.birthdate,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

export function listSubscriptions(db: Database, customerId: number) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
}

export function listHourPackages(db: Database, customerId: number) {
  return db
    .select()
    .from(hourPackages)
    .where(eq(hourPackages.customerId, customerId))
    .orderBy(desc(hourPackages.purchaseDate), desc(hourPackages.id));
}

export function listActiveProjects(db: Database, customerId: number) {
  return db
    .select({ id: projects.id, name: projects.name, description: projects.description })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), eq(projects.isActive, true)))
    .orderBy(asc(projects.name), asc(projects.id));
}

const entryColumns = {
  id: timeEntries.id,
  activityDescription: timeEntries.activityDescription,
  workDate: timeEntries.workDate,
  hours: timeEntries.hours,
  createdBy: timeEntries.createdBy,
  projectId: timeEntries.projectId,
  projectName: projects.name,
  billingType: timeEntries.billingType,
  isBillable: timeEntries.isBillable,
  orderId: timeEntries.orderId,
  orderTitle: orders.title,
};

/** Newest first (work date, then booking order); served by time_entries_customer_type_date_idx. */
export function listEntries(
  db: Database,
  customerId: number,
  billingType: 'abos' | 'stundenpakete' | null,
  limit: number,
  offset = 0,
) {
  const where = billingType
    ? and(eq(timeEntries.customerId, customerId), eq(timeEntries.billingType, billingType))
    : eq(timeEntries.customerId, customerId);
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(orders, eq(orders.id, timeEntries.orderId))
    .where(where)
    .orderBy(desc(timeEntries.workDate), desc(timeEntries.id))
    .limit(limit)
    .offset(offset);
}

export async function countEntries(db: Database, customerId: number, billingType: 'abos' | 'stundenpakete' | null) {
  const where = billingType
    ? and(eq(timeEntries.customerId, customerId), eq(timeEntries.billingType, billingType))
    : eq(timeEntries.customerId, customerId);
  const [row] = await db.select({ n: count() }).from(timeEntries).where(where);
  return row.n;
}

/** All entries and per billing type in one pass over the customer's index range. */
export async function countEntriesByType(db: Database, customerId: number) {
  const [row] = await db
    .select({
      all: count(),
      abos: sql<number>`count(*) FILTER (WHERE ${timeEntries.billingType} = 'abos')::int`,
      packages: sql<number>`count(*) FILTER (WHERE ${timeEntries.billingType} = 'stundenpakete')::int`,
    })
    .from(timeEntries)
    .where(eq(timeEntries.customerId, customerId));
  return row;
}

/** The provider's contact for 'Mein BUTLER'; empty until the provider fills in the settings. */
export async function providerContact(db: Database) {
  const [row] = await db
    .select({
      companyName: providerSettings.companyName,
      contactEmail: providerSettings.contactEmail,
      contactPhone: providerSettings.contactPhone,
      whatsappNumber: providerSettings.whatsappNumber,
    })
    .from(providerSettings)
    .where(eq(providerSettings.id, 1))
    .limit(1);
  return {
    company_name: row?.companyName ?? 'Mein BUTLER',
    contact_email: row?.contactEmail ?? '',
    contact_phone: row?.contactPhone ?? '',
    whatsapp_number: row?.whatsappNumber ?? '',
  };
}

export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];
export type SubscriptionRow = typeof subscriptions.$inferSelect;
