import {
  VISIT_KIND_LABELS,
  VISIT_REQUEST_LABELS,
  VISIT_STATE_LABELS,
  type VisitRequestKind,
} from '@butler/contract/visits';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { calendarFeeds, visitRequests, visits } from '../../db/schema/index.js';
import { findVisits } from './visit-queries.js';

/**
 * A customer's visits for the data export (GDPR Art. 15/20, decision 0841): every visit with
 * its state, who came, the customer's wishes and whether a Kalender-Abo is on (never its
 * address: that is a secret, and the portal keeps only its hash).
 */
export async function exportVisits(db: Executor, customerId: number) {
  const list = await findVisits(db, eq(visits.customerId, customerId));
  const wishes = await db
    .select()
    .from(visitRequests)
    .where(eq(visitRequests.customerId, customerId))
    .orderBy(asc(visitRequests.id));
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.customerId, customerId), isNull(calendarFeeds.revokedAt)));
  return {
    termine: list.map((v) => ({
      datum: v.date,
      von: v.start_time,
      bis: v.end_time,
      art: VISIT_KIND_LABELS[v.kind],
      status: VISIT_STATE_LABELS[v.state],
      ort: v.place ?? v.customer_address,
      zweck: v.purpose,
      wer: v.butlers.map((b) => b.name),
      auftrag: v.order?.number ?? null,
      abgesagt_weil: v.cancel_reason,
      bestaetigt_am: v.confirmed_at,
      wuensche: wishes
        .filter((w) => w.visitId === v.id)
        .map((w) => ({
          art: VISIT_REQUEST_LABELS[w.kind as VisitRequestKind],
          nachricht: w.message,
          am: w.createdAt.toISOString(),
          erledigt_am: w.resolvedAt?.toISOString() ?? null,
          antwort: w.resolutionNote,
        })),
    })),
    kalender_abo: feed
      ? { eingeschaltet_am: feed.createdAt.toISOString(), zuletzt_abgerufen: feed.lastUsedAt?.toISOString() ?? null }
      : null,
  };
}
