import type { TimeEntry } from '@butler/contract/time-entries';
import { useCan } from '../../../app/permissions';
import { useSession } from '../../../app/session-context';

/**
 * Who may book and change which time entry (decision 0540): the Büro and the Inhaber any,
 * a Butler their own (the server also keeps a Butler to their number of days and says so).
 */
export function useEntryRights() {
  const can = useCan();
  const { user } = useSession();
  const username = user && 'username' in user ? user.username : null;
  return {
    mayBook: can('time_entries.book'),
    mayChange: (entry: TimeEntry) =>
      can('time_entries.manage') || (can('time_entries.book') && entry.created_by === username),
  };
}
