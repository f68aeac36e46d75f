import type { StaffOption } from '@butler/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../app/permissions';
import { useSession } from '../../../app/session-context';
import { apiRequest } from '../../../lib/api-client';

/**
 * Who an Auftrag can be given to: the active staff for who may assign (GET /api/staff/options,
 * the customers' Betreuer list, same cache), else only the signed-in staff member.
 */
export function useAssigneeOptions() {
  const can = useCan();
  const { user } = useSession();
  const mayList = can('customers.assign');
  const list = useQuery({
    queryKey: ['staff', 'options'],
    queryFn: () => apiRequest<StaffOption[]>('/api/staff/options'),
    enabled: mayList,
    staleTime: 60_000,
  });
  const me = user ? [{ value: String(user.id), label: `${user.name} (ich)` }] : [];
  const others = (list.data ?? [])
    .filter((s) => s.id !== user?.id)
    .map((s) => ({ value: String(s.id), label: s.name }));
  return [...me, ...others];
}
