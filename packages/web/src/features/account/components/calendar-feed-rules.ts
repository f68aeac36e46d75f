import type { CalendarFeed } from '@butler/contract/calendar-feeds';
import { formatDateTime } from '../../../lib/format';

/** "Eingeschaltet am 03.12.2026, 10:00" and "Zuletzt abgerufen am ..." / "Noch nie abgerufen". */
export function feedFacts(feed: Pick<CalendarFeed, 'created_at' | 'last_used_at'>): [string, string] {
  return [
    `Eingeschaltet am ${formatDateTime(feed.created_at)}`,
    feed.last_used_at ? `Zuletzt abgerufen am ${formatDateTime(feed.last_used_at)}` : 'Noch nie abgerufen',
  ];
}

/** A created feed as the list shows it later: the address only in the answer that made it. */
export function withoutUrl<F extends CalendarFeed & { url?: string }>(created: F): CalendarFeed {
  return { scope: created.scope, created_at: created.created_at, last_used_at: created.last_used_at };
}
