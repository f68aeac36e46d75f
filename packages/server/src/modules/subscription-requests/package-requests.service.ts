import { formatDate } from '@butler/contract/format';
import { PACKAGE_CHANGE_NEUTRAL, PACKAGE_CHANGE_TEXTS } from '@butler/contract/package-change-texts';
import type { PackageChangeOptions, PackageQuote, zPackageRequestCreate } from '@butler/contract/subscription-requests';
import { INDIVIDUAL_TEMPLATE_NAME, SUBSCRIPTION_HOURS_STEP } from '@butler/contract/subscriptions';
import type { CustomerVoice } from '@butler/contract/voice';
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { subscriptionRequests, subscriptionTemplates } from '../../db/schema/index.js';
import { hundredthsToString, num, toHundredths } from '../../domain/decimal.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now, todayVienna } from '../../lib/clock.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { readCustomerVoice } from '../customer-voice/customer-voice.service.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { loadSettings } from '../quickbill/settings/provider-settings.repo.js';
import { lapsingHours, monthlyGross } from './package-lapse.js';
import { changeTarget, currentPackage, PlanRefusal, planChange, planRenew } from './package-plan.js';
import { lockRequest, presentPackage, presentRequest } from './request-rows.js';

type CreateInput = z.output<typeof zPackageRequestCreate>;

/** The lounge shows an answered wish this long. */
const ANSWER_SHOWN_DAYS = 60;

/** A refusal of the plan in the customer's words. */
function refusalText(voice: CustomerVoice, refusal: PlanRefusal): string {
  const words = PACKAGE_CHANGE_TEXTS[voice][refusal.reason];
  return typeof words === 'function' ? words(formatDate(refusal.arg)) : words;
}

/** A refusal of the plan as the customer's 409, anything else as thrown. */
export function refusalFor(voice: CustomerVoice, cause: unknown): never {
  if (cause instanceof PlanRefusal) throw new AppError(cause.status, refusalText(voice, cause));
  throw cause;
}

/** Why the plan does not hold, in the customer's words (null when it holds), for the options answer. */
async function whyNot(voice: CustomerVoice, plan: () => Promise<unknown>): Promise<string | null> {
  try {
    await plan();
    return null;
  } catch (cause) {
    if (cause instanceof PlanRefusal) return refusalText(voice, cause);
    if (cause instanceof AppError) return cause.message;
    throw cause;
  }
}

async function openRequest(db: Executor, customerId: number) {
  const [row] = await db
    .select()
    .from(subscriptionRequests)
    .where(and(eq(subscriptionRequests.customerId, customerId), eq(subscriptionRequests.state, 'open')));
  return row ?? null;
}

/**
 * The customer's wishes for their ButlerPaket (decision 0851): "Paket ändern" (other hours or
 * another offered template from the next period) and "Verlängern" (another term on the same
 * terms). A wish is a row staff accept or decline; nothing changes by itself.
 */
