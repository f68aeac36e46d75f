import { todayInVienna } from '@butler/contract/format';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Transaction as Tx } from '../db/executor.js';
import {
  admins,
  customers,
  dashboardSettings,
  hourPackages,
  projects,
  providerSettings,
  subscriptions,
  subscriptionTemplates,
  timeEntries,
  wikiCategories,
  wikiEntries,
} from '../db/schema/index.js';
import { automaticBillingStart } from '../domain/billing-periods.js';
import { hashPassword } from '../lib/passwords.js';
import { TEMPLATES, WIKI_CATEGORIES } from './catalog.js';
import { DEMO_PASSWORD } from './demo-password.js';
import { buildDemoPlan, type DemoPlan } from './plan.js';
import { DEMO_PROVIDER } from './provider.js';
import { DEMO_OWNER_NAME, DEMO_STAFF, insertDemoStaff } from './staff.js';

export type SeedDemoOptions = {
  /** `YYYY-MM-DD`; defaults to today in Vienna. */
  today?: string;
  /** Set when this start created the first admin with the demo password, so it can be printed. */
  adminPassword?: string;
};

/** The first line `seedDemoData` answers when it filled the database. */
export const DEMO_SEEDED_PREFIX = 'Demo-Daten angelegt:';

/** Serialises two demo starts against one external database. */
const LOCK_KEY = 0x0b07_de30;
/** Rows per INSERT: well below PostgreSQL's 65 535 bind parameters. */
const CHUNK = 1000;

const at = (date: string) => new Date(`${date}T10:00:00Z`);

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Fills an empty database (no customers) with the demo data of `buildDemoPlan`, in one
 * transaction, and answers the lines `npm run demo` prints. A database with customers is
 * left alone.
 */
export async function seedDemoData(db: Database, options: SeedDemoOptions = {}): Promise<string[]> {
  const [{ count: existing }] = await db.select({ count: sql<number>`count(*)::int` }).from(customers);
  // argon2 is slow on purpose: hashed outside the transaction. The customers share one hash;
  // each staff member gets their own (own salt), as an account made by hand would (decision 0705).
  const passwordHash = existing === 0 ? await hashPassword(DEMO_PASSWORD) : '';
  const staffHashes = existing === 0 ? await Promise.all(DEMO_STAFF.map(() => hashPassword(DEMO_PASSWORD))) : [];
  const plan = buildDemoPlan(options.today ?? todayInVienna());
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    const [admin] = await tx
      .select({ id: admins.id, username: admins.username, name: admins.name })
      .from(admins)
      .orderBy(asc(admins.id))
      .limit(1);
    const adminName = admin?.username ?? 'admin';
    const adminLine = `Admin: ${adminName} / ${options.adminPassword ?? '(das beim ersten Start angezeigte oder in ADMIN_PASSWORD gesetzte Passwort)'}`;
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(customers);
    if (count > 0 || !passwordHash)
      return ['Keine Demo-Daten angelegt: Die Datenbank enthält bereits Kunden.', adminLine];
    // Bookings show people's names (decision 0622): the Inhaberin of the demo is Lisa Berger
    // unless the first admin already has a name of their own.
    const owner = admin?.name.trim() || DEMO_OWNER_NAME;
    if (admin && !admin.name.trim()) await tx.update(admins).set({ name: owner }).where(eq(admins.id, admin.id));
    const counts = await insertPlan(tx, plan, passwordHash, { name: owner, adminId: admin?.id ?? null });
    const staffLine = await insertDemoStaff(tx, staffHashes, counts.butlerCustomers);
    return [
      `${DEMO_SEEDED_PREFIX} ${counts.customers} Kunden, ${counts.subscriptions} ButlerPakete, ${counts.packages} Stundenpakete, ${counts.projects} Projekte, ${counts.entries} Zeiteinträge, ${counts.wikiEntries} Wiki-Einträge`,
      `Demo-Kunde: ${plan.customers[0].email} / ${DEMO_PASSWORD} (alle Demo-Kunden haben dieses Passwort)`,
      adminLine,
      staffLine,
      'Hinweis: Die Demo-Passwörter sind öffentlich bekannt – diese Installation nicht für echte Daten verwenden.',
    ];
  });
}

