import { z } from 'zod';

/**
 * Kalender-Abos (decision 0841): a private iCal address (RFC 5545) for one's own visits, for
 * the whole team (Inhaber, Büro), or for a customer's own visits. The address holds a random
 * secret shown once when made; the portal keeps only its hash. Renewing makes a new address
 * and the old one answers 404, as does a revoked one.
 */
export const CALENDAR_FEED_SCOPES = ['own', 'team'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];
export const CALENDAR_FEED_LABELS: Record<CalendarFeedScope | 'customer', string> = {
  own: 'Meine Termine',
  team: 'Alle Termine des Teams',
  customer: 'Meine Termine',
};

/** A feed as its owner sees it later: never the address again, only that it exists. */
export const zCalendarFeed = z.object({
  scope: z.enum([...CALENDAR_FEED_SCOPES, 'customer']),
  created_at: z.string(),
  /** The last time a calendar fetched it, or null. */
  last_used_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof zCalendarFeed>;

/** The answer of making or renewing a feed: the address, shown this once. */
export const zCalendarFeedCreated = zCalendarFeed.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof zCalendarFeedCreated>;

/** GET /api/calendar-feeds: the staff member's feeds; `team` only where the role may have one. */
export const zStaffCalendarFeeds = z.object({
  own: zCalendarFeed.nullable(),
  team: zCalendarFeed.nullable(),
  team_allowed: z.boolean(),
});
export type StaffCalendarFeeds = z.infer<typeof zStaffCalendarFeeds>;

export const zCalendarFeedScopeParams = z.object({
  scope: z.enum(CALENDAR_FEED_SCOPES, { error: 'Unbekanntes Kalender-Abo' }),
});

/** GET /api/customers/{customerId}/calendar-feed: the customer's own feed, or null (switched off). */
export const zCustomerCalendarFeed = z.object({ feed: zCalendarFeed.nullable() });