export function createPackageRequestsService(db: Database) {
  return {
    /** What the lounge's ButlerPaket card offers now, with the open wish and the newest answer. */
    async options(customerId: number): Promise<PackageChangeOptions> {
      const today = todayVienna();
      const voice = await readCustomerVoice(db);
      const current = await currentPackage(db, customerId, today).catch(() => null);
      const open = await openRequest(db, customerId);
      const [answer] = await db
        .select()
        .from(subscriptionRequests)
        .where(
          and(
            eq(subscriptionRequests.customerId, customerId),
            inArray(subscriptionRequests.state, ['accepted', 'declined']),
            gte(subscriptionRequests.answeredAt, new Date(now().getTime() - ANSWER_SHOWN_DAYS * 86_400_000)),
          ),
        )
        .orderBy(desc(subscriptionRequests.answeredAt), desc(subscriptionRequests.id))
        .limit(1);
      const templates = await db
        .select()
        .from(subscriptionTemplates)
        .where(eq(subscriptionTemplates.offeredInLounge, true))
        .orderBy(asc(subscriptionTemplates.name), asc(subscriptionTemplates.id));
      let effectiveFrom: string | null = null;
      let renewTerm: Awaited<ReturnType<typeof planRenew>> | null = null;
      const openReason = open ? PACKAGE_CHANGE_TEXTS[voice].alreadyOpen : null;
      const changeReason = await whyNot(voice, async () => {
        effectiveFrom = (await changeTarget(db, customerId, today)).effectiveFrom;
      });
      const renewReason = await whyNot(voice, async () => {
        renewTerm = await planRenew(db, customerId, today);
      });
      const term = renewTerm as Awaited<ReturnType<typeof planRenew>> | null;
      return {
        subscription: current ? presentPackage(current) : null,
        templates: templates.map((t) => ({
          id: t.id,
          name: t.name,
          duration_months: t.durationMonths,
          price_per_hour: num(t.pricePerHour),
          monthly_trips: t.monthlyTrips,
        })),
        hours_step: SUBSCRIPTION_HOURS_STEP,
        change: {
          possible: !openReason && !changeReason,
          reason: openReason ?? changeReason,
          effective_from: effectiveFrom,
        },
        renew: {
          possible: !openReason && !renewReason,
          reason: openReason ?? renewReason,
          start_date: term?.start ?? null,
          end_date: term?.end ?? null,
          template_name: term ? term.target.templateName || INDIVIDUAL_TEMPLATE_NAME : null,
          monthly_hours: term ? num(term.target.monthlyHours) : null,
          monthly_price: term ? num(term.target.monthlyPrice) : null,
        },
        open: open ? presentRequest(open) : null,
        last_answer: answer ? presentRequest(answer) : null,
      };
    },

    /** The price and term a change would have by today's rules (nothing is stored). */
    async quote(customerId: number, templateId: number, monthlyHours: number): Promise<PackageQuote> {
      const voice = await readCustomerVoice(db);
      try {
        const today = todayVienna();
        const at = await changeTarget(db, customerId, today);
        const plan = await planChange(db, at, templateId, monthlyHours);
        const [provider, lapsing] = await Promise.all([loadSettings(db), lapsingHours(db, customerId, at, today)]);
        return {
          template_id: plan.template.id,
          template_name: plan.template.name,
          monthly_hours: monthlyHours,
          monthly_price: num(plan.monthlyPrice),
          original_monthly_price: num(plan.originalMonthlyPrice),
          has_referral_discount: plan.hasReferralDiscount,
          effective_from: at.effectiveFrom,
          end_date: plan.endDate,
          duration_months: plan.durationMonths,
          ...monthlyGross(num(plan.monthlyPrice), provider.smallBusiness),
          lapse: lapsing,
        };
      } catch (cause) {
        refusalFor(voice, cause);
      }
    },

    /**
     * Files the wish. The customer row is locked first and the partial unique index holds one
     * open wish per customer: a double tap, two tabs or a burst file one; the same
     * idempotency key answers the wish it filed (`created: false`).
     */
    async create(session: SessionContext, customerId: number, input: CreateInput) {
      const voice = await readCustomerVoice(db);
      const result = await db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        const key = input.idempotency_key ?? null;
        if (key) {
          const [existing] = await tx
            .select()
            .from(subscriptionRequests)
            .where(and(eq(subscriptionRequests.customerId, customerId), eq(subscriptionRequests.idempotencyKey, key)));
          if (existing) return { row: existing, created: false };
        }
        if (await openRequest(tx, customerId)) throw new AppError('CONFLICT', PACKAGE_CHANGE_TEXTS[voice].alreadyOpen);
        const today = todayVienna();
        let values: typeof subscriptionRequests.$inferInsert;
        try {
          if (input.kind === 'change') {
            if (input.template_id === undefined)
              throw fieldError('template_id', PACKAGE_CHANGE_NEUTRAL.templateMissing);
            if (input.monthly_hours === undefined)
              throw fieldError('monthly_hours', PACKAGE_CHANGE_NEUTRAL.hoursMissing);
            const at = await changeTarget(tx, customerId, today);
            const plan = await planChange(tx, at, input.template_id, input.monthly_hours);
            values = {
              subscriptionId: at.target.id,
              customerId,
              kind: 'change',
              templateId: plan.template.id,
              templateName: plan.template.name,
              monthlyHours: hundredthsToString(toHundredths(input.monthly_hours)),
              monthlyPrice: plan.monthlyPrice,
              effectiveFrom: at.effectiveFrom,
              endDate: plan.endDate,
            };
          } else {
            const plan = await planRenew(tx, customerId, today);
            values = {
              subscriptionId: plan.target.id,
              customerId,
              kind: 'renew',
              templateId: plan.target.templateId,
              templateName: plan.target.templateName,
              monthlyHours: plan.target.monthlyHours,
              monthlyPrice: plan.target.monthlyPrice,
              effectiveFrom: plan.start,
              endDate: plan.end,
            };
          }
        } catch (cause) {
          refusalFor(voice, cause);
        }
        const [row] = await tx
          .insert(subscriptionRequests)
          .values({ ...values, message: input.message, idempotencyKey: key })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('CONFLICT', PACKAGE_CHANGE_TEXTS[voice].alreadyOpen);
        await writeAudit(
          tx,
          session,
          'package_request',
          'subscription',
          row.subscriptionId,
          null,
          {
            kind: row.kind,
            templateName: row.templateName,
            monthlyHours: row.monthlyHours,
            monthlyPrice: row.monthlyPrice,
            effectiveFrom: row.effectiveFrom,
            endDate: row.endDate,
            message: row.message,
          },
          { customerId },
        );
        return { row, created: true };
      });
      return { request: presentRequest(result.row), created: result.created };
    },

    /** The customer takes their open wish back; the ButlerPaket stays as it is. */
    async withdraw(session: SessionContext, id: number) {
      const voice = await readCustomerVoice(db);
      const row = await db.transaction(async (tx) => {
        const before = await lockRequest(tx, id);
        if (before.customerId !== session.customerId) throw new AppError('SUBSCRIPTION_REQUEST_NOT_FOUND');
        if (before.state !== 'open') throw new AppError('CONFLICT', PACKAGE_CHANGE_TEXTS[voice].notOpen);
        const [after] = await tx
          .update(subscriptionRequests)
          .set({ state: 'withdrawn', answeredAt: now(), answeredBy: session.displayName })
          .where(eq(subscriptionRequests.id, id))
          .returning();
        await writeAudit(
          tx,
          session,
          'package_request_withdraw',
          'subscription',
          after.subscriptionId,
          { kind: before.kind, state: before.state },
          { state: after.state },
          { customerId: after.customerId },
        );
        return after;
      });
      return presentRequest(row);
    },
  };
}
