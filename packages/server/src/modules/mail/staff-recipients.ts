import { CUSTOMER_SCOPED_ROLES, isStaffRole, type Permission, permissionsOf } from '@butler/contract/permissions';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, providerSettings } from '../../db/schema/index.js';

const VALID_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/**
 * Who gets a staff digest about every customer (overdue invoices, returned direct debits, low
 * balances, ending ButlerPakete): active staff with an address whose role has `permission` and
 * sees every customer. A Butler sees only the customers they look after and no prices, so no
 * digest goes to a Butler. With nobody on the staff to tell, the provider's contact address.
 */
export async function staffRecipients(
  db: Database,
  permission: Permission,
): Promise<Array<{ name: string; email: string }>> {
  const staff = await db
    .select({
      username: admins.username,
      name: admins.name,
      email: admins.email,
      role: admins.role,
      grants: admins.grants,
    })
    .from(admins)
    .where(eq(admins.isActive, true))
    .orderBy(asc(admins.id));
  const withAddress = staff
    .filter((s) => s.email && VALID_ADDRESS.test(s.email.trim()))
    .filter((s) => {
      const role = isStaffRole(s.role) ? s.role : null;
      return (
        role !== null &&
        !CUSTOMER_SCOPED_ROLES.includes(role) &&
        permissionsOf(role, s.grants ?? []).includes(permission)
      );
    })
    .map((s) => ({ name: s.name || s.username, email: (s.email as string).trim() }));
  if (withAddress.length > 0) return withAddress;
  const [provider] = await db.select({ email: providerSettings.contactEmail }).from(providerSettings).limit(1);
  const contact = provider?.email?.trim() ?? '';
  return VALID_ADDRESS.test(contact) ? [{ name: 'Team', email: contact }] : [];
}
