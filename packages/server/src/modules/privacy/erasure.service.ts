import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { auditLog, customers, mailOutbox } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/escape-html.js';
import { revokeMandatesOf } from '../customers/customer-delete.service.js';

export const CONFIRMATION_MISMATCH = 'Bitte geben Sie zur Bestätigung den vollständigen Namen des Kunden genau ein';

/** How the typed confirmation is compared: spaces collapsed, case ignored. */
const normalise = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-AT');

type Counts = {
  projects: number;
  time_entries: number;
  hour_packages: number;
  subscriptions: number;
  wiki_entries: number;
  wiki_files: number;
  sessions: number;
  kept_invoices: number;
  drafts: number;
  unpaid: number;
};

function blockedMessage(drafts: number, unpaid: number) {
  const parts: string[] = [];
  if (drafts) parts.push(drafts === 1 ? '1 Rechnungsentwurf' : `${drafts} Rechnungsentwürfe`);
  if (unpaid) parts.push(unpaid === 1 ? '1 offene Rechnung' : `${unpaid} offene Rechnungen`);
  return (
    `Der Kunde kann noch nicht gelöscht werden: ${parts.join(' und ')}. ` +
    'Bitte Entwürfe zuerst versenden oder löschen und offene Rechnungen als bezahlt markieren oder stornieren.'
  );
}

/**
 * Erasure on request (GDPR Art. 17, decision 0423): everything about the person goes —
 * the customer record with its personal data, notes and login, sessions and links,
 * projects, time entries, packages, ButlerPakete, Aufträge with their threads and
 * attachments (decision 0810), wiki entries with their files (bytes by
 * the blob owner trigger), balance alerts, mails other than those that carried an
 * invoice, and the recorded values in the audit trail. Issued invoices and credit notes
 * stay with their recipient snapshot and their stored documents (§132 BAO, Art. 17(3)(b)),
 * and so, for seven years (decision 0821), do the ledger entries, the SEPA mandates (revoked,
 * with their debtor) and the bank entries, and the audit rows of money without personal fields.
 * Refused while drafts or unpaid invoices exist. The audit entry holds counts only.
 */
export async function eraseCustomer(db: Database, session: SessionContext, id: number, confirmation: string) {
  return db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    if (normalise(confirmation) !== normalise(`${customer.firstName} ${customer.lastName}`)) {
      throw fieldError('confirmation', CONFIRMATION_MISMATCH);
    }
    const { rows } = await tx.execute<Counts>(sql`
      SELECT
        (SELECT count(*) FROM projects WHERE customer_id = ${id})::int AS projects,
        (SELECT count(*) FROM time_entries WHERE customer_id = ${id})::int AS time_entries,
        (SELECT count(*) FROM hour_packages WHERE customer_id = ${id})::int AS hour_packages,
        (SELECT count(*) FROM subscriptions WHERE customer_id = ${id})::int AS subscriptions,
        (SELECT count(*) FROM wiki_entries WHERE customer_id = ${id})::int AS wiki_entries,
        (SELECT count(*) FROM wiki_files f JOIN wiki_entries e ON e.id = f.entry_id
          WHERE e.customer_id = ${id})::int AS wiki_files,
        (SELECT count(*) FROM sessions WHERE customer_id = ${id})::int AS sessions,
        (SELECT count(*) FROM invoices WHERE customer_id = ${id} AND status <> 'draft')::int AS kept_invoices,
        (SELECT count(*) FROM invoices WHERE customer_id = ${id} AND status = 'draft')::int AS drafts,
        (SELECT count(*) FROM invoices
          WHERE customer_id = ${id} AND kind = 'invoice' AND status = 'sent')::int AS unpaid`);
    const { drafts, unpaid, kept_invoices, ...deleted } = rows[0];
    if (drafts || unpaid) throw new AppError('CUSTOMER_ERASURE_BLOCKED', blockedMessage(drafts, unpaid));

    // Mails that carried an invoice, credit note or reminder stay with the invoice (its
    // delivery record); every other mail to the customer goes.
    const mails = await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.customerId, id), sql`${mailOutbox.entityType} IS DISTINCT FROM 'invoice'`))
      .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
    // Staff mails that name the customer go too, or lose the name when they list others.
    const staffMails = await forgetInStaffMails(tx, id, `${customer.firstName} ${customer.lastName}`);
    // Sign-in and reset attempts are keyed by the customer's id (decision 0500).
    await tx.execute(
      sql`DELETE FROM login_attempts WHERE attempt_key IN (${`account:customer:${id}`}, ${`reset:customer:${id}`})`,
    );
    // The audit trail keeps who did what when, but not the values: those were the person's data.
    // The trail of money (§ 132 BAO, seven years, decision 0821) keeps its figures: the rows of
    // issued invoices, ledger entries and SEPA mandates lose only the personal fields; the
    // documents and ledger rows themselves keep what the law requires.
    const money = moneyAuditRows(id);
    await tx
      .update(auditLog)
      .set({ changes: sql`${auditLog.changes} - ${arrayLiteral(PERSONAL_AUDIT_FIELDS)}::text[]` })
      .where(and(eq(auditLog.customerId, id), sql`${auditLog.changes} IS NOT NULL`, money));
    const cleared = await tx
      .update(auditLog)
      .set({ changes: null })
      .where(and(eq(auditLog.customerId, id), sql`${auditLog.changes} IS NOT NULL`, sql`NOT (${money})`))
      .returning({ id: auditLog.id });
    // A mandate stays as the proof of the collections made with it (decision 0821); it can
    // never collect again.
    await revokeMandatesOf(tx, id, 'Kunde gelöscht (DSGVO)');
    await tx
      .update(auditLog)
      .set({ actorName: `Gelöschter Kunde #${id}` })
      .where(and(eq(auditLog.actorType, 'customer'), eq(auditLog.actorId, id)));
    // Entries first, so the composite project key never blocks the cascade order.
    await tx.execute(sql`DELETE FROM time_entries WHERE customer_id = ${id}`);
    await tx.delete(customers).where(eq(customers.id, id));

    const result = {
      deleted: { ...deleted, mails: mails.length + staffMails.deleted.length, audit_values: cleared.length },
      kept_invoices,
    };
    await writeAudit(tx, session, 'erase', 'customer', id, null, result.deleted, { customerId: id });
    // The delivered copies in DATA_DIR/outbox (without SMTP) of every mail deleted or blanked:
    // removed by the caller once this transaction has committed.
    return { ...result, outboxFiles: [...mails, ...staffMails.deleted, ...staffMails.blanked] };
  });
}

