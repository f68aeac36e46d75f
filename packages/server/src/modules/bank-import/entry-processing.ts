import { formatEuro } from '@butler/contract/format';
import { MANDATE_ENDING_REASONS, returnReasonText } from '@butler/contract/return-reasons';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { bankEntries, directDebitItems, directDebitRuns, sepaMandates } from '../../db/schema/index.js';
import { hundredthsToString, toHundredths } from '../../domain/decimal.js';
import { type MatchResult, matchCredit } from '../../domain/payment-matching.js';
import type { SessionContext } from '../../lib/access.js';
import type { PaymentService } from '../quickbill/payments/payments.service.js';
import type { EntryRow } from './entry-rows.js';
import { loadCandidates } from './match-candidates.js';

/**
 * What one new booking of a bank file means for the ledger (decisions 0607, 0609), decided
 * and booked inside the import's transaction:
 * - not EUR or not booked (pending, info): kept, nothing else;
 * - an R-transaction (a reason code, or a reversed debit): the run item it returns is marked,
 *   its payment reversed with the reason in German and the bank's fee, the mandate closed on
 *   AC04/MD07; the invoice is open again;
 * - a credit of one of our runs (EndToEndId, or a batch of a run's group for its exact sum):
 *   the run's payments are booked as collected;
 * - any other credit: matched to an open invoice (booked), suggested, or left unassigned;
 * - any other debit: kept as "Abbuchung".
 */
export type Outcome = {
  kind: 'credit' | 'collection' | 'return' | 'debit' | 'other';
  matchState: 'matched' | 'suggested' | 'unassigned' | 'ignored';
  invoiceId: number | null;
  directDebitItemId: number | null;
  paymentId: number | null;
  note: string | null;
};

export interface ProcessContext {
  tx: Transaction;
  session: SessionContext;
  payments: PaymentService;
  today: string;
}

const euro = (value: bigint) => formatEuro(hundredthsToString(value)).replace('\u00a0', ' ');
const ignored = (kind: Outcome['kind'], note: string): Outcome => ({
  kind,
  matchState: 'ignored',
  invoiceId: null,
  directDebitItemId: null,
  paymentId: null,
  note,
});

function isReturn(row: EntryRow): boolean {
  return Boolean(row.tx.returnReason) || (row.direction === 'DBIT' && row.reversal);
}

/** The day a booking counts as paid: the bank's booking date, never after today. */
const paymentDate = (row: EntryRow, today: string) => {
  const date = row.bookingDate ?? row.valueDate ?? today;
  return date > today ? today : date;
};

export async function processEntry(ctx: ProcessContext, row: EntryRow): Promise<Outcome> {
  if (row.currency !== 'EUR') return ignored('other', `Fremdwährung ${row.currency}: nicht zugeordnet`);
  if (row.bankStatus !== 'BOOK') return ignored('other', `Nicht gebucht (Status ${row.bankStatus})`);
  if (isReturn(row)) return processReturn(ctx, row);
  if (row.direction === 'DBIT') return ignored('debit', 'Abbuchung');
  const collection = await processCollection(ctx, row);
  if (collection) return collection;
  return processCredit(ctx, row);
}

async function itemByEndToEnd(tx: Transaction, endToEndId: string | null, states: string[]) {
  if (!endToEndId) return null;
  const [item] = await tx
    .select()
    .from(directDebitItems)
    .where(and(eq(directDebitItems.endToEndId, endToEndId), inArray(directDebitItems.state, states)))
    .for('update');
  return item ?? null;
}

async function collect(ctx: ProcessContext, row: EntryRow, item: typeof directDebitItems.$inferSelect) {
  const [run] = await ctx.tx.select().from(directDebitRuns).where(eq(directDebitRuns.id, item.runId));
  const payment = await ctx.payments.recordIn(
    ctx.tx,
    ctx.session,
    item.invoiceId,
    {
      payment_date: paymentDate(row, ctx.today),
      amount: item.amount,
      method: 'lastschrift',
      reference: item.endToEndId,
      note: `Lastschrift-Lauf ${run.messageId}`,
    },
    { source: 'direct_debit' },
  );
  await ctx.tx
    .update(directDebitItems)
    .set({ state: 'collected', settledOn: paymentDate(row, ctx.today), paymentId: payment.id })
    .where(eq(directDebitItems.id, item.id));
  await reachedTheBank(ctx, item.runId);
  return payment.id;
}

