import { formatDate } from '@butler/contract/format';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers, statementDocuments } from '../../db/schema/index.js';
import { addMonths, monthDisplay } from '../../domain/calendar.js';
import type { Env } from '../../env.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { customerAddressee } from '../mail/addressee.js';
import { attachment } from '../mail/attachment-sources.js';
import { queueMail } from '../mail/mail-queue.js';
import { customersWithActivity } from './statement-data.service.js';
import {
  documentsOf,
  latestDocument,
  pendingCorrection,
  renderStatementNow,
  type StatementDocument,
  storeStatementVersion,
} from './statement-documents.js';

const VALID_ADDRESS = /^[^\s@]+@[^\s@]+$/;

type MailCustomer = { id: number; firstName: string; email: string };
type MailOptions = {
  dedupeKey?: string;
  createdBy?: string;
  /** The issued version to attach (as stored); without it the month is rendered when sent. */
  document?: Pick<StatementDocument, 'id' | 'version'>;
  /** A correction: the day of the version it replaces. */
  correctionOf?: string;
};

/** Queues one customer's statement mail; `dedupeKey` makes the monthly run once per customer and month. */
export async function queueStatementMail(
  executor: Executor,
  env: Env,
  c: MailCustomer,
  month: string,
  { document, correctionOf, ...options }: MailOptions = {},
) {
  const suffix = document && document.version > 0 ? `-Korrektur-${document.version}` : '';
  return queueMail(executor, {
    to: c.email,
    template: 'statement',
    data: {
      to: (await customerAddressee(executor, c.id)) ?? { firstName: c.firstName, lastName: '', salutation: null },
      month: monthDisplay(month),
      loungeUrl: `${env.PUBLIC_URL}/customer/dashboard`,
      accountUrl: `${env.PUBLIC_URL}/customer/account`,
      ...(correctionOf ? { correctionOf: formatDate(correctionOf) } : {}),
    },
    customerId: c.id,
    entity: { type: 'statement', id: c.id },
    attachments: [
      attachment('statement-pdf', `Monatsuebersicht-${month}${suffix}.pdf`, {
        customerId: c.id,
        month,
        ...(document ? { documentId: document.id } : {}),
      }),
    ],
    ...options,
  });
}

/** Whether the customer's mail choices let a statement (or its correction) go out, else why not (decision 0771). */
function deliveryOf(c: { statement_mails: boolean; email: string; is_active?: boolean }): string {
  if (c.is_active === false) return 'Kunde inaktiv';
  if (!c.statement_mails) return 'Monatsübersicht per E-Mail abbestellt';
  if (!VALID_ADDRESS.test(c.email.trim())) return 'keine gültige E-Mail-Adresse';
  return 'mailed';
}

/**
 * The run of the 1st (slot `YYYY-MM`): every active customer who booked hours in the previous
 * month gets its statement issued and stored as it is now (decision 0771), and mailed unless
 * they switched the mail off. Once per customer and month: a repeated run issues nothing new.
 */
export async function sendMonthlyStatements(db: Database, env: Env, slot: string): Promise<number> {
  const month = addMonths(`${slot}-01`, -1).slice(0, 7);
  let queued = 0;
  for (const c of await customersWithActivity(db, month)) {
    const mail = { id: c.id, firstName: c.first_name, email: c.email };
    const delivery = deliveryOf(c);
    // The run mails the statement as issued (version 0); a correction has its own mail.
    let document = (await documentsOf(db, c.id, month))[0];
    if (!document) {
      const rendered = await renderStatementNow(db, c.id, month);
      if (!rendered) continue;
      document =
        (await db.transaction((tx) =>
          storeStatementVersion(tx, c.id, month, 0, `${slot}-01`, rendered, { changes: null, delivery }),
        )) ?? (await documentsOf(db, c.id, month))[0];
    }
    if (delivery !== 'mailed' || !document) continue;
    const row = await queueStatementMail(db, env, mail, month, { dedupeKey: `statement:${c.id}:${month}`, document });
    if (row) queued += 1;
  }
  return queued;
}

/**
 * The daily check (decision 0771): every issued month whose customer's data changed since its
 * newest version is compared with how it is now; a difference in its entries or figures
 * makes a marked correction (stored, shown in the lounge beside the original) that is mailed
 * when the customer's mail choices allow it. Returns how many corrections were made.
 */
export async function correctStatements(db: Database, env: Env, today: string): Promise<number> {
  const stale = await db.execute(sql`
    SELECT d.id FROM (
      SELECT DISTINCT ON (customer_id, month) id, customer_id, data_version
      FROM statement_documents ORDER BY customer_id, month, version DESC
    ) d
    WHERE d.data_version <> (SELECT coalesce(sum(v.version), 0) FROM customer_data_versions v
                             WHERE v.customer_id IN (0, d.customer_id))
    ORDER BY d.id`);
  let made = 0;
  for (const { id } of stale.rows as Array<{ id: number }>) {
    const [latest] = await db.select().from(statementDocuments).where(eq(statementDocuments.id, id));
    if (!latest) continue;
    const pending = await pendingCorrection(db, latest, today);
    if (!pending) continue;
    const month = latest.month.slice(0, 7);
    const [c] = await db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        email: customers.email,
        statement_mails: customers.statementMails,
        is_active: customers.isActive,
      })
      .from(customers)
      .where(eq(customers.id, latest.customerId));
    if (!c) continue;
    const delivery = deliveryOf(c);
    const version = latest.version + 1;
    const stored = await db.transaction(async (tx) => {
      const row = await storeStatementVersion(tx, c.id, month, version, today, pending.rendered, {
        changes: pending.changes,
        delivery,
      });
      if (row && delivery === 'mailed') {
        await queueStatementMail(tx, env, c, month, {
          dedupeKey: `statement:${c.id}:${month}:${version}`,
          document: row,
          correctionOf: latest.issuedOn,
        });
      }
      return row;
    });
    if (stored) made += 1;
  }
  return made;
}

/**
 * Staff "erneut senden": a fresh mail every time (no dedupe key) with the version in force
 * (the newest issued one, as stored), audited in the transaction that queues it. Null when
 * the customer does not exist.
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
    const document = await latestDocument(tx, customerId, month);
    const queued = await queueStatementMail(tx, env, c, month, {
      createdBy: session.displayName,
      ...(document ? { document } : {}),
      ...(document && document.version > 0 ? { correctionOf: document.issuedOn } : {}),
    });
    await writeAudit(tx, session, 'send', 'statement', customerId, null, { month }, { customerId });
    return queued;
  });
}
