import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { admins, customers, subscriptions, visits } from '../db/schema/index.js';
import { addDays } from '../domain/calendar.js';
import { viennaDayStart } from '../domain/vienna-time.js';
import { demoCaller, endDemoSessions } from './demo-api.js';

type Created = { count: number; visit: { id: number } };

/** The weekday (0 = Sunday) of a calendar day. */
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
/** The latest day with that weekday on or before `date`. */
const onOrBefore = (date: string, day: number) => addDays(date, -((weekday(date) - day + 7) % 7));

/**
 * The demo's Termine (decision 0840), planned through the API: two weeks back and eight
 * ahead. The Butler's two customers have a weekly and a fortnightly series (the past ones
 * done, one moved, one cancelled), today a visit to finish and a call; a customer whose
 * ButlerPaket counts two Fahrten a month has used three this month (one over the allotment).
 */
export async function seedDemoVisits(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const [butler] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'butler'));
  const [office] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'buero'));
  const list = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.isActive, true))
    .orderBy(asc(customers.id));
  const [counted] = await db
    .select({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(
      and(
        eq(customers.isActive, true),
        isNotNull(subscriptions.monthlyTrips),
        lte(subscriptions.startDate, today),
        gte(subscriptions.endDate, today),
        sql`${subscriptions.monthlyTrips} > 0`,
        sql`${subscriptions.customerId} NOT IN (${list[0].id}, ${list[1].id})`,
      ),
    )
    .orderBy(asc(subscriptions.customerId))
    .limit(1);
  const staffCall = await demoCaller(app, db, { userType: 'admin', id: office?.id ?? owner.id });
  const butlerCall = butler ? await demoCaller(app, db, { userType: 'admin', id: butler.id }) : staffCall;
  const butlerId = butler?.id ?? owner.id;
  const officeId = office?.id ?? owner.id;
  let planned = 0;
  const plan = async (body: Record<string, unknown>) => {
    const created = await staffCall<Created>('POST', '/api/visits', { allow_conflicts: true, ...body });
    planned += created.count;
    return created;
  };
  try {
    // Jede Woche Dienstag 09:00–11:00 bei der ersten Kundin des Butlers.
    const tuesday = onOrBefore(addDays(today, -14), 2);
    await plan({
      customer_id: list[0].id,
      date: tuesday,
      start_time: '09:00',
      end_time: '11:00',
      butler_ids: [butlerId],
      kind: 'trip',
      purpose: 'Wöchentliche Betreuung: Post, Einkäufe, Technik',
      repeat: 'weekly',
      repeat_until: addDays(tuesday, 70),
    });
    // Jede zweite Woche Donnerstag 14:00–15:30 beim zweiten.
    const thursday = onOrBefore(addDays(today, -14), 4);
    await plan({
      customer_id: list[1].id,
      date: thursday,
      start_time: '14:00',
      end_time: '15:30',
      butler_ids: [butlerId],
      kind: 'trip',
      purpose: 'Garten und Haus kontrollieren',
      repeat: 'biweekly',
      repeat_until: addDays(thursday, 70),
    });
    // Today: a visit the Butler finishes on the phone, and a call.
    await plan({
      customer_id: list[0].id,
      date: today,
      start_time: '13:00',
      end_time: '14:30',
      butler_ids: [butlerId],
      kind: 'trip',
      purpose: 'Neuen Fernseher anschließen und Sender suchen',
    });
    await plan({
      customer_id: list[1].id,
      date: today,
      start_time: '16:00',
      end_time: '16:30',
      butler_ids: [butlerId],
      kind: 'remote',
      purpose: 'Telefonisch: Online-Banking Freigabe erklären',
    });
    // The series' past visits are done; one ahead is moved, one cancelled.
    const series = await db
      .select({ id: visits.id, startsAt: visits.startsAt })
      .from(visits)
      .where(and(isNotNull(visits.seriesId), eq(visits.kind, 'trip')))
      .orderBy(asc(visits.startsAt));
    const todayStart = viennaDayStart(today);
    for (const visit of series.filter((v) => v.startsAt < todayStart)) {
      await butlerCall('POST', `/api/visits/${visit.id}/done`);
    }
    const ahead = series.filter((v) => v.startsAt >= viennaDayStart(addDays(today, 2)));
    if (ahead[0]) {
      const moved = await staffCall<{ date: string } & Record<string, any>>('GET', `/api/visits/${ahead[0].id}`);
      await staffCall('PATCH', `/api/visits/${ahead[0].id}`, {
        date: addDays(moved.date, 1),
        start_time: '10:00',
        end_time: '12:00',
        butler_ids: [butlerId],
        kind: moved.kind,
        purpose: moved.purpose,
        allow_conflicts: true,
      });
    }
    if (ahead[2]) await staffCall('POST', `/api/visits/${ahead[2].id}/cancel`, { reason: 'Urlaub' });
    // The second customer asks in the lounge to move their next visit (decision 0841): a wish for staff.
    const [wished] = await db
      .select({ id: visits.id })
      .from(visits)
      .where(
        and(
          eq(visits.customerId, list[1].id),
          eq(visits.state, 'planned'),
          gte(visits.startsAt, viennaDayStart(addDays(today, 3))),
        ),
      )
      .orderBy(asc(visits.startsAt))
      .limit(1);
    if (wished) {
      const customerCall = await demoCaller(app, db, { userType: 'customer', id: list[1].id });
      await customerCall('POST', `/api/visits/${wished.id}/requests`, {
        kind: 'move',
        message: 'Geht es eine Stunde später? Davor bin ich beim Arzt.',
      });
    }
    // A customer with two Fahrten a month who has used three this month, and one more planned.
    let overLine = '';
    if (counted) {
      const first = `${today.slice(0, 8)}01`;
      for (const [i, time] of (['08:00', '10:30', '13:00'] as const).entries()) {
        const date = addDays(first, Math.min(i * 2, Number(today.slice(8)) - 1));
        const { visit } = await plan({
          customer_id: counted.customerId,
          date: date > today ? today : date,
          start_time: time,
          end_time: `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`,
          butler_ids: [officeId],
          kind: 'trip',
          purpose: ['Rechnungen sortieren', 'Handwerker einlassen', 'Einkauf für das Wochenende'][i],
        });
        await staffCall('POST', `/api/visits/${visit.id}/done`);
      }
      await plan({
        customer_id: counted.customerId,
        date: addDays(today, 5),
        start_time: '09:30',
        end_time: '11:00',
        butler_ids: [officeId, owner.id],
        kind: 'trip',
        purpose: 'Umzugskartons packen',
      });
      overLine = ', eine Kundin mit 3 von 2 Fahrten';
    }
    await plan({
      customer_id: list[2 % list.length].id,
      date: addDays(today, 2),
      start_time: '11:00',
      end_time: '12:00',
      butler_ids: [owner.id],
      kind: 'office',
      purpose: 'Jahresgespräch im Büro',
    });
    return `Demo-Termine geplant: ${planned} (Serien jede Woche und jede zweite Woche, heute zwei für den Butler${overLine}${wished ? ', ein Verschiebungswunsch' : ''})`;
  } finally {
    await endDemoSessions(db);
  }
}
