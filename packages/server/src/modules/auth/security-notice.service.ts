import { formatDateTime } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { admins, customers } from '../../db/schema/index.js';
import { queueMail } from '../mail/mail-queue.js';
import type { Owner } from './sessions.service.js';

export type SecurityChange =
  | 'password_change'
  | 'password_reset'
  | 'totp_enable'
  | 'totp_disable'
  | 'totp_reset'
  | 'recovery_codes_renew'
  /** Staff set the password in the customer form (decision 0504). */
  | 'password_set_by_staff'
  /** The address one signs in with changed; told to the old address. */
  | 'email_change';

const STAFF: Record<SecurityChange, string> = {
  password_change: 'Ihr Passwort für das Back Office wurde geändert',
  password_reset: 'Ihr Passwort für das Back Office wurde über einen Link neu festgelegt',
  totp_enable: 'Für Ihr Konto wurde die Zwei-Faktor-Anmeldung eingerichtet',
  totp_disable: 'Für Ihr Konto wurde die Zwei-Faktor-Anmeldung ausgeschaltet',
  totp_reset: 'Ihre Zwei-Faktor-Anmeldung wurde von einer Administratorin oder einem Administrator zurückgesetzt',
  recovery_codes_renew: 'Für Ihr Konto wurden neue Wiederherstellungscodes erstellt; die alten gelten nicht mehr',
  password_set_by_staff: 'Ihr Passwort wurde von einer Administratorin oder einem Administrator neu gesetzt',
  email_change: 'Die E-Mail-Adresse Ihres Kontos wurde geändert',
};
const CUSTOMER: Partial<Record<SecurityChange, string>> = {
  // Without a form of address: the mail's other sentences follow the setting (decision 0620).
  password_change: 'Das Passwort für die Lounge wurde geändert',
  password_reset: 'Das Passwort für die Lounge wurde über einen Link neu festgelegt',
  password_set_by_staff: 'Unser Team hat das Passwort für die Lounge neu gesetzt; alle Anmeldungen wurden beendet',
  email_change: 'Die E-Mail-Adresse für die Anmeldung in der Lounge wurde geändert; alle Anmeldungen wurden beendet',
};

/**
 * Tells the account's owner by mail about a change to how they sign in (ASVS 5.0 6.3.7),
 * in the transaction of the change. Staff without an e-mail address (the first admin from
 * the environment) get none.
 */
export async function notifySecurityChange(
  tx: Executor,
  owner: Owner,
  change: SecurityChange,
  /** Another address than the current one (an e-mail change is told to the old address). */
  options: { to?: string } = {},
) {
  const at = formatDateTime(new Date());
  if (owner.userType === 'admin') {
    const [row] = await tx.select().from(admins).where(eq(admins.id, owner.id));
    if (!row?.email) return;
    await queueMail(tx, {
      to: options.to ?? row.email,
      template: 'security-notice',
      data: { audience: 'staff', name: row.name || row.username, change: STAFF[change], at },
      entity: { type: 'admin', id: row.id },
    });
    return;
  }
  const text = CUSTOMER[change];
  if (!text) return;
  const [row] = await tx.select().from(customers).where(eq(customers.id, owner.id));
  if (!row) return;
  await queueMail(tx, {
    to: options.to ?? row.email,
    template: 'security-notice',
    data: {
      audience: 'customer',
      name: row.firstName,
      change: text,
      at,
      to: { firstName: row.firstName, lastName: row.lastName, salutation: row.salutation },
    },
    customerId: row.id,
    entity: { type: 'customer', id: row.id },
  });
}
