import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../app/permissions';
import { useOrderEvents } from './order-events';
import { orderCountsQuery } from './orders';

/**
 * The navigation's "Aufträge" badge (decision 0810): the new Aufträge nobody has accepted yet
 * (what waits for a staff member; a Freigabe waits for the customer and shows on the dashboard
 * tile). The navigation holds the staff's one event stream, so every screen stays live.
 */
export function useOrdersBadge(): number | null {
  const can = useCan();
  const allowed = can('orders.read');
  const live = useOrderEvents(allowed);
  // Without the stream (down, or not offered) the badge reads every 15 s instead of each minute.
  const counts = useQuery({ ...orderCountsQuery, enabled: allowed, refetchInterval: live ? 60_000 : 15_000 });
  return allowed && counts.data ? counts.data.new : null;
}
