import { createHash } from 'node:crypto';
import type { CamtFile } from './camt/camt-file.js';
import type { CamtEntry, CamtStatement, CamtTransaction } from './camt/camt-reader.js';

/**
 * One row per booked transaction of a camt file, with the fingerprint that recognises it
 * in any later file (decision 0608): the bank's own reference where it gives one, else the
 * content and its place among identical ones in the same statement. The status is part of
 * it: a booking reported as pending (camt.052) and later as booked are two rows.
 */
export interface EntryRow {
  fingerprint: string;
  accountIban: string | null;
  statementRef: string;
  bookingDate: string | null;
  valueDate: string | null;
  /** The transaction's amount (the entry's when it has one transaction), as written. */
  amount: string;
  currency: string;
  direction: 'CRDT' | 'DBIT';
  reversal: boolean;
  bankStatus: string;
  bankTransactionCode: string | null;
  batchPaymentInfoId: string | null;
  /** How many transactions the entry has (1: the row is the whole entry). */
  siblings: number;
  tx: CamtTransaction;
  entry: CamtEntry;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

export function entryRows(file: CamtFile): EntryRow[] {
  const rows: EntryRow[] = [];
  for (const statement of file.statements) rows.push(...statementRows(statement));
  return rows;
}

function statementRows(statement: CamtStatement): EntryRow[] {
  const account = statement.accountIban ?? statement.accountOther ?? '-';
  const seen = new Map<string, number>();
  const rows: EntryRow[] = [];
  for (const entry of statement.entries) {
    entry.transactions.forEach((tx, index) => {
      const single = entry.transactions.length === 1;
      const amount = (single ? entry.amount : tx.amount) ?? entry.amount;
      const currency = (single ? entry.currency : tx.currency) ?? entry.currency;
      const status = entry.status;
      let identity: string;
      if (tx.bankReference) identity = `tx:${tx.bankReference}`;
      else if (entry.bankReference) identity = `entry:${entry.bankReference}#${index}`;
      else {
        const content = hash(
          JSON.stringify([
            entry.bookingDate,
            entry.valueDate,
            entry.amount,
            entry.direction,
            entry.reversal,
            amount,
            tx.endToEndId,
            tx.counterpartyIban,
            tx.counterpartyName,
            tx.remittance,
            tx.references,
            tx.returnReason,
          ]),
        );
        const n = (seen.get(content) ?? 0) + 1;
        seen.set(content, n);
        identity = `content:${content}#${n}`;
      }
      rows.push({
        fingerprint: hash(`${account}|${status}|${identity}`),
        accountIban: statement.accountIban,
        statementRef: statement.id,
        bookingDate: entry.bookingDate,
        valueDate: entry.valueDate,
        amount,
        currency,
        direction: entry.direction,
        reversal: entry.reversal,
        bankStatus: status,
        bankTransactionCode: entry.bankTransactionCode,
        batchPaymentInfoId: entry.batchPaymentInfoId,
        siblings: entry.transactions.length,
        tx,
        entry,
      });
    });
  }
  return rows;
}
