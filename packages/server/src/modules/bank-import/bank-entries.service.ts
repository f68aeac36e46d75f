import type { BankEntry, BankEntryPage, zBankEntryQuery } from '@butler/contract/bank-import';
import { formatEuro } from '@butler/contract/format';
import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { bankEntries, bankFiles, invoices } from '../../db/schema/index.js';
import { fromHundredths, hundredthsToString, toHundredths } from '../../domain/decimal.js';
import { suggestionNow } from '../../domain/payment-matching.js';
import type { Env } from '../../env.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentService } from '../quickbill/payments/payments.service.js';
import { mailReturnsDigest, pendingReturns } from './returns-digest.job.js';

type Query = z.output<typeof zBankEntryQuery>;
type EntryRow = typeof bankEntries.$inferSelect;

function filters(query: Query, withState: boolean): SQL | undefined {
  const search = query.search && query.search.length >= MIN_SEARCH_LENGTH ? `%${query.search}%` : null;
  return and(
    withState && query.state !== 'all' ? eq(bankEntries.matchState, query.state) : undefined,
    query.kind !== 'all' ? eq(bankEntries.kind, query.kind) : undefined,
    query.from ? gte(bankEntries.bookingDate, query.from) : undefined,
    query.to ? lte(bankEntries.bookingDate, query.to) : undefined,
    query.file_id ? eq(bankEntries.fileId, query.file_id) : undefined,
    query.customer_id ? eq(invoices.customerId, query.customer_id) : undefined,
    search
      ? or(
          ilike(bankEntries.counterpartyName, search),
          ilike(bankEntries.remittance, search),
          ilike(bankEntries.reference, search),
          ilike(invoices.invoiceNumber, search),
          ilike(invoices.customerName, search),
        )
      : undefined,
  );
}

type Joined = {
  entry: EntryRow;
  invoiceNumber: string | null;
  customerId: number | null;
  customerName: string | null;
  invoiceStatus: string | null;
  openAmount: string | null;
};

/** A suggestion against its invoice as it is now (decision 0726); other bookings as stored. */
function now(row: Joined): { note: string | null; credit: bigint | null } {
  const { entry } = row;
  if (entry.matchState !== 'suggested' || entry.invoiceId === null || row.invoiceStatus === null) {
    return { note: entry.matchNote, credit: null };
  }
  const live = suggestionNow(entry.matchNote, toHundredths(entry.amount), {
    number: row.invoiceNumber ?? '',
    status: row.invoiceStatus,
    openCents: toHundredths(row.openAmount ?? '0'),
  });
  return { note: live.note, credit: live.creditCents };
}

function present(row: Joined): BankEntry {
  const { entry } = row;
  const amount = fromHundredths(toHundredths(entry.amount));
  const live = now(row);
  return {
    id: entry.id,
    file_id: entry.fileId,
    booking_date: entry.bookingDate,
    amount: entry.direction === 'DBIT' ? -amount : amount,
    currency: entry.currency,
    counterparty_name: entry.counterpartyName,
    counterparty_iban: entry.counterpartyIban,
    remittance: entry.remittance,
    reference: entry.reference,
    kind: entry.kind as BankEntry['kind'],
    match_state: entry.matchState as BankEntry['match_state'],
    invoice_id: entry.invoiceId,
    invoice_number: row.invoiceNumber,
    customer_id: row.customerId,
    customer_name: row.customerName,
    note: live.note,
    return_reason: entry.returnReason,
    charges: entry.charges === null ? null : fromHundredths(toHundredths(entry.charges)),
    resolved_by: entry.resolvedBy,
    credit_on_confirm: live.credit === null ? null : fromHundredths(live.credit),
  };
}

/** What is still open on an invoice, as the ledger has it ('sent': gross less received). */
const openAmount = sql<string>`CASE WHEN ${invoices.status} = 'sent' THEN (${invoices.totalGross} - coalesce(${invoices.paidAmount}, 0))::text ELSE '0' END`;

/**
 * After the payment is recorded (the invoice is locked by then): the credit it created is
 * what it paid beyond the gross, at most its own amount. Refused unless it is the credit
 * staff accepted, so a suggestion that went stale never books a credit nobody saw.
 */
