import { formatDateTime } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { admins, customers } from '../../db/schema/index.js';
import { queueMail } from '../mail/mail-queue.js';
import type { Owner } from './sessions.js';

export type SecurityChange =
  | 'password_change'
  | 'password_reset'
  | 'totp_enable'
  | 'totp_disable'
  | 'totp_reset'
  | 'recovery_codes_renew';

const STAFF: Record<SecurityChange, string> = {
  password_change: 'Ihr Passwort für das Back Office wurde geändert',
  password_reset: 'Ihr Passwort für das Back Office wurde über einen Link neu festgelegt',
  totp_enable: 'Für Ihr Konto wurde die Zwei-Faktor-Anmeldung eingerichtet',
  totp_disable: 'Für Ihr Konto wurde die Zwei-Faktor-Anmeldung ausgeschaltet',
  totp_reset: 'Ihre Zwei-Faktor-Anmeldung wurde von einer Administratorin oder einem Administrator zurückgesetzt',
  recovery_codes_renew: 'Für Ihr Konto wurden neue Wiederherstellungscodes erstellt; die alten gelten nicht mehr',
};
const CUSTOMER: Partial<Record<SecurityChange, string>> = {
  password_change: 'Das Passwort für deine Lounge wurde geändert',
  password_reset: 'Das Passwort für deine Lounge wurde über einen Link neu festgelegt',
};

/**
 * Tells the account's owner by mail about a change to how they sign in (ASVS 5.0 6.3.7),
 * in the transaction of the change. Staff without an e-mail address (the first admin from
 * the environment) get none.
 */
export async function notifySecurityChange(tx: Executor, owner: Owner, change: SecurityChange) {
  const at = formatDateTime(new Date());
  if (owner.userType === 'admin') {
    const [row] = await tx.select().from(admins).where(eq(admins.id, owner.id));
    if (!row?.email) return;
    await queueMail(tx, {
      to: row.email,
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
    to: row.email,
    template: 'security-notice',
    data: { audience: 'customer', name: row.firstName, change: text, at },
    customerId: row.id,
    entity: { type: 'customer', id: row.id },
  });
}
