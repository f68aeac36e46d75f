import { formatDate, formatEuro } from '@butler/contract/format';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankEntries, invoices } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import { defineScheduledJob } from '../../lib/jobs.js';
import { queueMail } from '../mail/mail-queue.js';
import { staffRecipients } from '../mail/staff-recipients.js';

/**
 * Staff's daily digest of direct debits that came back (decision 0609): every return booked
 * since the last digest, once (the entries are marked in the same transaction that queues the
 * mails), with the bookings still "nicht zugeordnet". Nothing to tell, no mail.
 */
export async function mailReturnsDigest(
  db: Database,
  env: Env,
  slot: string,
): Promise<{ returns: number; mails: number }> {
  const recipients = await staffRecipients(db, 'direct_debit.read');
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ entry: bankEntries, invoiceNumber: invoices.invoiceNumber, customerName: invoices.customerName })
      .from(bankEntries)
      .leftJoin(invoices, eq(invoices.id, bankEntries.invoiceId))
      .where(and(eq(bankEntries.kind, 'return'), isNull(bankEntries.digestSentAt)))
      .orderBy(bankEntries.id)
      .for('update', { of: bankEntries, skipLocked: true });
    if (rows.length === 0) return { returns: 0, mails: 0 };
    const [{ unassigned }] = await tx
      .select({ unassigned: sql<number>`count(*)::int` })
      .from(bankEntries)
      .where(eq(bankEntries.matchState, 'unassigned'));
    const returns = rows.map(({ entry, invoiceNumber, customerName }) => ({
      customer: customerName ?? entry.counterpartyName ?? 'Unbekannt',
      invoice: invoiceNumber ?? '–',
      amount: formatEuro(entry.amount),
      reason: (entry.matchNote ?? 'Rücklastschrift').replace(/^Rücklastschrift /, '').replace(/, Gebühr .*$/, ''),
      fee: entry.charges ? formatEuro(entry.charges) : null,
    }));
    let queued = 0;
    for (const r of recipients) {
      const mail = await queueMail(tx, {
        to: r.email,
        template: 'direct-debit-returns',
        data: {
          name: r.name,
          date: formatDate(slot),
          returns,
          unassigned,
          url: `${env.PUBLIC_URL}/admin/quickbill/zahlungseingaenge`,
        },
        entity: { type: 'bank_entry', id: rows[0].entry.id },
        dedupeKey: `direct-debit-returns:${slot}:${rows[0].entry.id}:${r.email.toLowerCase()}`,
      });
      if (mail) queued += 1;
    }
    await tx
      .update(bankEntries)
      .set({ digestSentAt: new Date() })
      .where(
        inArray(
          bankEntries.id,
          rows.map((row) => row.entry.id),
        ),
      );
    return { returns: rows.length, mails: queued };
  });
}

/** How many returns the next digest will list. */
export async function pendingReturns(db: Database): Promise<{ pending: number }> {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(bankEntries)
    .where(and(eq(bankEntries.kind, 'return'), isNull(bankEntries.digestSentAt)));
  return row;
}

/** Daily at 07:15 Vienna (slot = the date). */
export const returnsDigestJob = defineScheduledJob({
  name: 'direct-debit.returns-digest',
  slot: 'date',
  maxAttempts: 10,
  async run(slot, ctx) {
    const sent = await mailReturnsDigest(ctx.db, ctx.env, slot);
    if (sent.mails) ctx.log(`direct-debit returns ${slot}: ${sent.returns} return(s), ${sent.mails} mail(s) queued`);
  },
});
