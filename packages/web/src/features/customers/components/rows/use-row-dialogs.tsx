import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { RowAction } from '../row-actions';

/**
 * Edit and delete of one row, the same wherever a list of the thing is shown (the
 * management panel and the admin customer view, decision 0531): which row the dialog edits
 * (`null`: a new one), which one the confirmation is about, and the two row actions, each
 * only where the role allows it (`mayEdit`/`mayDelete`, from the permission table, decision
 * 0540; the server decides again).
 */
export function useRowDialogs<T>(labels: {
  edit: (row: T) => string;
  remove: (row: T) => string;
  mayEdit: (row: T) => boolean;
  mayDelete: (row: T) => boolean;
  /** Actions of the thing between its edit and its delete (e.g. "Rechnung erstellen"). */
  more?: (row: T) => RowAction[];
}) {
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const actions = (row: T): RowAction[] => [
    ...(labels.mayEdit(row)
      ? [{ label: labels.edit(row), icon: <IconPencil size={18} />, onClick: () => setEditing({ row }) }]
      : []),
    ...(labels.more?.(row) ?? []),
    ...(labels.mayDelete(row)
      ? [{ label: labels.remove(row), icon: <IconTrash size={18} />, color: 'red', onClick: () => setDeleting(row) }]
      : []),
  ];
  return {
    editing,
    deleting,
    actions,
    create: () => setEditing({ row: null }),
    closeEdit: () => setEditing(null),
    closeDelete: () => setDeleting(null),
  };
}