async function requireAcceptedCredit(tx: Transaction, invoiceId: number, amountCents: bigint, accepted: bigint) {
  const [invoice] = await tx
    .select({
      number: invoices.invoiceNumber,
      gross: invoices.totalGross,
      paid: invoices.paidAmount,
      customer: invoices.customerName,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const beyond = toHundredths(invoice.paid ?? '0') - toHundredths(invoice.gross);
  const credit = beyond <= 0n ? 0n : beyond < amountCents ? beyond : amountCents;
  if (credit === accepted) return;
  const open = amountCents - credit;
  const euro = (cents: bigint) => formatEuro(hundredthsToString(cents));
  throw new AppError(
    'CONFLICT',
    credit > 0n
      ? `Rechnung ${invoice.number} ist nur noch mit ${euro(open)} offen: ${euro(credit)} würden Guthaben von ${invoice.customer}. Bitte bestätigen Sie das Guthaben ausdrücklich oder ordnen Sie die Buchung einer anderen Rechnung zu.`
      : `Die Buchung ergibt inzwischen kein Guthaben mehr (bestätigt waren ${euro(accepted)}). Bitte prüfen Sie den Vorschlag erneut.`,
  );
}

/** "Zahlungseingänge": every imported booking with its match state; confirm, assign, set aside. */
export function createBankEntryService(db: Database, env: Env, payments: PaymentService) {
  const select = () =>
    db
      .select({
        entry: bankEntries,
        invoiceNumber: invoices.invoiceNumber,
        customerId: invoices.customerId,
        customerName: invoices.customerName,
        invoiceStatus: invoices.status,
        openAmount,
      })
      .from(bankEntries)
      .leftJoin(invoices, eq(invoices.id, bankEntries.invoiceId))
      .$dynamic();

  /**
   * Books the entry's money on `invoiceId` once: the entry row is locked and must still be
   * open. What it pays beyond the invoice's open amount becomes the customer's credit only
   * when staff accepted exactly that credit (`acceptCredit`, decision 0726); else nothing is
   * booked and the answer says what would happen.
   */
  async function book(
    session: SessionContext,
    id: number,
    invoiceId: number | null,
    how: 'confirm' | 'assign',
    acceptCredit: number,
  ) {
    await db.transaction(async (tx) => {
      const [entry] = await tx.select().from(bankEntries).where(eq(bankEntries.id, id)).for('update');
      if (!entry) throw new AppError('BANK_ENTRY_NOT_FOUND');
      if (entry.paymentId !== null || entry.matchState === 'matched') {
        throw new AppError('CONFLICT', 'Diese Buchung ist bereits zugeordnet');
      }
      if (
        entry.direction !== 'CRDT' ||
        entry.kind !== 'credit' ||
        entry.currency !== 'EUR' ||
        entry.bankStatus !== 'BOOK'
      ) {
        throw new AppError('CONFLICT', 'Nur gebuchte Gutschriften in Euro können einer Rechnung zugeordnet werden');
      }
      const target = invoiceId ?? entry.invoiceId;
      if (target === null) throw new AppError('CONFLICT', 'Zu dieser Buchung gibt es keinen Vorschlag');
      const today = todayVienna();
      const date = entry.bookingDate && entry.bookingDate <= today ? entry.bookingDate : today;
      const payment = await payments.recordIn(
        tx,
        session,
        target,
        {
          payment_date: date,
          amount: entry.amount,
          method: 'ueberweisung',
          reference: entry.reference ?? entry.endToEndId ?? null,
          note: entry.counterpartyName ? `Kontoauszug: ${entry.counterpartyName}` : 'Kontoauszug',
        },
        { source: 'bank_import' },
      );
      await requireAcceptedCredit(tx, target, toHundredths(entry.amount), toHundredths(acceptCredit));
      const [after] = await tx
        .update(bankEntries)
        .set({
          matchState: 'matched',
          invoiceId: target,
          paymentId: payment.id,
          resolvedBy: session.displayName,
          resolvedAt: new Date(),
        })
        .where(eq(bankEntries.id, id))
        .returning();
      await writeAudit(
        tx,
        session,
        how === 'confirm' ? 'bank-entry-confirm' : 'bank-entry-assign',
        'bank_entry',
        id,
        entry,
        after,
      );
    });
    return get(id);
  }

  async function get(id: number): Promise<BankEntry> {
    const [row] = await select().where(eq(bankEntries.id, id));
    if (!row) throw new AppError('BANK_ENTRY_NOT_FOUND');
    return present(row);
  }

  return {
    async list(query: Query): Promise<BankEntryPage> {
      const rows = await select()
        .where(filters(query, true))
        .orderBy(desc(bankEntries.bookingDate), desc(bankEntries.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      const counts = await db
        .select({ state: bankEntries.matchState, n: sql<number>`count(*)::int` })
        .from(bankEntries)
        .leftJoin(invoices, eq(invoices.id, bankEntries.invoiceId))
        .where(filters(query, false))
        .groupBy(bankEntries.matchState);
      const count = (state: string) => counts.find((c) => c.state === state)?.n ?? 0;
      const byState = {
        matched: count('matched'),
        suggested: count('suggested'),
        unassigned: count('unassigned'),
        ignored: count('ignored'),
      };
      return {
        items: rows.map(present),
        total: query.state === 'all' ? counts.reduce((sum, c) => sum + c.n, 0) : byState[query.state],
        counts: byState,
      };
    },

    get,

    confirm: (session: SessionContext, id: number, acceptCredit: number) =>
      book(session, id, null, 'confirm', acceptCredit),
    assign: (session: SessionContext, id: number, invoiceId: number, acceptCredit: number) =>
      book(session, id, invoiceId, 'assign', acceptCredit),

    /** "Nicht relevant": e.g. a private transfer on the business account; kept, with the reason. */
    async ignore(session: SessionContext, id: number, note: string) {
      await db.transaction(async (tx) => {
        const [entry] = await tx.select().from(bankEntries).where(eq(bankEntries.id, id)).for('update');
        if (!entry) throw new AppError('BANK_ENTRY_NOT_FOUND');
        if (entry.matchState === 'matched') throw new AppError('CONFLICT', 'Diese Buchung ist bereits zugeordnet');
        const [after] = await tx
          .update(bankEntries)
          .set({ matchState: 'ignored', matchNote: note, resolvedBy: session.displayName, resolvedAt: new Date() })
          .where(eq(bankEntries.id, id))
          .returning();
        await writeAudit(tx, session, 'bank-entry-ignore', 'bank_entry', id, entry, after);
      });
      return get(id);
    },

    /** Open invoices to assign a booking to, searched by number or customer (20 at most). */
    async assignable(search: string | undefined) {
      const term = search && search.length >= 2 ? `%${search}%` : null;
      const rows = await db
        .select({
          id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          customerName: invoices.customerName,
          totalGross: invoices.totalGross,
          paidAmount: invoices.paidAmount,
          dueDate: invoices.dueDate,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.status, 'sent'),
            eq(invoices.kind, 'invoice'),
            term ? or(ilike(invoices.invoiceNumber, term), ilike(invoices.customerName, term)) : undefined,
          ),
        )
        .orderBy(invoices.dueDate, invoices.id)
        .limit(20);
      return rows.map((r) => ({
        id: r.id,
        invoice_number: r.invoiceNumber ?? '',
        customer_name: r.customerName,
        open_amount: fromHundredths(toHundredths(r.totalGross) - toHundredths(r.paidAmount ?? '0')),
        due_date: r.dueDate,
      }));
    },

    /** Returns not yet told to staff (the daily digest at 07:15 will). */
    returnsPending: () => pendingReturns(db),

    /** "Team jetzt informieren": the digest now, instead of waiting for 07:15. */
    async sendReturnsDigest(session: SessionContext) {
      const sent = await mailReturnsDigest(db, env, todayVienna());
      if (sent.returns === 0) throw new AppError('CONFLICT', 'Es gibt keine neuen Rücklastschriften zu melden');
      await writeAudit(db, session, 'returns-digest', 'bank_entry', null, null, sent);
      return sent;
    },

    async files(page: number, pageSize: number) {
      const rows = await db
        .select({ file: bankFiles })
        .from(bankFiles)
        .orderBy(desc(bankFiles.importedAt), desc(bankFiles.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(bankFiles);
      return {
        items: rows.map(({ file }) => ({
          id: file.id,
          file_name: file.fileName,
          message: file.message,
          sha256: file.sha256,
          statements: file.statementCount,
          entries: file.entryCount,
          new_entries: file.newEntryCount,
          skipped: file.skippedCount,
          warnings: file.warnings.length,
          imported_by: file.importedBy,
          imported_at: file.importedAt.toISOString(),
        })),
        total,
      };
    },
  };
}

export type BankEntryService = ReturnType<typeof createBankEntryService>;
