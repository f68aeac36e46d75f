import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, providerSettings } from '../../db/schema/index.js';

const VALID_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** Who gets staff mails: active staff with an address, else the provider's contact address. */
export async function staffRecipients(db: Database): Promise<Array<{ name: string; email: string }>> {
  const staff = await db
    .select({ username: admins.username, name: admins.name, email: admins.email })
    .from(admins)
    .where(eq(admins.isActive, true))
    .orderBy(asc(admins.id));
  const withAddress = staff
    .filter((s) => s.email && VALID_ADDRESS.test(s.email.trim()))
    .map((s) => ({ name: s.name || s.username, email: (s.email as string).trim() }));
  if (withAddress.length > 0) return withAddress;
  const [provider] = await db.select({ email: providerSettings.contactEmail }).from(providerSettings).limit(1);
  const contact = provider?.email?.trim() ?? '';
  return VALID_ADDRESS.test(contact) ? [{ name: 'Team', email: contact }] : [];
}
