import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { directDebitSettings, providerSettings } from '../../../db/schema/index.js';

/** The provider's settings rows, read by Quickbill, SEPA, statements and the bookkeeping files. */

export type ProviderSettings = typeof providerSettings.$inferSelect;
export type DirectDebitSettingsRow = typeof directDebitSettings.$inferSelect;

/** The single settings row (id 1), created with defaults on first use. */
export async function loadSettings(db: Executor): Promise<ProviderSettings> {
  const [row] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1));
  if (row) return row;
  await db.insert(providerSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1));
  return created;
}

/** The direct-debit settings row (id 1, decision 0601), created with defaults on first use. */
export async function loadDirectDebitSettings(db: Executor): Promise<DirectDebitSettingsRow> {
  const [row] = await db.select().from(directDebitSettings).where(eq(directDebitSettings.id, 1));
  if (row) return row;
  await db.insert(directDebitSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(directDebitSettings).where(eq(directDebitSettings.id, 1));
  return created;
}
