import { formatEuro } from '@butler/contract/format';
import type { RecordPaymentInput } from '@butler/contract/payments';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/executor.js';
import { customers, payments } from '../../../db/schema/index.js';
import { hundredthsToString, num, toHundredths } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { closedMonthMessage, closedMonthOf } from '../../../lib/closed-months.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { findInvoice, type InvoiceRow } from '../records/invoice.repo.js';
import {
  customerCredit,
  customerEntries,
  customerOpenAmounts,
  findEntry,
  invoiceEntries,
  lockCustomerLedger,
  openInvoicesOf,
} from '../records/payments.repo.js';
import { openItems } from './open-items.js';

export const openAmountOf = (row: Pick<InvoiceRow, 'status' | 'totalGross' | 'paidAmount'>) =>
  row.status === 'sent' ? toHundredths(row.totalGross) - toHundredths(row.paidAmount ?? '0') : 0n;

export function paymentState(row: Pick<InvoiceRow, 'status' | 'paidAmount'>) {
  if (row.status === 'paid') return 'paid' as const;
  return toHundredths(row.paidAmount ?? '0') > 0n ? ('partially_paid' as const) : ('open' as const);
}

/** Reads the invoice, takes its customer's ledger lock, then locks and re-reads the invoice. */
async function lockInvoice(tx: Transaction, id: number) {
  const first = await findInvoice(tx, id);
  await lockCustomerLedger(tx, first.customerId);
  return findInvoice(tx, id, true);
}

async function requireCustomer(tx: Transaction, customerId: number) {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  await lockCustomerLedger(tx, customerId);
}

/** Refuses when the customer's credit is below `cents`, naming what is there (`€ 1.234,50`). */
async function requireCredit(tx: Transaction, customerId: number, cents: bigint) {
  const credit = toHundredths(await customerCredit(tx, customerId));
  if (credit < cents) {
    throw new AppError(
      'CONFLICT',
      `Das Guthaben reicht nicht aus (verfügbar: ${formatEuro(hundredthsToString(credit))})`,
    );
  }
}

export type PaymentOptions = { source?: 'manual' | 'bank_import' | 'direct_debit' | 'system' };
export type ReverseOptions = PaymentOptions & { fee?: string; date?: string };

