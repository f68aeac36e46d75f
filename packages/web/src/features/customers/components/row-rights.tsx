import type { Project } from '@butler/contract/projects';
import type { TimeEntry } from '@butler/contract/time-entries';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useCan } from '../../../app/permissions';
import { useSession } from '../../../app/session-context';
import { formatDate } from '../../../lib/format';
import type { RowAction } from './row-actions';

type Handlers<T> = { onEdit: (row: T) => void; onDelete: (row: T) => void };

/**
 * Who may book and change which time entry (decision 0540): the Büro and the Inhaber any,
 * a Butler their own (the server also keeps a Butler to their number of days and says so).
 * `actions(entry)`: the row's edit and delete, or none.
 */
export function useEntryActions({ onEdit, onDelete }: Handlers<TimeEntry>) {
  const can = useCan();
  const { user } = useSession();
  const username = user && 'username' in user ? user.username : null;
  const mayChange = (entry: TimeEntry) =>
    can('time_entries.manage') || (can('time_entries.book') && entry.created_by === username);
  return {
    mayBook: can('time_entries.book'),
    actions: (e: TimeEntry): RowAction[] =>
      mayChange(e)
        ? [
            {
              label: `Zeiteintrag vom ${formatDate(e.work_date)} bearbeiten`,
              icon: <IconPencil size={18} />,
              onClick: () => onEdit(e),
            },
            {
              label: `Zeiteintrag vom ${formatDate(e.work_date)} löschen`,
              icon: <IconTrash size={18} />,
              color: 'red',
              onClick: () => onDelete(e),
            },
          ]
        : [],
  };
}

/** A project's edit (projects.write) and delete (projects.delete), as the role allows. */
export function useProjectActions({ onEdit, onDelete }: Handlers<Project>) {
  const can = useCan();
  return {
    mayWrite: can('projects.write'),
    actions: (p: Project): RowAction[] => [
      ...(can('projects.write')
        ? [{ label: `Projekt ${p.name} bearbeiten`, icon: <IconPencil size={18} />, onClick: () => onEdit(p) }]
        : []),
      ...(can('projects.delete')
        ? [
            {
              label: `Projekt ${p.name} löschen`,
              icon: <IconTrash size={18} />,
              color: 'red',
              onClick: () => onDelete(p),
            },
          ]
        : []),
    ],
  };
}
