import type { LedgerEntry } from '@butler/contract/payments';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { num } from '../../../domain/decimal.js';

/**
 * Reads of the payment ledger (decision 0580). Entries are never changed: "reversed" means
 * a later reversal entry points at the entry.
 */

type EntryRow = {
  id: number;
  kind: LedgerEntry['kind'];
  invoice_id: number | null;
  invoice_number: string | null;
  reverses_id: number | null;
  payment_date: string;
  amount: string;
  method: LedgerEntry['method'];
  source: LedgerEntry['source'];
  reference: string | null;
  note: string | null;
  reason: string | null;
  fee: string | null;
  reversal_reason: string | null;
  reversed: boolean;
  created_by: string;
  created_at: Date | string;
  closed_month: string | null;
};

async function entriesWhere(db: Executor, where: SQL, newestFirst = false): Promise<LedgerEntry[]> {
  const result = await db.execute(sql`
    SELECT p.id, p.kind, coalesce(p.invoice_id, o.invoice_id) AS invoice_id, i.invoice_number, p.reverses_id,
      p.payment_date::text AS payment_date, p.amount::text AS amount, p.method, p.source, p.reference, p.note,
      p.reason, p.fee::text AS fee, r.reason AS reversal_reason, (r.id IS NOT NULL) AS reversed,
      p.created_by, p.created_at, c.month AS closed_month
    FROM payments p
    LEFT JOIN closed_months c ON c.month = to_char(p.payment_date, 'YYYY-MM') AND c.reopened_at IS NULL
    LEFT JOIN payments r ON r.reverses_id = p.id
    LEFT JOIN payments o ON o.id = p.reverses_id
    LEFT JOIN invoices i ON i.id = coalesce(p.invoice_id, o.invoice_id)
    WHERE ${where}
    ORDER BY ${newestFirst ? sql`p.payment_date DESC, p.id DESC` : sql`p.payment_date, p.id`}
    LIMIT 500`);
  return (result.rows as EntryRow[]).map((r) => ({
    id: r.id,
    kind: r.kind,
    invoice_id: r.invoice_id,
    invoice_number: r.invoice_number,
    reverses_id: r.reverses_id,
    payment_date: r.payment_date,
    amount: num(r.amount),
    method: r.method,
    source: r.source,
    reference: r.reference,
    note: r.note,
    reason: r.reason,
    fee: r.fee === null ? null : num(r.fee),
    reversed: r.reversed,
    reversal_reason: r.reversal_reason,
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    closed_month: r.closed_month,
  }));
}

/** An invoice's entries and the reversals of them. */
export function invoiceEntries(db: Executor, invoiceId: number) {
  return entriesWhere(db, sql`(p.invoice_id = ${invoiceId} OR o.invoice_id = ${invoiceId})`);
}

/** A customer's newest 500 entries (payments, credit, refunds, reversals), newest first. */
export function customerEntries(db: Executor, customerId: number) {
  return entriesWhere(db, sql`p.customer_id = ${customerId}`, true);
}

export async function findEntry(db: Executor, id: number) {
  const result = await db.execute(sql`
    SELECT p.id, p.kind, p.customer_id, p.invoice_id, p.amount::text AS amount,
      p.payment_date::text AS payment_date,
      EXISTS (SELECT 1 FROM payments r WHERE r.reverses_id = p.id) AS reversed
    FROM payments p WHERE p.id = ${id}`);
  return (result.rows[0] ?? null) as {
    id: number;
    kind: LedgerEntry['kind'];
    customer_id: number | null;
    invoice_id: number | null;
    amount: string;
    payment_date: string;
    reversed: boolean;
  } | null;
}

/**
 * A customer's credit (Guthaben): what their invoices received beyond what they owe (a
 * cancelled invoice owes nothing), less credit already applied or refunded. Never negative
 * when every write checks it under the customer's ledger lock.
 */
export async function customerCredit(db: Executor, customerId: number): Promise<string> {
  const result = await db.execute(sql`
    SELECT (
      (SELECT coalesce(sum(greatest(0, coalesce(paid_amount, 0) - CASE WHEN status = 'cancelled' THEN 0 ELSE total_gross END)), 0)
        FROM invoices WHERE customer_id = ${customerId} AND kind = 'invoice' AND status <> 'draft')
      - (SELECT coalesce(sum(p.amount), 0) FROM payments p
        WHERE p.customer_id = ${customerId} AND p.kind IN ('credit_applied', 'refund')
          AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reverses_id = p.id))
    )::text AS credit`);
  return (result.rows[0] as { credit: string }).credit;
}

/** A customer's open and overdue amounts over their issued, not fully paid invoices. */
export async function customerOpenAmounts(db: Executor, customerId: number, today: string) {
  const result = await db.execute(sql`
    SELECT coalesce(sum(total_gross - coalesce(paid_amount, 0)), 0)::text AS open,
      coalesce(sum(total_gross - coalesce(paid_amount, 0)) FILTER (WHERE due_date < ${today}::date), 0)::text AS overdue,
      count(*)::int AS invoices
    FROM invoices WHERE customer_id = ${customerId} AND status = 'sent' AND kind = 'invoice'`);
  return result.rows[0] as { open: string; overdue: string; invoices: number };
}

/** Open invoices of a customer, oldest due first (targets for their credit). */
export async function openInvoicesOf(db: Executor, customerId: number) {
  const result = await db.execute(sql`
    SELECT id, invoice_number, due_date::text AS due_date, (total_gross - coalesce(paid_amount, 0))::text AS open
    FROM invoices WHERE customer_id = ${customerId} AND status = 'sent' AND kind = 'invoice'
    ORDER BY due_date, id LIMIT 100`);
  return (result.rows as Array<{ id: number; invoice_number: string; due_date: string; open: string }>).map((r) => ({
    id: r.id,
    invoice_number: r.invoice_number,
    due_date: r.due_date,
    open_amount: num(r.open),
  }));
}

/**
 * Money in minus money out between two days by payment date (Ist-Besteuerung): payments
 * less refunds; a reversal undoes its entry on the reversal's own date; applying credit
 * moves no money.
 */
export function cashSql(from: string, to: string) {
  return sql`(SELECT coalesce(sum(${CASH_OF_ENTRY}), 0)
    FROM payments p LEFT JOIN payments o ON o.id = p.reverses_id
    WHERE p.payment_date >= ${from}::date AND p.payment_date <= ${to}::date)`;
}

/**
 * The money one ledger entry `p` moves (its reversed entry joined as `o`), for sums by payment
 * date: cashSql above, the overview's revenue per month (decision 0651).
 */
export const CASH_OF_ENTRY = sql`CASE
      WHEN p.kind = 'payment' THEN p.amount
      WHEN p.kind = 'refund' THEN -p.amount
      WHEN p.kind = 'reversal' THEN CASE o.kind WHEN 'payment' THEN -p.amount WHEN 'refund' THEN p.amount ELSE 0 END
      ELSE 0 END`;

/** Takes the ledger lock of a customer until the transaction ends (all ledger writes of one customer queue up). */
export async function lockCustomerLedger(tx: Executor, customerId: number | null) {
  if (customerId !== null) await tx.execute(sql`SELECT pg_advisory_xact_lock(580, ${customerId})`);
}
