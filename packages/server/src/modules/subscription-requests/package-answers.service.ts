import { formatDate } from '@butler/contract/format';
import { PACKAGE_CHANGE_STAFF_REFUSALS } from '@butler/contract/package-change-texts';
import type { StaffPackageRequest } from '@butler/contract/subscription-requests';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { customers, subscriptionRequests, subscriptions } from '../../db/schema/index.js';
import { automaticBillingStart } from '../../domain/billing-periods.js';
import { addDays } from '../../domain/calendar.js';
import { num } from '../../domain/decimal.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now, todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { renewSubscriptionIn } from '../subscriptions/billing/billing.service.js';
import { updateSubscriptionIn } from '../subscriptions/subscriptions.service.js';
import { lapsingHours } from './package-lapse.js';
import { mailAnswer } from './package-mails.js';
import { type ChangeTarget, changeTarget, PlanRefusal, planChange, planRenew } from './package-plan.js';
import { lockRequest, presentPackage, presentRequest, type RequestRow } from './request-rows.js';

/** The open wishes listed at once (oldest first); a customer's own list shows their newest. */
const LISTED = 100;
const PER_CUSTOMER = 20;

/** A refusal of the plan in the staff's words (409), anything else as thrown. */
function staffRefusal(cause: unknown): never {
  if (cause instanceof PlanRefusal) {
    throw new AppError(cause.status, PACKAGE_CHANGE_STAFF_REFUSALS[cause.reason](formatDate(cause.arg)));
  }
  throw cause;
}

/**
 * "Paket ändern" accepted: from the next period the ButlerPaket runs with the new template or
 * hours. The running one ends with its current period and a continuation on the same terms
 * takes the rest of the term (a ButlerPaket whose periods have not started is changed as a
 * whole); then the staff's edit (updateSubscriptionIn) applies template and hours by its
 * price, duration and trip rules. Returns the ButlerPaket that now carries the change.
 */
async function applyChange(tx: Transaction, session: SessionContext, row: RequestRow, at: ChangeTarget) {
  const { target } = at;
  let changedId = target.id;
  if (at.split) {
    const endDate = addDays(at.effectiveFrom, -1);
    const [shortened] = await tx
      .update(subscriptions)
      .set({ durationMonths: at.periodsKept, endDate, autoRenew: false, updatedAt: now() })
      .where(eq(subscriptions.id, target.id))
      .returning();
    await writeAudit(tx, session, 'update', 'subscription', target.id, target, shortened);
    const [continuation] = await tx
      .insert(subscriptions)
      .values({
        ...target,
        id: undefined,
        durationMonths: target.durationMonths - at.periodsKept,
        startDate: at.effectiveFrom,
        endDate: target.endDate,
        renewedFromId: null,
        billingStartsOn: automaticBillingStart(at.effectiveFrom, todayVienna()),
        createdAt: undefined,
        updatedAt: undefined,
      })
      .returning();
    await writeAudit(tx, session, 'create', 'subscription', continuation.id, null, continuation);
    changedId = continuation.id;
  }
  const [base] = await tx.select().from(subscriptions).where(eq(subscriptions.id, changedId));
  await updateSubscriptionIn(tx, session, changedId, {
    template_id: row.templateId as number,
    monthly_hours: num(row.monthlyHours),
    start_date: base.startDate,
    agreements: undefined,
  });
  return changedId;
}

/** For an open change, the hours accepting it today would let lapse; null when none or it cannot be accepted. */
async function openChangeLapse(db: Database, row: RequestRow, today: string) {
  if (row.state !== 'open' || row.kind !== 'change') return null;
  try {
    return await lapsingHours(db, row.customerId, await changeTarget(db, row.customerId, today), today);
  } catch (cause) {
    if (cause instanceof PlanRefusal) return null;
    throw cause;
  }
}

