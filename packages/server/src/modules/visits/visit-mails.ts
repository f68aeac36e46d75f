import { formatDayWithWeekday } from '@butler/contract/format';
import type { Visit } from '@butler/contract/visits';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { customers, visits } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';
import { viennaDayStart } from '../../domain/vienna-time.js';
import { customerAddressee } from '../mail/addressee.js';
import { type AttachmentSource, attachment } from '../mail/attachment-sources.js';
import { queueMail } from '../mail/mail-queue.js';
import { loadMailContext } from '../mail/render-mail.js';
import type { VisitMailLine } from '../mail/templates/visit-update.js';
import { type IcsOptions, visitsCalendar } from './visit-ics.js';
import { findVisits } from './visit-queries.js';

/**
 * The customer's mails about visits (decision 0841): planned (one mail for a whole series),
 * changed, cancelled, and the reminder the day before. Each but the reminder carries the
 * visits as an `.ics` (REQUEST, or CANCEL for a cancellation), drawn when the mail is sent
 * from the visits as they are then; the UID stays, the SEQUENCE is the visit's.
 */

export type VisitMailKind = 'planned' | 'changed' | 'cancelled' | 'reminder';
const OPEN = sql`${visits.state} IN ('planned','confirmed','moved')`;

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

export function mailLine(visit: Visit): VisitMailLine {
  return {
    when: `${formatDayWithWeekday(visit.date)}, ${visit.start_time}–${visit.end_time} Uhr`,
    who: visit.butlers.map((b) => firstName(b.name)).join(', '),
    where: visit.place ?? '',
    purpose: visit.purpose,
  };
}

const icsMethod = (kind: VisitMailKind): IcsOptions['method'] => (kind === 'cancelled' ? 'CANCEL' : 'REQUEST');

/** Queues the customer's mail about these visits of one customer, in the caller's transaction. */
export async function mailVisits(
  tx: Executor,
  input: {
    kind: VisitMailKind;
    visitIds: number[];
    publicUrl: string;
    reason?: string;
    createdBy?: string;
    dedupeKey?: string;
  },
) {
  if (input.visitIds.length === 0) return null;
  const list = await findVisits(tx, inArray(visits.id, input.visitIds));
  if (list.length === 0) return null;
  const customerId = list[0].customer_id;
  const [customer] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  const to = await customerAddressee(tx, customerId);
  if (!customer?.email || !to) return null;
  const method = icsMethod(input.kind);
  return queueMail(tx, {
    to: customer.email,
    template: 'visit-update',
    data: {
      to,
      kind: input.kind,
      visits: list.map(mailLine),
      reason: input.reason,
      url: `${input.publicUrl}/customer/dashboard`,
    },
    customerId,
    entity: { type: 'visit', id: list[0].id },
    createdBy: input.createdBy,
    dedupeKey: input.dedupeKey,
    attachments:
      input.kind === 'reminder'
        ? []
        : [
            attachment('visit-ics', list.length > 1 ? 'termine.ics' : 'termin.ics', {
              ids: list.map((v) => v.id).join(','),
              method,
            }),
          ],
  });
}

/** The `.ics` of a visit mail, drawn when the mail is sent. */
export const visitAttachmentSources = {
  'visit-ics': (async ({ db, env }, args) => {
    const ids = String(args.ids)
      .split(',')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0);
    const list = await findVisits(db, inArray(visits.id, ids));
    const ctx = await loadMailContext(db);
    const [customer] = list.length
      ? await db
          .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
          .from(customers)
          .where(eq(customers.id, list[0].customer_id))
      : [];
    const method = args.method === 'CANCEL' ? 'CANCEL' : 'REQUEST';
    const text = visitsCalendar(
      list,
      {
        method,
        reader: 'customer',
        name: ctx.provider.name,
        attendee: customer?.email
          ? { name: `${customer.firstName} ${customer.lastName}`, email: customer.email }
          : undefined,
      },
      {
        publicUrl: env.PUBLIC_URL,
        providerName: ctx.provider.name,
        organizerEmail: ctx.provider.email.trim() || 'portal@localhost',
      },
    );
    return Buffer.from(text, 'utf8');
  }) satisfies AttachmentSource,
};

/**
 * The reminders of the visits on the day after `today` (Vienna): one mail per visit, once
 * (the outbox's dedupe key holds the visit and its start, so a visit moved to another day is
 * reminded again, and two processes running the job queue one mail).
 */
export async function queueVisitReminders(db: Executor, today: string, publicUrl: string) {
  const tomorrow = addDays(today, 1);
  const due = await db
    .select({ id: visits.id, startsAt: visits.startsAt })
    .from(visits)
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .where(
      and(
        OPEN,
        isNotNull(customers.email),
        sql`${visits.startsAt} >= ${viennaDayStart(tomorrow).toISOString()}::timestamptz`,
        sql`${visits.startsAt} < ${viennaDayStart(addDays(tomorrow, 1)).toISOString()}::timestamptz`,
      ),
    );
  let queued = 0;
  for (const visit of due) {
    const mail = await mailVisits(db, {
      kind: 'reminder',
      visitIds: [visit.id],
      publicUrl,
      dedupeKey: `visit-reminder:${visit.id}:${visit.startsAt.toISOString()}`,
    });
    if (mail) queued++;
  }
  return queued;
}
