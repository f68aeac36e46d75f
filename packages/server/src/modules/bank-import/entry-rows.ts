import { parseDecimalText } from '../../domain/decimal.js';
import type { CamtFile } from './camt/camt-file.js';
import type { CamtEntry, CamtStatement, CamtTransaction } from './camt/camt-reader.js';

/**
 * One row per booked transaction of a camt file (a TxDtls, or the entry itself when it has
 * none), with its amount read exactly from the file's text (decision 0725) and its facts in
 * the form `bank_entries` keeps them, which is what recognises the same booking in a later
 * file (entry-identity.ts, decision 0723).
 */
export interface EntryRow {
  /** Line of the booking (Ntry) in the file. */
  line: number;
  accountIban: string | null;
  /** The statement's account: its IBAN, else its other id. */
  account: string | null;
  statementRef: string;
  bookingDate: string | null;
  valueDate: string | null;
  /** The transaction's amount (the entry's when it has one transaction), in cents, half-up. */
  amountCents: bigint;
  /** The file's amount had no digit beyond the cents. */
  amountExact: boolean;
  /** The amount as the file wrote it (for messages). */
  amountText: string;
  currency: string;
  direction: 'CRDT' | 'DBIT';
  reversal: boolean;
  bankStatus: string;
  bankTransactionCode: string | null;
  batchPaymentInfoId: string | null;
  /** The bank's own reference: the transaction's AcctSvcrRef, else the entry's. */
  bankReference: string | null;
  /** How many transactions the entry has (1: the row is the whole entry). */
  siblings: number;
  /** The facts as stored (bank_entries columns), compared to find the same booking again. */
  stored: StoredFacts;
  /** Charges in cents (the transaction's, else the entry's when it is the only one). */
  chargesCents: bigint | null;
  tx: CamtTransaction;
  entry: CamtEntry;
}

export interface StoredFacts {
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittance: string;
  reference: string | null;
  endToEndId: string | null;
  mandateReference: string | null;
  returnReason: string | null;
}

export function entryRows(file: CamtFile): EntryRow[] {
  return file.statements.flatMap(statementRows);
}

function statementRows(statement: CamtStatement): EntryRow[] {
  const account = statement.accountIban ?? statement.accountOther ?? null;
  return statement.entries.flatMap((entry) =>
    entry.transactions.map((tx): EntryRow => {
      const single = entry.transactions.length === 1;
      const amountText = (single ? entry.amount : tx.amount) ?? entry.amount;
      const amount = parseDecimalText(amountText);
      const charges = tx.charges ?? (single ? entry.charges : null);
      return {
        line: entry.line,
        accountIban: statement.accountIban,
        account,
        statementRef: statement.id,
        bookingDate: entry.bookingDate,
        valueDate: entry.valueDate,
        amountCents: amount.hundredths,
        amountExact: amount.exact,
        amountText,
        currency: (single ? entry.currency : tx.currency) ?? entry.currency,
        direction: entry.direction,
        reversal: entry.reversal,
        bankStatus: entry.status,
        bankTransactionCode: entry.bankTransactionCode,
        batchPaymentInfoId: entry.batchPaymentInfoId,
        bankReference: tx.bankReference ?? entry.bankReference,
        siblings: entry.transactions.length,
        stored: {
          counterpartyName: tx.counterpartyName?.slice(0, 140) ?? null,
          counterpartyIban: tx.counterpartyIban,
          remittance: [tx.remittance, entry.additionalInfo].filter(Boolean).join(' · ').slice(0, 500),
          reference: tx.references[0] ?? null,
          endToEndId: tx.endToEndId,
          mandateReference: tx.mandateId,
          returnReason: tx.returnReason,
        },
        chargesCents: charges === null ? null : parseDecimalText(charges).hundredths,
        tx,
        entry,
      };
    }),
  );
}