async function insertPlan(
  tx: Tx,
  plan: DemoPlan,
  passwordHash: string,
  booker: { name: string; adminId: number | null },
) {
  const createdBy = booker.name;
  const templateIds = await ensureTemplates(tx);

  const customerRows = await tx
    .insert(customers)
    .values(
      plan.customers.map(({ index: _i, referredByIndex: _r, createdOn, ...c }) => ({
        ...c,
        passwordHash,
        createdAt: at(createdOn),
        updatedAt: at(createdOn),
      })),
    )
    .returning({ id: customers.id, email: customers.email });
  const idByEmail = new Map(customerRows.map((r) => [r.email, r.id]));
  const customerId = (index: number) => idByEmail.get(plan.customers[index].email)!;
  for (const c of plan.customers) {
    if (c.referredByIndex === null) continue;
    await tx
      .update(customers)
      .set({ referredById: customerId(c.referredByIndex) })
      .where(sql`${customers.id} = ${customerId(c.index)}`);
  }

  await tx.insert(subscriptions).values(
    plan.subscriptions.map((s) => ({
      customerId: customerId(s.customerIndex),
      templateId: s.template ? templateIds.get(TEMPLATES[s.template].name)! : null,
      templateName: s.template ? TEMPLATES[s.template].name : null,
      durationMonths: s.durationMonths,
      monthlyHours: s.monthlyHours,
      monthlyPrice: s.monthlyPrice,
      originalMonthlyPrice: s.originalMonthlyPrice,
      hasReferralDiscount: s.hasReferralDiscount,
      startDate: s.startDate,
      endDate: s.endDate,
      // As if entered today: the daily billing run starts with the current month (decision 0581).
      billingStartsOn: automaticBillingStart(s.startDate, plan.today),
      monthlyTrips: s.monthlyTrips,
      agreements: s.agreements,
      createdAt: at(s.startDate),
      updatedAt: at(s.startDate),
    })),
  );
  await tx.insert(hourPackages).values(
    plan.packages.map(({ customerIndex, ...p }) => ({
      ...p,
      customerId: customerId(customerIndex),
      createdBy,
      createdAt: at(p.purchaseDate),
    })),
  );

  const projectRows = await tx
    .insert(projects)
    .values(
      plan.projects.map((p) => ({
        customerId: customerId(p.customerIndex),
        name: p.name,
        description: p.description,
        createdAt: at(plan.customers[p.customerIndex].createdOn),
      })),
    )
    .returning({ id: projects.id, customerId: projects.customerId, name: projects.name });
  const projectId = new Map(projectRows.map((p) => [`${p.customerId}|${p.name}`, p.id]));

  await insertChunked(plan.entries, (chunk) =>
    tx.insert(timeEntries).values(
      chunk.map(({ customerIndex, projectName, ...e }) => {
        const id = customerId(customerIndex);
        return {
          ...e,
          customerId: id,
          projectId: projectId.get(`${id}|${projectName}`)!,
          createdBy,
          createdByAdminId: booker.adminId,
          createdAt: at(e.workDate),
          updatedAt: at(e.workDate),
        };
      }),
    ),
  );

  const wikiCount = await insertWiki(tx, plan, customerId, createdBy);
  await applyProviderSettings(tx);
  return {
    customers: customerRows.length,
    subscriptions: plan.subscriptions.length,
    packages: plan.packages.length,
    projects: projectRows.length,
    entries: plan.entries.length,
    wikiEntries: wikiCount,
    // The demo Butler looks after the first two customers (those with password entries).
    butlerCustomers: [0, 1].map((i) => ({
      id: customerId(i),
      name: `${plan.customers[i].firstName} ${plan.customers[i].lastName}`,
    })),
  };
}

/** Reuses templates of the same name (settings may exist before any customer). */
async function ensureTemplates(tx: Tx) {
  const existing = await tx
    .select({ id: subscriptionTemplates.id, name: subscriptionTemplates.name })
    .from(subscriptionTemplates);
  const ids = new Map(existing.map((t) => [t.name, t.id]));
  const missing = Object.values(TEMPLATES).filter((t) => !ids.has(t.name));
  if (missing.length) {
    const rows = await tx
      .insert(subscriptionTemplates)
      .values(missing)
      .returning({ id: subscriptionTemplates.id, name: subscriptionTemplates.name });
    for (const r of rows) ids.set(r.name, r.id);
  }
  return ids;
}

async function insertWiki(tx: Tx, plan: DemoPlan, customerId: (index: number) => number, createdBy: string) {
  await tx
    .insert(wikiCategories)
    .values(WIKI_CATEGORIES.map((c) => ({ ...c, createdBy })))
    .onConflictDoNothing();
  const categories = await tx.select({ id: wikiCategories.id, name: wikiCategories.name }).from(wikiCategories);
  const categoryId = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
  const rows = plan.wikiEntries
    .filter((e) => categoryId.has(e.category.toLowerCase()))
    .map(({ customerIndex, category, ...e }) => ({
      ...e,
      customerId: customerId(customerIndex),
      categoryId: categoryId.get(category.toLowerCase())!,
      createdBy,
    }));
  if (rows.length) await tx.insert(wikiEntries).values(rows);
  return rows.length;
}

/** Fills the provider's data unless someone has already entered an address. */
async function applyProviderSettings(tx: Tx) {
  await tx
    .insert(providerSettings)
    .values({ id: 1, ...DEMO_PROVIDER })
    .onConflictDoUpdate({
      target: providerSettings.id,
      set: DEMO_PROVIDER,
      setWhere: sql`${providerSettings.street} = ''`,
    });
  // The demo's targets are the defaults, saved, so its overview shows the bands (decision 0630).
  await tx
    .insert(dashboardSettings)
    .values({ id: 1, savedAt: sql`now()` })
    .onConflictDoUpdate({
      target: dashboardSettings.id,
      set: { savedAt: sql`coalesce(${dashboardSettings.savedAt}, now())` },
    });
}