/** A run the bank settled evidently reached it: "Bei der Bank eingereicht" (decision 0722), if staff did not say so. */
async function reachedTheBank(ctx: ProcessContext, runId: number) {
  await ctx.tx
    .update(directDebitRuns)
    .set({
      downloadedAt: sql`coalesce(${directDebitRuns.downloadedAt}, now())`,
      atBankAt: sql`coalesce(${directDebitRuns.atBankAt}, now())`,
      atBankBy: sql`coalesce(${directDebitRuns.atBankBy}, 'Kontoauszug')`,
    })
    .where(eq(directDebitRuns.id, runId));
}

/** A credit of our own run: per transaction by EndToEndId, or a whole group booked as one sum. */
async function processCollection(ctx: ProcessContext, row: EntryRow): Promise<Outcome | null> {
  const item = await itemByEndToEnd(ctx.tx, row.tx.endToEndId, ['submitted']);
  if (item) {
    const paymentId = await collect(ctx, row, item);
    return {
      kind: 'collection',
      matchState: 'matched',
      invoiceId: item.invoiceId,
      directDebitItemId: item.id,
      paymentId,
      note: `Lastschrift eingezogen (${item.mandateReference})`,
    };
  }
  const group = row.siblings === 1 ? (row.batchPaymentInfoId ?? row.tx.paymentInfoId) : null;
  const match = group ? /^(.*)-(CORE|B2B)-(FRST|RCUR)$/.exec(group) : null;
  if (!match) return null;
  const items = await ctx.tx
    .select({ item: directDebitItems })
    .from(directDebitItems)
    .innerJoin(directDebitRuns, eq(directDebitRuns.id, directDebitItems.runId))
    .innerJoin(sepaMandates, eq(sepaMandates.id, directDebitItems.mandateId))
    .where(
      and(
        eq(directDebitRuns.messageId, match[1]),
        eq(sepaMandates.scheme, match[2]),
        eq(directDebitItems.sequenceType, match[3]),
        eq(directDebitItems.state, 'submitted'),
      ),
    )
    .for('update', { of: directDebitItems });
  const total = items.reduce((sum, { item }) => sum + toHundredths(item.amount), 0n);
  if (items.length === 0 || total !== row.amountCents) return null;
  for (const { item } of items) await collect(ctx, row, item);
  return {
    kind: 'collection',
    matchState: 'matched',
    invoiceId: null,
    directDebitItemId: null,
    paymentId: null,
    note: `Sammelbuchung: ${items.length} Lastschriften eingezogen (${group})`,
  };
}

