import type { SubscriptionTemplate, zSubscriptionTemplateInput } from '@butler/contract/subscription-templates';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { subscriptionTemplates } from '../../db/schema/index.js';
import { hundredthsToString, num, toHundredths } from '../../domain/decimal.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

type Input = z.output<typeof zSubscriptionTemplateInput>;
type TemplateRow = typeof subscriptionTemplates.$inferSelect;

export function presentTemplate(row: TemplateRow): SubscriptionTemplate {
  return {
    id: row.id,
    name: row.name,
    duration_months: row.durationMonths,
    price_per_hour: num(row.pricePerHour),
    monthly_trips: row.monthlyTrips,
    offered_in_lounge: row.offeredInLounge,
    created_at: row.createdAt.toISOString(),
  };
}

const toColumns = (input: Input) => ({
  name: input.name,
  durationMonths: input.duration_months,
  pricePerHour: hundredthsToString(toHundredths(input.price_per_hour)),
  monthlyTrips: input.monthly_trips,
  offeredInLounge: input.offered_in_lounge,
});

/**
 * Templates are few (a handful of ButlerPaket offers), so the list is not paged.
 * Deleting one keeps the subscriptions sold from it: they hold their own copy of name,
 * duration and prices, and their template_id becomes null.
 */
export function createSubscriptionTemplatesService(db: Database) {
  return {
    async list() {
      const rows = await db
        .select()
        .from(subscriptionTemplates)
        .orderBy(asc(subscriptionTemplates.name), asc(subscriptionTemplates.id));
      return rows.map(presentTemplate);
    },

    async create(session: SessionContext, input: Input) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(subscriptionTemplates).values(toColumns(input)).returning();
        await writeAudit(tx, session, 'create', 'subscription_template', row.id, null, row);
        return presentTemplate(row);
      });
    },

    async update(session: SessionContext, id: number, input: Input) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(subscriptionTemplates)
          .where(eq(subscriptionTemplates.id, id))
          .for('update');
        if (!before) throw new AppError('TEMPLATE_NOT_FOUND');
        const [after] = await tx
          .update(subscriptionTemplates)
          .set(toColumns(input))
          .where(eq(subscriptionTemplates.id, id))
          .returning();
        await writeAudit(tx, session, 'update', 'subscription_template', id, before, after);
        return presentTemplate(after);
      });
    },

    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(subscriptionTemplates).where(eq(subscriptionTemplates.id, id)).returning();
        if (!before) throw new AppError('TEMPLATE_NOT_FOUND');
        await writeAudit(tx, session, 'delete', 'subscription_template', id, before, null);
      });
    },
  };
}
