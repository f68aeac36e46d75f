import type { OpenVisitRequest, VisitRequestKind, zVisitRequestCreate } from '@butler/contract/visits';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { visitRequests, visits } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now } from '../../lib/clock.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { AppError } from '../../lib/errors.js';
import { findVisit, findVisits } from './visit-queries.js';
import { loadVisitSettings } from './visit-settings.service.js';

const HOUR = 3_600_000;
/** The open wishes the calendar lists at once (oldest first; handled ones leave the list). */
const OPEN_LISTED = 100;

/** Until when the customer may ask in the lounge: `hours` before the visit starts. */
export const requestUntil = (startsAt: string | Date, hours: number) =>
  new Date(new Date(startsAt).getTime() - hours * HOUR).toISOString();

/**
 * Marks the visit's open wish handled (staff moved or cancelled the visit, or said so), in
 * the caller's transaction; returns whether there was one.
 */
export async function resolveOpenRequest(tx: Executor, visitId: number, by: string, note: string | null) {
  const rows = await tx
    .update(visitRequests)
    .set({ resolvedAt: now(), resolvedBy: by, resolutionNote: note })
    .where(and(eq(visitRequests.visitId, visitId), isNull(visitRequests.resolvedAt)))
    .returning({ id: visitRequests.id });
  return rows.length > 0;
}

/**
 * The customer's wishes to move or cancel a visit (decision 0841): asked in the lounge until
 * the set hours before the visit, kept as a task on the staff calendar until someone handles
 * it; the visit changes only when staff change it, never silently.
 */
export function createVisitRequestsService(db: Database) {
  return {
    async create(session: SessionContext, visitId: number, input: z.output<typeof zVisitRequestCreate>) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(visits).where(eq(visits.id, visitId)).for('update');
        if (!row || row.customerId !== session.customerId) throw new AppError('VISIT_NOT_FOUND');
        if (!['planned', 'confirmed', 'moved'].includes(row.state)) throw new AppError('VISIT_CLOSED');
        const { request_hours } = await loadVisitSettings(tx);
        if (now().toISOString() >= requestUntil(row.startsAt, request_hours))
          throw new AppError('VISIT_REQUEST_TOO_LATE');
        const [created] = await tx
          .insert(visitRequests)
          .values({ visitId, customerId: row.customerId, kind: input.kind, message: input.message })
          .onConflictDoNothing()
          .returning({ id: visitRequests.id });
        if (!created) throw new AppError('CONFLICT', 'Zu diesem Termin ist schon ein Wunsch unterwegs');
        await writeAudit(
          tx,
          session,
          'visit_request',
          'visit',
          visitId,
          null,
          { kind: input.kind, message: input.message },
          { customerId: row.customerId },
        );
      });
      const visit = await findVisit(db, visitId);
      if (!visit) throw new AppError('VISIT_NOT_FOUND');
      return visit;
    },

    /** The open wishes within the session's customers, oldest first, each with its visit. */
    async open(scope: CustomerScope): Promise<OpenVisitRequest[]> {
      const rows = await db
        .select()
        .from(visitRequests)
        .where(and(isNull(visitRequests.resolvedAt), scopeWhere(scope, visitRequests.customerId)))
        .orderBy(asc(visitRequests.createdAt), asc(visitRequests.id))
        .limit(OPEN_LISTED);
      const byId = new Map(
        (
          await findVisits(
            db,
            inArray(
              visits.id,
              rows.map((r) => r.visitId),
            ),
          )
        ).map((v) => [v.id, v]),
      );
      return rows.flatMap((r) => {
        const visit = byId.get(r.visitId);
        return visit
          ? [
              {
                id: r.id,
                kind: r.kind as VisitRequestKind,
                message: r.message,
                created_at: r.createdAt.toISOString(),
                visit,
              },
            ]
          : [];
      });
    },

    /** Staff mark the wish handled, with an optional note; answers the visit. */
    async resolve(session: SessionContext, requestId: number, note: string) {
      const visitId = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(visitRequests).where(eq(visitRequests.id, requestId)).for('update');
        if (!row) throw new AppError('VISIT_REQUEST_NOT_FOUND');
        if (row.resolvedAt) return row.visitId;
        await tx
          .update(visitRequests)
          .set({ resolvedAt: now(), resolvedBy: session.displayName, resolutionNote: note || null })
          .where(eq(visitRequests.id, requestId));
        await writeAudit(
          tx,
          session,
          'visit_request_resolve',
          'visit',
          row.visitId,
          { kind: row.kind },
          { note: note || null },
          { customerId: row.customerId },
        );
        return row.visitId;
      });
      const visit = await findVisit(db, visitId);
      if (!visit) throw new AppError('VISIT_NOT_FOUND');
      return visit;
    },
  };
}