async function processReturn(ctx: ProcessContext, row: EntryRow): Promise<Outcome> {
  const code = row.tx.returnReason;
  const reason = returnReasonText(code);
  const fee = row.chargesCents;
  const item = await itemByEndToEnd(ctx.tx, row.tx.endToEndId, ['submitted', 'collected']);
  if (!item) {
    const credit = await returnedCredit(ctx, row);
    if (credit) {
      await ctx.payments.reverseIn(ctx.tx, ctx.session, credit.paymentId!, `Rückbuchung der Überweisung: ${reason}`, {
        fee: fee ? hundredthsToString(fee) : undefined,
        source: 'bank_import',
        date: paymentDate(row, ctx.today),
      });
      return {
        kind: 'return',
        matchState: 'matched',
        invoiceId: credit.invoiceId,
        directDebitItemId: null,
        paymentId: null,
        note: `Überweisung zurückgebucht: ${reason}${fee ? `, Gebühr ${euro(fee)}` : ''}`,
      };
    }
    return {
      kind: 'return',
      matchState: 'unassigned',
      invoiceId: null,
      directDebitItemId: null,
      paymentId: null,
      note: `Rücklastschrift ${reason}: keine passende Lastschrift gefunden`,
    };
  }
  if (item.paymentId !== null) {
    await ctx.payments.reverseIn(ctx.tx, ctx.session, item.paymentId, `Rücklastschrift: ${reason}`, {
      fee: fee ? hundredthsToString(fee) : undefined,
      source: 'direct_debit',
      date: paymentDate(row, ctx.today),
    });
  }
  await ctx.tx
    .update(directDebitItems)
    .set({
      state: 'returned',
      returnReason: reason,
      returnFee: fee ? hundredthsToString(fee) : null,
      settledOn: paymentDate(row, ctx.today),
    })
    .where(eq(directDebitItems.id, item.id));
  await reachedTheBank(ctx, item.runId);
  if (code && MANDATE_ENDING_REASONS.has(code.toUpperCase()) && item.mandateId !== null) {
    await ctx.tx
      .update(sepaMandates)
      .set({ status: 'closed', statusReason: reason, statusChangedAt: sql`now()` })
      .where(and(eq(sepaMandates.id, item.mandateId), eq(sepaMandates.status, 'active')));
  }
  return {
    kind: 'return',
    matchState: 'matched',
    invoiceId: item.invoiceId,
    directDebitItemId: item.id,
    paymentId: null,
    note: `Rücklastschrift ${reason}${fee ? `, Gebühr ${euro(fee)}` : ''}`,
  };
}

/**
 * A booked credit transfer that the bank takes back (a DBIT reversal naming the same
 * EndToEndId and amount): its payment is reversed once (the reversal's unique key).
 */
async function returnedCredit(ctx: ProcessContext, row: EntryRow) {
  const endToEnd = row.tx.endToEndId;
  if (!endToEnd || endToEnd === 'NOTPROVIDED') return null;
  const [credit] = await ctx.tx
    .select()
    .from(bankEntries)
    .where(
      and(
        eq(bankEntries.endToEndId, endToEnd),
        eq(bankEntries.kind, 'credit'),
        eq(bankEntries.matchState, 'matched'),
        eq(bankEntries.amount, hundredthsToString(row.amountCents)),
        sql`"bank_entries"."payment_id" IS NOT NULL`,
        sql`NOT EXISTS (SELECT 1 FROM payments r WHERE r.reverses_id = "bank_entries"."payment_id")`,
      ),
    )
    .orderBy(bankEntries.id)
    .limit(1)
    .for('update');
  return credit ?? null;
}

async function processCredit(ctx: ProcessContext, row: EntryRow): Promise<Outcome> {
  const date = paymentDate(row, ctx.today);
  const candidates = await loadCandidates(ctx.tx, date);
  const result: MatchResult = matchCredit(
    {
      amountCents: row.amountCents,
      counterpartyName: row.tx.counterpartyName,
      counterpartyIban: row.tx.counterpartyIban,
      texts: [row.tx.remittance, ...row.tx.references, row.entry.additionalInfo, row.tx.endToEndId ?? ''],
    },
    candidates,
  );
  if (result.state !== 'matched') {
    return {
      kind: 'credit',
      matchState: result.state,
      invoiceId: result.invoiceId,
      directDebitItemId: null,
      paymentId: null,
      note: result.note,
    };
  }
  const payment = await ctx.payments.recordIn(
    ctx.tx,
    ctx.session,
    result.invoiceId,
    {
      payment_date: date,
      amount: hundredthsToString(row.amountCents),
      method: 'ueberweisung',
      reference: row.tx.references[0] ?? row.tx.endToEndId ?? null,
      note: row.tx.counterpartyName ? `Kontoauszug: ${row.tx.counterpartyName}` : 'Kontoauszug',
    },
    { source: 'bank_import' },
  );
  return {
    kind: 'credit',
    matchState: 'matched',
    invoiceId: result.invoiceId,
    directDebitItemId: null,
    paymentId: payment.id,
    note: result.note,
  };
}
