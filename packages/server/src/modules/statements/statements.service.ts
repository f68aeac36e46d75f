import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers } from '../../db/schema/index.js';
import { addMonths, monthDisplay } from '../../domain/calendar.js';
import type { Env } from '../../env.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { customerAddressee } from '../mail/addressee.js';
import { attachment } from '../mail/attachment-sources.js';
import { queueMail } from '../mail/mail-queue.js';
import { customersWithActivity } from './statement-data.js';

const VALID_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** Queues one customer's statement mail; `dedupeKey` makes the monthly run once per customer and month. */
export async function queueStatementMail(
  executor: Executor,
  env: Env,
  c: { id: number; firstName: string; email: string },
  month: string,
  options: { dedupeKey?: string; createdBy?: string } = {},
) {
  return queueMail(executor, {
    to: c.email,
    template: 'statement',
    data: {
      to: (await customerAddressee(executor, c.id)) ?? { firstName: c.firstName, lastName: '', salutation: null },
      month: monthDisplay(month),
      loungeUrl: `${env.PUBLIC_URL}/customer/dashboard`,
      accountUrl: `${env.PUBLIC_URL}/customer/account`,
    },
    customerId: c.id,
    entity: { type: 'statement', id: c.id },
    attachments: [attachment('statement-pdf', `Monatsuebersicht-${month}.pdf`, { customerId: c.id, month })],
    ...options,
  });
}

/**
 * The run of the 1st (slot `YYYY-MM`): every active customer who booked hours in the
 * previous month and has not switched the mail off gets its statement, once.
 */
export async function sendMonthlyStatements(db: Database, env: Env, slot: string): Promise<number> {
  const month = addMonths(`${slot}-01`, -1).slice(0, 7);
  let queued = 0;
  for (const c of await customersWithActivity(db, month)) {
    if (!c.statement_mails || !VALID_ADDRESS.test(c.email.trim())) continue;
    const row = await queueStatementMail(db, env, { id: c.id, firstName: c.first_name, email: c.email }, month, {
      dedupeKey: `statement:${c.id}:${month}`,
    });
    if (row) queued += 1;
  }
  return queued;
}

/**
 * Staff "erneut senden": a fresh mail every time (no dedupe key), audited in the transaction
 * that queues it. Null when the customer does not exist.
 */
export async function resendStatement(
  db: Database,
  env: Env,
  session: SessionContext,
  customerId: number,
  month: string,
) {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: customers.id, firstName: customers.firstName, email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!c) return null;
    const queued = await queueStatementMail(tx, env, c, month, { createdBy: session.displayName });
    await writeAudit(tx, session, 'send', 'statement', customerId, null, { month }, { customerId });
    return queued;
  });
}
