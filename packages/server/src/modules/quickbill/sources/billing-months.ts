import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/executor.js';
import { subscriptionBillingMonths } from '../../../db/schema/index.js';
import type { AuditActor } from '../../../lib/audit.js';

/**
 * Claims every month of `period` for `sub` (decision 0581): inserts the month rows; `released`
 * months (cancelled invoices) are taken over only when `takeReleased` (manual billing). True
 * when all months were claimed; otherwise nothing is claimed (the caller rolls back).
 */
export async function claimMonths(
  tx: Transaction,
  subscriptionId: number,
  months: string[],
  state: 'invoiced' | 'skipped',
  actor: AuditActor,
  options: { takeReleased?: boolean; reason?: string | null } = {},
): Promise<boolean> {
  const values = months.map((month) => ({
    subscriptionId,
    month,
    state,
    reason: options.reason ?? null,
    createdBy: actor.displayName,
  }));
  const inserted = options.takeReleased
    ? await tx
        .insert(subscriptionBillingMonths)
        .values(values)
        .onConflictDoUpdate({
          target: [subscriptionBillingMonths.subscriptionId, subscriptionBillingMonths.month],
          set: { state, invoiceId: null, reason: options.reason ?? null, createdBy: actor.displayName },
          setWhere: sql`${subscriptionBillingMonths.state} = 'released'`,
        })
        .returning({ month: subscriptionBillingMonths.month })
    : await tx
        .insert(subscriptionBillingMonths)
        .values(values)
        .onConflictDoNothing()
        .returning({ month: subscriptionBillingMonths.month });
  return inserted.length === months.length;
}
