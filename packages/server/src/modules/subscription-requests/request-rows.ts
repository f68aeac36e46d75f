import type { PackageRequestKind, PackageRequestState } from '@butler/contract/package-change-texts';
import type { PackageRequest } from '@butler/contract/subscription-requests';
import { INDIVIDUAL_TEMPLATE_NAME } from '@butler/contract/subscriptions';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { subscriptionRequests } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import { AppError } from '../../lib/errors.js';
import type { SubscriptionRow } from './package-plan.js';

export type RequestRow = typeof subscriptionRequests.$inferSelect;

/** A wish as the contract shows it. */
export function presentRequest(row: RequestRow): PackageRequest {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    customer_id: row.customerId,
    kind: row.kind as PackageRequestKind,
    state: row.state as PackageRequestState,
    template_id: row.templateId,
    template_name: row.templateName || INDIVIDUAL_TEMPLATE_NAME,
    monthly_hours: num(row.monthlyHours),
    monthly_price: num(row.monthlyPrice),
    effective_from: row.effectiveFrom,
    end_date: row.endDate,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    answered_by: row.answeredBy,
    answer_note: row.answerNote,
    result_subscription_id: row.resultSubscriptionId,
  };
}

/** A ButlerPaket as the wish's "now" shows it. */
export function presentPackage(sub: SubscriptionRow) {
  return {
    id: sub.id,
    template_id: sub.templateId,
    template_name: sub.templateName || INDIVIDUAL_TEMPLATE_NAME,
    monthly_hours: num(sub.monthlyHours),
    monthly_price: num(sub.monthlyPrice),
    start_date: sub.startDate,
    end_date: sub.endDate,
  };
}

/** The wish, locked for its answer. */
export async function lockRequest(tx: Executor, id: number): Promise<RequestRow> {
  const [row] = await tx.select().from(subscriptionRequests).where(eq(subscriptionRequests.id, id)).for('update');
  if (!row) throw new AppError('SUBSCRIPTION_REQUEST_NOT_FOUND');
  return row;
}
