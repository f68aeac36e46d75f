import type { BillingSettings } from '@butler/contract/billing-settings';
import { and, desc, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import { billingSettings, customers, dunningBlocks, reminderLevels } from '../../../db/schema/index.js';
import { hundredthsToString, num, toHundredths } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { findInvoice } from '../records/invoice.repo.js';
import { loadBillingSettings, loadReminderLevels } from '../reminders/reminder-letter.js';

type BlockRow = typeof dunningBlocks.$inferSelect;
const present = (b: BlockRow) => ({
  id: b.id,
  invoice_id: b.invoiceId,
  customer_id: b.customerId,
  reason: b.reason,
  until: b.until,
  created_by: b.createdBy,
  created_at: b.createdAt.toISOString(),
});

export function createDunningService(deps: ServiceDeps) {
  const { db } = deps;
  return {
    async settings(): Promise<BillingSettings> {
      const [s, levels] = await Promise.all([loadBillingSettings(db), loadReminderLevels(db)]);
      return {
        subscription_invoice_mode: s.subscriptionInvoiceMode as 'draft' | 'send',
        automatic_reminders: s.automaticReminders,
        default_interest: s.defaultInterest,
        base_rate: num(s.baseRate),
        base_rate_since: s.baseRateSince,
        renewal_notice_days: s.renewalNoticeDays,
        levels: levels.map((l) => ({ level: l.level, days: l.days, fee: num(l.fee), text: l.text })),
      };
    },

    async saveSettings(session: SessionContext, input: BillingSettings) {
      await db.transaction(async (tx) => {
        const before = { settings: await loadBillingSettings(tx), levels: await loadReminderLevels(tx) };
        await tx
          .update(billingSettings)
          .set({
            subscriptionInvoiceMode: input.subscription_invoice_mode,
            automaticReminders: input.automatic_reminders,
            defaultInterest: input.default_interest,
            baseRate: input.base_rate.toFixed(3),
            baseRateSince: input.base_rate_since,
            renewalNoticeDays: input.renewal_notice_days,
          })
          .where(eq(billingSettings.id, 1));
        for (const l of input.levels) {
          const values = { days: l.days, fee: hundredthsToString(toHundredths(l.fee)), text: l.text };
          await tx
            .insert(reminderLevels)
            .values({ level: l.level, ...values })
            .onConflictDoUpdate({ target: reminderLevels.level, set: values });
        }
        const after = { settings: await loadBillingSettings(tx), levels: await loadReminderLevels(tx) };
        await writeAudit(tx, session, 'update', 'billing-settings', 1, before, after);
      });
      return this.settings();
    },

    /** Active blocks (not lifted, not expired) of an invoice (incl. its customer's) or a customer. */
    async activeBlocks(query: { invoice_id?: number; customer_id?: number }) {
      const today = deps.today();
      const targets: SQL[] = [];
      if (query.invoice_id) {
        const invoice = await findInvoice(db, query.invoice_id);
        targets.push(eq(dunningBlocks.invoiceId, invoice.id));
        if (invoice.customerId) targets.push(eq(dunningBlocks.customerId, invoice.customerId));
      }
      if (query.customer_id) targets.push(eq(dunningBlocks.customerId, query.customer_id));
      const rows = await db
        .select()
        .from(dunningBlocks)
        .where(
          and(
            isNull(dunningBlocks.liftedAt),
            gte(dunningBlocks.until, today),
            targets.length ? or(...targets) : undefined,
          ),
        )
        .orderBy(desc(dunningBlocks.id))
        .limit(100);
      return rows.map(present);
    },

    async block(
      session: SessionContext,
      target: { invoiceId?: number; customerId?: number },
      input: { reason: string; until: string },
    ) {
      if (input.until < deps.today()) throw fieldError('until', 'Das Datum darf nicht in der Vergangenheit liegen');
      return db.transaction(async (tx) => {
        if (target.invoiceId) {
          const invoice = await findInvoice(tx, target.invoiceId);
          if (invoice.kind !== 'invoice' || invoice.status === 'draft')
            throw new AppError('INVOICE_WRONG_STATUS', 'Eine Mahnsperre gibt es nur für ausgestellte Rechnungen');
        } else {
          const [c] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, target.customerId!));
          if (!c) throw new AppError('CUSTOMER_NOT_FOUND');
        }
        const [row] = await tx
          .insert(dunningBlocks)
          .values({
            invoiceId: target.invoiceId ?? null,
            customerId: target.invoiceId ? null : target.customerId!,
            reason: input.reason,
            until: input.until,
            createdBy: session.displayName,
          })
          .returning();
        await writeAudit(
          tx,
          session,
          'dunning-block',
          target.invoiceId ? 'invoice' : 'customer',
          target.invoiceId ?? target.customerId!,
          null,
          row,
        );
        return present(row);
      });
    },

    async lift(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(dunningBlocks).where(eq(dunningBlocks.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND', 'Mahnsperre nicht gefunden');
        if (before.liftedAt) throw new AppError('CONFLICT', 'Diese Mahnsperre ist bereits aufgehoben');
        const [after] = await tx
          .update(dunningBlocks)
          .set({ liftedAt: new Date() })
          .where(eq(dunningBlocks.id, id))
          .returning();
        await writeAudit(
          tx,
          session,
          'dunning-unblock',
          before.invoiceId ? 'invoice' : 'customer',
          before.invoiceId ?? before.customerId,
          before,
          after,
        );
      });
    },
  };
}
