import type { NotificationPreferences } from '@butler/contract/balance-alerts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

const preferenceColumns = {
  balance_alert_mails: customers.balanceAlertMails,
  statement_mails: customers.statementMails,
  order_mails: customers.orderMails,
};

/** The customer's choice of mails (Mein Konto): low-balance notes, the Monatsübersicht and Aufträge news. */
export async function getNotificationPreferences(db: Database, customerId: number): Promise<NotificationPreferences> {
  const [row] = await db.select(preferenceColumns).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  return row;
}

export async function saveNotificationPreferences(
  db: Database,
  session: SessionContext,
  customerId: number,
  next: NotificationPreferences,
): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(preferenceColumns)
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!before) throw new AppError('CUSTOMER_NOT_FOUND');
    await tx
      .update(customers)
      .set({
        balanceAlertMails: next.balance_alert_mails,
        statementMails: next.statement_mails,
        orderMails: next.order_mails,
      })
      .where(eq(customers.id, customerId));
    const after = {
      balance_alert_mails: next.balance_alert_mails,
      statement_mails: next.statement_mails,
      order_mails: next.order_mails,
    };
    await writeAudit(tx, session, 'update', 'notification_preferences', customerId, before, after, { customerId });
    return after;
  });
}
