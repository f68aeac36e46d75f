import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { directDebitSettings, providerSettings } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import { todayVienna } from '../../lib/clock.js';

export type ProviderSettings = typeof providerSettings.$inferSelect;
export type DirectDebitSettingsRow = typeof directDebitSettings.$inferSelect;

/** What the Quickbill services need, created once per app. */
export type QuickbillDeps = {
  db: Database;
  env: Env;
  /** Today in Vienna: lib/clock.ts's, which tests pin with setClock; a caller may fix it (the data export's one day). */
  today: () => string;
};

export function createQuickbillDeps(db: Database, env: Env): QuickbillDeps {
  return {
    db,
    env,
    today: todayVienna,
  };
}

/** The single settings row (id 1), created with defaults on first use. */
export async function loadSettings(db: Executor): Promise<ProviderSettings> {
  const [row] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1));
  if (row) return row;
  await db.insert(providerSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1));
  return created;
}

/** 'sent' and past its due date (Europe/Vienna); credit notes are never overdue. */
export function isOverdue(row: { status: string; kind: string; dueDate: string }, today: string): boolean {
  return row.kind === 'invoice' && row.status === 'sent' && row.dueDate < today;
}

/** The direct-debit settings row (id 1, decision 0601), created with defaults on first use. */
export async function loadDirectDebitSettings(db: Executor): Promise<DirectDebitSettingsRow> {
  const [row] = await db.select().from(directDebitSettings).where(eq(directDebitSettings.id, 1));
  if (row) return row;
  await db.insert(directDebitSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(directDebitSettings).where(eq(directDebitSettings.id, 1));
  return created;
}