/**
 * Fields of an audit row's changes that are the person's data, not the money: dropped from the
 * kept money rows on erasure (decision 0821). The invoice keeps its recipient snapshot and
 * the mandate its debtor, because the law asks for those documents as they were.
 */
export const PERSONAL_AUDIT_FIELDS = [
  'customerName',
  'customerAddress',
  'customerEmail',
  'customerUid',
  'customerStreet',
  'customerPostalCode',
  'customerCity',
  'debtorName',
  'debtorIban',
  'debtorBic',
  'counterpartyName',
  'counterpartyIban',
  'note',
  'notes',
  'reference',
  'reason',
];

/** One parameter holding an array literal (drizzle would spread a JS array into a list); plain words only. */
const arrayLiteral = (words: string[]) => `{${words.join(',')}}`;

/** Actions that move money for a customer (decision 0580); their audit rows are the trail of money. */
const MONEY_ACTIONS = ['payment', 'payment-remove', 'credit-apply', 'credit-refund', 'mark-paid'];

/** The customer's audit rows that belong to the trail of money: issued invoices, ledger entries, mandates. */
function moneyAuditRows(customerId: number) {
  return sql`(${auditLog.action} = ANY(${arrayLiteral(MONEY_ACTIONS)}::text[])
    OR ${auditLog.entity} = 'sepa_mandate'
    OR (${auditLog.entity} = 'invoice' AND ${auditLog.entityId} IN (
      SELECT i.id::text FROM invoices i WHERE i.customer_id = ${customerId} AND i.status <> 'draft')))`;
}

/**
 * Staff mails naming the erased customer (ButlerPaket end, balance digest): one that names
 * only them is deleted; one that lists others too keeps its row with "Gelöschter Kunde #id" in
 * place of the name. Mails queued before `mentioned_customer_ids` existed are found by name.
 */
async function forgetInStaffMails(tx: Transaction, id: number, fullName: string) {
  const rows = await tx
    .select()
    .from(mailOutbox)
    .where(
      or(
        sql`${id} = ANY(${mailOutbox.mentionedCustomerIds})`,
        and(
          isNull(mailOutbox.customerId),
          inArray(mailOutbox.template, ['subscription-ending', 'balance-digest']),
          sql`cardinality(${mailOutbox.mentionedCustomerIds}) = 0`,
          sql`strpos(${mailOutbox.textBody}, ${fullName}) > 0`,
        ),
      ),
    )
    .for('update');
  const deleted: Array<{ id: number; messageId: string | null }> = [];
  const blanked: Array<{ id: number; messageId: string | null }> = [];
  const placeholder = `Gelöschter Kunde #${id}`;
  const blank = (text: string, name: string) => text.split(name).join(placeholder);
  for (const row of rows) {
    const others = row.mentionedCustomerIds.filter((other) => other !== id);
    const onlyThem =
      row.template === 'subscription-ending' || (row.mentionedCustomerIds.length > 0 && others.length === 0);
    if (onlyThem) {
      await tx.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      deleted.push({ id: row.id, messageId: row.messageId });
      continue;
    }
    await tx
      .update(mailOutbox)
      .set({
        subject: blank(row.subject, fullName),
        textBody: blank(row.textBody, fullName),
        htmlBody: blank(blank(row.htmlBody, fullName), escapeHtml(fullName)),
        mentionedCustomerIds: others,
      })
      .where(eq(mailOutbox.id, row.id));
    blanked.push({ id: row.id, messageId: row.messageId });
  }
  return { deleted, blanked };
}
