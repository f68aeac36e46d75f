import type { InvoiceInput, InvoiceItemInput, InvoiceListQuery } from '@butler/contract/quickbill';
import { eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/executor.js';
import { customers, invoices } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { num } from '../../../domain/decimal.js';
import { totalsAsStrings } from '../../../domain/invoice-totals.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError } from '../../../lib/errors.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { latestMailFor } from '../../mail/mail.repo.js';
import { deliveryOf } from '../../mail/mail-setup.service.js';
import {
  dashboardFigures,
  findCreditNoteFor,
  findInvoice,
  type InvoiceRow,
  listInvoices,
  loadItems,
  loadReminders,
  loadTimeEntries,
} from '../records/invoice.repo.js';
import { loadSettings } from '../settings/provider-settings.repo.js';
import {
  attachTimeEntries,
  customerSnapshot,
  draftHeader,
  priceItems,
  replaceItems,
  snapshotOf,
} from './invoice-draft.js';
import { presentDetail, presentListItem } from './invoice-present.js';

/** Drafts are the only editable invoices (§132 BAO: issued ones are kept unchanged). */
export function requireDraft(row: InvoiceRow) {
  if (row.status !== 'draft') throw new AppError('INVOICE_IMMUTABLE');
}

export function createInvoiceService(deps: ServiceDeps) {
  const { db } = deps;

  async function detail(id: number, executor: Executor = db) {
    const row = await findInvoice(executor, id);
    // Sequential on purpose: the executor may be a transaction (one connection), see
    // loadInvoiceDocument.
    const items = await loadItems(executor, id);
    const reminders = await loadReminders(executor, id);
    const entries = await loadTimeEntries(executor, id);
    const creditNote = await findCreditNoteFor(executor, id);
    const original = row.creditNoteForId ? await findInvoice(executor, row.creditNoteForId) : null;
    const latest = await latestMailFor(executor, 'invoice', id);
    const mail = latest && { ...latest, deliveredVia: deliveryOf(latest, deps.env) };
    return presentDetail(
      row,
      {
        items,
        reminders,
        timeEntries: entries,
        creditNote,
        creditNoteForNumber: original?.invoiceNumber ?? null,
        mail,
      },
      deps.today(),
    );
  }

  return {
    detail,

    async list(query: InvoiceListQuery) {
      const today = deps.today();
      const { rows, total } = await listInvoices(db, query, today);
      return { items: rows.map((r) => presentListItem(r, today)), total };
    },

    async dashboard() {
      const f = await dashboardFigures(db, deps.today());
      return {
        invoices_count: f.count,
        invoices_total_amount: num(f.total),
        invoices_open_amount: num(f.open),
        invoices_overdue_count: f.overdue,
        revenue_this_month: num(f.month),
        revenue_this_year: num(f.year),
      };
    },

    async create(session: SessionContext, input: InvoiceInput) {
      const id = await db.transaction(async (tx) => {
        const { values, lines, totals } = await draftHeader(tx, input);
        const [row] = await tx
          .insert(invoices)
          .values({ ...values, status: 'draft', createdBy: session.displayName })
          .returning();
        await replaceItems(tx, row.id, lines, totals.lineNets);
        await fillPeriodFromEntries(tx, row, input.time_entry_ids);
        await writeAudit(tx, session, 'create', 'invoice', row.id, null, row);
        return row.id;
      });
      return detail(id);
    },

    async update(session: SessionContext, id: number, input: InvoiceInput) {
      await db.transaction(async (tx) => {
        const before = await findInvoice(tx, id, true);
        requireDraft(before);
        const { values, lines, totals } = await draftHeader(tx, input);
        const [row] = await tx
          .update(invoices)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        await replaceItems(tx, id, lines, totals.lineNets);
        if (input.time_entry_ids || before.customerId !== input.customer_id) {
          await fillPeriodFromEntries(tx, row, input.time_entry_ids ?? []);
        }
        await writeAudit(tx, session, 'update', 'invoice', id, before, row);
      });
      return detail(id);
    },

    /** Deletes a draft; its time entries become billable again (FK on delete set null). */
    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const before = await findInvoice(tx, id, true);
        requireDraft(before);
        await tx.delete(invoices).where(eq(invoices.id, id));
        await writeAudit(tx, session, 'delete', 'invoice', id, before, null);
      });
    },

    /** A new draft with the same lines, dated today, for the customer's current data. */
    async duplicate(session: SessionContext, id: number) {
      const newId = await db.transaction(async (tx) => {
        const source = await findInvoice(tx, id);
        if (source.kind !== 'invoice') {
          throw new AppError('INVOICE_WRONG_STATUS', 'Eine Stornorechnung kann nicht dupliziert werden');
        }
        const settings = await loadSettings(tx);
        const items = await loadItems(tx, id);
        const { lines, totals } = priceItems(
          items.map((i) => ({
            description: i.description,
            quantity: Number(i.quantity),
            unit: i.unit,
            unit_price: Number(i.unitPrice),
            // A Kleinunternehmer line copied after leaving that mode starts at the standard rate.
            ...(i.taxExemption === 'small_business'
              ? { tax_rate: 20, tax_exemption: null }
              : { tax_rate: i.taxRate, tax_exemption: i.taxExemption as InvoiceItemInput['tax_exemption'] }),
          })),
          settings.smallBusiness,
        );
        const [customer] = source.customerId
          ? await tx.select().from(customers).where(eq(customers.id, source.customerId))
          : [];
        const snapshot = customer ? customerSnapshot(customer) : snapshotOf(source);
        const today = deps.today();
        const [row] = await tx
          .insert(invoices)
          .values({
            customerId: customer?.id ?? null,
            ...snapshot,
            invoiceDate: today,
            dueDate: addDays(today, settings.paymentTermsDays),
            notes: source.notes,
            smallBusiness: settings.smallBusiness,
            status: 'draft',
            ...totalsAsStrings(totals),
            createdBy: session.displayName,
          })
          .returning();
        await replaceItems(tx, row.id, lines, totals.lineNets);
        await writeAudit(tx, session, 'duplicate', 'invoice', row.id, null, { ...row, duplicatedFrom: id });
        return row.id;
      });
      return detail(newId);
    },
  };

  /** Attaches entries; without an explicit service period, the entries' dates become it. */
  async function fillPeriodFromEntries(tx: Transaction, row: InvoiceRow, ids?: number[]) {
    if (ids === undefined || row.customerId === null) return;
    const range = await attachTimeEntries(tx, row.id, row.customerId, ids);
    if (range && !row.servicePeriodStart) {
      await tx
        .update(invoices)
        .set({ servicePeriodStart: range.start, servicePeriodEnd: range.end })
        .where(eq(invoices.id, row.id));
    }
  }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