/** Staff answer the customers' wishes for their ButlerPakete (decision 0851). */
export function createPackageAnswersService(db: Database, publicUrl: string) {
  /** Marks the wish answered, audits the answer and mails the customer, in the answer's transaction. */
  async function answer(
    tx: Transaction,
    session: SessionContext,
    before: RequestRow,
    outcome: 'accepted' | 'declined',
    patch: Partial<typeof subscriptionRequests.$inferInsert>,
    lapsing: { hours: number; until: string } | null = null,
  ) {
    const [after] = await tx
      .update(subscriptionRequests)
      .set({ ...patch, state: outcome, answeredAt: now(), answeredBy: session.displayName })
      .where(eq(subscriptionRequests.id, before.id))
      .returning();
    await writeAudit(
      tx,
      session,
      outcome === 'accepted' ? 'package_request_accept' : 'package_request_decline',
      'subscription',
      before.subscriptionId,
      { kind: before.kind, state: before.state },
      {
        state: after.state,
        templateName: after.templateName,
        monthlyHours: after.monthlyHours,
        effectiveFrom: after.effectiveFrom,
        endDate: after.endDate,
        answerNote: after.answerNote,
      },
      { customerId: before.customerId },
    );
    await mailAnswer(tx, after, outcome, { createdBy: session.displayName, publicUrl, lapsing });
    return after;
  }

  async function openForAnswer(tx: Transaction, id: number) {
    const before = await lockRequest(tx, id);
    if (before.state !== 'open') throw new AppError('CONFLICT', PACKAGE_CHANGE_STAFF_REFUSALS.notOpen(''));
    return before;
  }

  return {
    /** Open wishes of all customers (oldest first), or one customer's wishes (newest first). */
    async list(customerId: number | undefined): Promise<StaffPackageRequest[]> {
      const rows = await db
        .select({
          request: subscriptionRequests,
          sub: subscriptions,
          first: customers.firstName,
          last: customers.lastName,
        })
        .from(subscriptionRequests)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRequests.subscriptionId))
        .innerJoin(customers, eq(customers.id, subscriptionRequests.customerId))
        .where(
          customerId === undefined
            ? eq(subscriptionRequests.state, 'open')
            : eq(subscriptionRequests.customerId, customerId),
        )
        .orderBy(
          ...(customerId === undefined
            ? [asc(subscriptionRequests.createdAt), asc(subscriptionRequests.id)]
            : [desc(subscriptionRequests.createdAt), desc(subscriptionRequests.id)]),
        )
        .limit(customerId === undefined ? LISTED : PER_CUSTOMER);
      const today = todayVienna();
      return Promise.all(
        rows.map(async (r) => ({
          ...presentRequest(r.request),
          customer_name: `${r.first} ${r.last}`,
          current: presentPackage(r.sub),
          lapse: await openChangeLapse(db, r.request, today),
        })),
      );
    },

    /**
     * Accepts the wish: the change or the renewal is applied by the staff's own operations in
     * this transaction (audited there), checked again by today's rules; a wish answered late
     * takes effect from the next period that is still ahead, which the answer records.
     */
    async accept(session: SessionContext, id: number, note: string) {
      const row = await db.transaction(async (tx) => {
        const before = await openForAnswer(tx, id);
        await lockCustomer(tx, before.customerId);
        const today = todayVienna();
        let lapsing: { hours: number; until: string } | null = null;
        try {
          if (before.kind === 'change') {
            const at = await changeTarget(tx, before.customerId, today);
            const plan = await planChange(tx, at, before.templateId ?? 0, num(before.monthlyHours));
            lapsing = await lapsingHours(tx, before.customerId, at, today);
            const result = await applyChange(tx, session, before, at);
            const [changed] = await tx.select().from(subscriptions).where(eq(subscriptions.id, result));
            const patch = {
              answerNote: note || null,
              resultSubscriptionId: result,
              subscriptionId: at.target.id,
              effectiveFrom: at.effectiveFrom,
              endDate: changed?.endDate ?? plan.endDate,
              monthlyPrice: changed?.monthlyPrice ?? plan.monthlyPrice,
            };
            return answer(tx, session, before, 'accepted', patch, lapsing);
          }
          const plan = await planRenew(tx, before.customerId, today);
          const renewal = await renewSubscriptionIn(tx, session, plan.target.id);
          return answer(tx, session, before, 'accepted', {
            answerNote: note || null,
            resultSubscriptionId: renewal.id,
            subscriptionId: plan.target.id,
            effectiveFrom: renewal.start_date,
            endDate: renewal.end_date,
          });
        } catch (cause) {
          staffRefusal(cause);
        }
      });
      return presentRequest(row);
    },

    /** Declines the wish with a note the customer reads; the ButlerPaket stays as it is. */
    async decline(session: SessionContext, id: number, note: string) {
      const row = await db.transaction(async (tx) => {
        const before = await openForAnswer(tx, id);
        return answer(tx, session, before, 'declined', { answerNote: note });
      });
      return presentRequest(row);
    },
  };
}
