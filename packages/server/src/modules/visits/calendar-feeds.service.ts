import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed, CalendarFeedCreated, StaffCalendarFeeds } from '@butler/contract/calendar-feeds';
import { ROLE_PERMISSIONS, type StaffRole } from '@butler/contract/permissions';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { admins, calendarFeeds, customers, visitStaff, visits } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';
import { viennaDayStart } from '../../domain/vienna-time.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now, todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { loadMailContext } from '../mail/render-mail.js';
import { visitsCalendar } from './visit-ics.js';
import { findVisits } from './visit-queries.js';

type FeedRow = typeof calendarFeeds.$inferSelect;
type Scope = FeedRow['scope'];

/** A feed shows visits from this many days back to this many ahead (cancelled ones drop out). */
export const FEED_WINDOW = { pastDays: 60, futureDays: 400, maxVisits: 3000 } as const;
/** `last_used_at` is written at most this often: a calendar asking every few minutes writes little. */
const TOUCH_MS = 3_600_000;

/** The address's secret: 32 random bytes; the portal keeps only its SHA-256. */
const newToken = () => randomBytes(32).toString('base64url');
export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const present = (row: FeedRow): CalendarFeed => ({
  scope: row.scope as CalendarFeed['scope'],
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const may = (role: string, permission: 'visits.read' | 'visits.team_feed') =>
  (ROLE_PERMISSIONS[role as StaffRole] ?? []).includes(permission);

/**
 * Kalender-Abos (decision 0841): a private address per staff member for their own visits,
 * one for the whole team (Inhaber, Büro), one per customer for their own. Making or renewing
 * revokes the live one of that owner and scope (404 from then on); the secret is shown once.
 */
export function createCalendarFeedsService(db: Database, publicUrl: string) {
  const feedUrl = (token: string) => `${publicUrl}/api/calendar/${token}.ics`;

  async function revokeLive(tx: Transaction, owner: SQL) {
    return tx
      .update(calendarFeeds)
      .set({ revokedAt: now() })
      .where(and(owner, isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
  }

  async function make(
    session: SessionContext,
    scope: Scope,
    owner: { adminId: number | null; customerId: number | null },
    ownerWhere: SQL,
  ): Promise<CalendarFeedCreated> {
    const token = newToken();
    const row = await db.transaction(async (tx) => {
      // One live feed per owner and scope: two renewals at once queue on the owner's row, so the
      // second revokes the first's new feed instead of colliding with it (a unique violation).
      if (owner.adminId !== null)
        await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, owner.adminId)).for('update');
      else
        await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, owner.customerId!)).for('update');
      const revoked = await revokeLive(tx, ownerWhere);
      const [created] = await tx
        .insert(calendarFeeds)
        .values({ scope, ...owner, tokenHash: feedTokenHash(token) })
        .returning();
      // The audit names the feed, never its address.
      await writeAudit(
        tx,
        session,
        'feed_create',
        'calendar_feed',
        created.id,
        null,
        revoked.length ? { scope, renewed: true } : { scope },
        owner.customerId ? { customerId: owner.customerId } : undefined,
      );
      return created;
    });
    return { ...present(row), url: feedUrl(token) };
  }

  async function revoke(session: SessionContext, scope: Scope, ownerWhere: SQL, customerId?: number) {
    await db.transaction(async (tx) => {
      const revoked = await revokeLive(tx, ownerWhere);
      if (revoked.length === 0) throw new AppError('CALENDAR_FEED_NOT_FOUND');
      await writeAudit(
        tx,
        session,
        'feed_revoke',
        'calendar_feed',
        revoked[0].id,
        { scope },
        null,
        customerId ? { customerId } : undefined,
      );
    });
  }

  const live = async (where: SQL) =>
    (
      await db
        .select()
        .from(calendarFeeds)
        .where(and(where, isNull(calendarFeeds.revokedAt)))
    )[0] ?? null;
  const staffOwner = (adminId: number, scope: Scope) =>
    and(eq(calendarFeeds.adminId, adminId), eq(calendarFeeds.scope, scope))!;
  const customerOwner = (customerId: number) => eq(calendarFeeds.customerId, customerId);

  return {
    async staffFeeds(session: SessionContext): Promise<StaffCalendarFeeds> {
      const adminId = session.adminId!;
      const [own, team] = await Promise.all([live(staffOwner(adminId, 'own')), live(staffOwner(adminId, 'team'))]);
      const teamAllowed = may(session.role ?? '', 'visits.team_feed');
      return {
        own: own ? present(own) : null,
        team: team && teamAllowed ? present(team) : null,
        team_allowed: teamAllowed,
      };
    },

    async makeStaffFeed(session: SessionContext, scope: 'own' | 'team') {
      if (scope === 'team' && !may(session.role ?? '', 'visits.team_feed')) throw new AppError('FORBIDDEN');
      const adminId = session.adminId!;
      return make(session, scope, { adminId, customerId: null }, staffOwner(adminId, scope));
    },

    revokeStaffFeed: (session: SessionContext, scope: 'own' | 'team') =>
      revoke(session, scope, staffOwner(session.adminId!, scope)),

    async customerFeed(customerId: number) {
      const row = await live(customerOwner(customerId));
      return { feed: row ? present(row) : null };
    },

    makeCustomerFeed: (session: SessionContext, customerId: number) =>
      make(session, 'customer', { adminId: null, customerId }, customerOwner(customerId)),

    revokeCustomerFeed: (session: SessionContext, customerId: number) =>
      revoke(session, 'customer', customerOwner(customerId), customerId),

    /**
     * The calendar of `<token>.ics`, or null (unknown, revoked, or its owner may no longer
     * see visits: a deactivated account, a role without the permission): the route says 404.
     */
    async render(file: string): Promise<string | null> {
      const token = TOKEN_FILE.exec(file)?.[1];
      if (!token) return null;
      const [feed] = await db
        .select()
        .from(calendarFeeds)
        .where(and(eq(calendarFeeds.tokenHash, feedTokenHash(token)), isNull(calendarFeeds.revokedAt)));
      if (!feed) return null;
      const today = todayVienna();
      const window = and(
        ne(visits.state, 'cancelled'),
        sql`${visits.startsAt} >= ${viennaDayStart(addDays(today, -FEED_WINDOW.pastDays)).toISOString()}::timestamptz`,
        sql`${visits.startsAt} < ${viennaDayStart(addDays(today, FEED_WINDOW.futureDays)).toISOString()}::timestamptz`,
      );
      let where: SQL | undefined;
      let name: string;
      const ctx = await loadMailContext(db);
      if (feed.scope === 'customer') {
        const [customer] = await db
          .select({ id: customers.id, isActive: customers.isActive })
          .from(customers)
          .where(eq(customers.id, feed.customerId!));
        if (!customer?.isActive) return null;
        where = and(window, eq(visits.customerId, customer.id));
        name = `${ctx.provider.name}: Termine`;
      } else {
        const [admin] = await db
          .select({ role: admins.role, isActive: admins.isActive })
          .from(admins)
          .where(eq(admins.id, feed.adminId!));
        if (!admin?.isActive || !may(admin.role, feed.scope === 'team' ? 'visits.team_feed' : 'visits.read'))
          return null;
        where =
          feed.scope === 'team'
            ? window
            : and(
                window,
                sql`EXISTS (SELECT 1 FROM ${visitStaff} WHERE ${visitStaff.visitId} = ${visits.id} AND ${visitStaff.adminId} = ${feed.adminId})`,
              );
        name =
          feed.scope === 'team' ? `${ctx.provider.name}: Termine des Teams` : `${ctx.provider.name}: Meine Termine`;
      }
      const list = await findVisits(db, where, FEED_WINDOW.maxVisits);
      if (!feed.lastUsedAt || now().getTime() - feed.lastUsedAt.getTime() > TOUCH_MS)
        await db.update(calendarFeeds).set({ lastUsedAt: now() }).where(eq(calendarFeeds.id, feed.id));
      return visitsCalendar(
        list,
        { method: 'PUBLISH', reader: feed.scope === 'customer' ? 'customer' : 'staff', name },
        { publicUrl, providerName: ctx.provider.name, organizerEmail: ctx.provider.email },
      );
    },
  };
}
