import type { CalendarFeedCreated, CalendarFeedScope, StaffCalendarFeeds } from '@butler/contract/calendar-feeds';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withoutUrl } from '../components/calendar-feed-rules';

/** GET /api/calendar-feeds: the staff member's own Kalender-Abo and, where allowed, the team's. */
export const staffCalendarFeedsQuery = queryOptions({
  queryKey: ['calendar-feeds'] as const,
  queryFn: ({ signal }) => apiRequest<StaffCalendarFeeds>('/api/calendar-feeds', { signal }),
});

/** Make or renew (POST, the address in this answer only) and switch off (DELETE) one feed. */
export function useStaffCalendarFeedActions() {
  const client = useQueryClient();
  const key = staffCalendarFeedsQuery.queryKey;
  return {
    create: async (scope: CalendarFeedScope) => {
      const created = await apiRequest<CalendarFeedCreated>(`/api/calendar-feeds/${scope}`, { method: 'POST' });
      client.setQueryData(key, (data) => (data ? { ...data, [scope]: withoutUrl(created) } : data));
      return created;
    },
    remove: async (scope: CalendarFeedScope) => {
      await apiRequest(`/api/calendar-feeds/${scope}`, { method: 'DELETE' });
      client.setQueryData(key, (data) => (data ? { ...data, [scope]: null } : data));
    },
  };
}