export function createPaymentService(deps: ServiceDeps) {
  const { db } = deps;

  async function recordIn(
    tx: Transaction,
    session: SessionContext,
    invoiceId: number,
    // A bank file's amount comes as the exact decimal text (decision 0725).
    input: Omit<RecordPaymentInput, 'amount'> & { amount: number | string },
    options: PaymentOptions = {},
  ) {
    const today = deps.today();
    const before = await lockInvoice(tx, invoiceId);
    if (before.kind !== 'invoice')
      throw new AppError('INVOICE_WRONG_STATUS', 'Für eine Stornorechnung können keine Zahlungen erfasst werden');
    if (before.status === 'draft')
      throw new AppError('INVOICE_WRONG_STATUS', 'Für Entwürfe können keine Zahlungen erfasst werden');
    if (before.status === 'cancelled')
      throw new AppError('INVOICE_WRONG_STATUS', 'Für stornierte Rechnungen können keine Zahlungen erfasst werden');
    if (input.payment_date > today)
      throw fieldError('payment_date', 'Das Zahlungsdatum darf nicht in der Zukunft liegen');
    if (input.payment_date < before.invoiceDate)
      throw fieldError('payment_date', 'Das Zahlungsdatum darf nicht vor dem Rechnungsdatum liegen');
    const [entry] = await tx
      .insert(payments)
      .values({
        kind: 'payment',
        customerId: before.customerId,
        invoiceId,
        paymentDate: input.payment_date,
        amount: hundredthsToString(toHundredths(input.amount)),
        method: input.method,
        source: options.source ?? 'manual',
        reference: input.reference ?? null,
        note: input.note ?? null,
        createdBy: session.displayName,
      })
      .returning();
    const after = await findInvoice(tx, invoiceId);
    await writeAudit(tx, session, 'payment', 'invoice', invoiceId, before, after, { customerId: before.customerId });
    return entry;
  }

  /**
   * Removes a payment (or a credit application or refund) by a reversal entry inside `tx`:
   * the invoice reopens; refused when the credit it created is already used. A bank return
   * (decision 0609) passes its fee, source and booking date.
   */
  async function reverseIn(
    tx: Transaction,
    session: SessionContext,
    entryId: number,
    reason: string,
    options: ReverseOptions = {},
  ) {
    const first = await findEntry(tx, entryId);
    if (!first) throw new AppError('NOT_FOUND', 'Buchung nicht gefunden');
    await lockCustomerLedger(tx, first.customer_id);
    if (first.invoice_id) await findInvoice(tx, first.invoice_id, true);
    const entry = await findEntry(tx, entryId);
    if (!entry || entry.kind === 'reversal')
      throw new AppError('CONFLICT', 'Eine Stornobuchung kann nicht entfernt werden');
    if (entry.reversed) throw new AppError('CONFLICT', 'Diese Buchung wurde bereits entfernt');
    const before = entry.invoice_id ? await findInvoice(tx, entry.invoice_id) : null;
    try {
      await tx.insert(payments).values({
        kind: 'reversal',
        customerId: entry.customer_id,
        reversesId: entry.id,
        paymentDate: options.date ?? deps.today(),
        amount: entry.amount,
        source: options.source ?? 'manual',
        reason,
        fee: options.fee ?? null,
        createdBy: session.displayName,
      });
    } catch (caught) {
      // The entry's own month is closed (decision 0821): no date of the reversal helps, so the
      // refusal says what does instead of "book with a date in the open period".
      const month = closedMonthOf(caught);
      if (month !== null && month === entry.payment_date.slice(0, 7)) {
        throw new AppError('PERIOD_CLOSED', closedMonthMessage(month, 'reversal'));
      }
      throw caught;
    }
    if (entry.customer_id !== null && (await customerCredit(tx, entry.customer_id)).startsWith('-')) {
      throw new AppError(
        'CONFLICT',
        'Diese Zahlung kann nicht entfernt werden: Das Guthaben daraus wurde bereits verrechnet oder erstattet',
      );
    }
    const after = entry.invoice_id ? await findInvoice(tx, entry.invoice_id) : null;
    await writeAudit(
      tx,
      session,
      'payment-remove',
      entry.invoice_id ? 'invoice' : 'customer',
      entry.invoice_id ?? entry.customer_id,
      { ...(before ?? {}), entry: entry.id, amount: entry.amount },
      { ...(after ?? {}), reason },
      { customerId: entry.customer_id },
    );
    return { invoice_id: entry.invoice_id, customer_id: entry.customer_id };
  }

  return {
    recordIn,
    reverseIn,

    /** Records a payment (also partial, also more than open: the rest becomes credit). */
    async record(session: SessionContext, invoiceId: number, input: RecordPaymentInput) {
      await db.transaction((tx) => recordIn(tx, session, invoiceId, input));
      return this.forInvoice(invoiceId);
    },

    /** Old "Als bezahlt markieren": a payment of what is still open (or the amount given). */
    async markPaid(session: SessionContext, id: number, input: { paid_at?: string; amount?: number }) {
      await db.transaction(async (tx) => {
        const row = await lockInvoice(tx, id);
        if (row.kind === 'invoice' && row.status === 'paid')
          throw new AppError('INVOICE_WRONG_STATUS', 'Diese Rechnung ist bereits bezahlt');
        if (row.kind === 'invoice' && row.status !== 'sent')
          throw new AppError('INVOICE_WRONG_STATUS', 'Nur versendete Rechnungen können als bezahlt markiert werden');
        const paidAt = input.paid_at ?? deps.today();
        if (paidAt > deps.today()) throw fieldError('paid_at', 'Das Zahlungsdatum darf nicht in der Zukunft liegen');
        if (paidAt < row.invoiceDate)
          throw fieldError('paid_at', 'Das Zahlungsdatum darf nicht vor dem Rechnungsdatum liegen');
        const amount = input.amount ?? num(hundredthsToString(openAmountOf(row)));
        await recordIn(tx, session, id, {
          payment_date: paidAt,
          amount,
          method: 'ueberweisung',
          reference: null,
          note: null,
        });
      });
    },

    /** Removes a payment by a reversal entry (see reverseIn). */
    async reverse(session: SessionContext, entryId: number, reason: string, options: ReverseOptions = {}) {
      return db.transaction((tx) => reverseIn(tx, session, entryId, reason, options));
    },

    /** Settles part of an open invoice of the same customer from their credit. */
    async applyCredit(session: SessionContext, customerId: number, invoiceId: number, amount: number) {
      await db.transaction(async (tx) => {
        await requireCustomer(tx, customerId);
        const before = await findInvoice(tx, invoiceId, true);
        if (before.customerId !== customerId || before.kind !== 'invoice')
          throw fieldError('invoice_id', 'Diese Rechnung gehört nicht zu diesem Kunden');
        if (before.status !== 'sent') throw fieldError('invoice_id', 'Diese Rechnung ist nicht offen');
        const cents = toHundredths(amount);
        if (cents > openAmountOf(before))
          throw fieldError('amount', 'Der Betrag ist höher als der offene Betrag der Rechnung');
        await requireCredit(tx, customerId, cents);
        await tx.insert(payments).values({
          kind: 'credit_applied',
          customerId,
          invoiceId,
          paymentDate: deps.today(),
          amount: hundredthsToString(cents),
          source: 'manual',
          createdBy: session.displayName,
        });
        const after = await findInvoice(tx, invoiceId);
        await writeAudit(tx, session, 'credit-apply', 'invoice', invoiceId, before, after, { customerId });
      });
      return this.account(customerId);
    },

    /** Records that (part of) a customer's credit was paid back to them. */
    async refund(session: SessionContext, customerId: number, input: RecordPaymentInput) {
      await db.transaction(async (tx) => {
        await requireCustomer(tx, customerId);
        if (input.payment_date > deps.today())
          throw fieldError('payment_date', 'Das Datum darf nicht in der Zukunft liegen');
        const cents = toHundredths(input.amount);
        await requireCredit(tx, customerId, cents);
        const [entry] = await tx
          .insert(payments)
          .values({
            kind: 'refund',
            customerId,
            paymentDate: input.payment_date,
            amount: hundredthsToString(cents),
            method: input.method,
            source: 'manual',
            reference: input.reference ?? null,
            note: input.note ?? null,
            createdBy: session.displayName,
          })
          .returning();
        await writeAudit(tx, session, 'credit-refund', 'customer', customerId, null, entry, { customerId });
      });
      return this.account(customerId);
    },

    /** The invoice's ledger and figures. */
    async forInvoice(invoiceId: number) {
      const row = await findInvoice(db, invoiceId);
      const [entries, credit] = await Promise.all([
        invoiceEntries(db, invoiceId),
        row.customerId ? customerCredit(db, row.customerId) : Promise.resolve('0'),
      ]);
      return {
        invoice_id: row.id,
        total_gross: num(row.totalGross),
        received: num(row.paidAmount),
        open_amount: num(hundredthsToString(openAmountOf(row))),
        payment_state: paymentState(row),
        customer_credit: num(credit),
        entries,
      };
    },

    /** "Offene Posten" with ageing, paged by customer. */
    openItems(query: { search?: string; page: number; page_size: number }) {
      return openItems(db, deps.today(), query);
    },

    /** A customer's open amount, credit and ledger (customer detail, credit dialog). */
    async account(customerId: number) {
      const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
      if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
      const [open, credit, targets, entries] = await Promise.all([
        customerOpenAmounts(db, customerId, deps.today()),
        customerCredit(db, customerId),
        openInvoicesOf(db, customerId),
        customerEntries(db, customerId),
      ]);
      return {
        customer_id: customerId,
        open_amount: num(open.open),
        overdue_amount: num(open.overdue),
        open_invoices: open.invoices,
        credit: num(credit),
        invoices_for_credit: targets,
        entries,
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
