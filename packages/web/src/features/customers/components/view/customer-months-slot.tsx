import type { TimeEntry } from '@butler/contract/time-entries';
import { useState } from 'react';
import { useCan } from '../../../../app/permissions';
import { CustomerMonthsCard, useRefreshMonths } from '../../../month-confirmations';
import { TimeEntryFormDialog } from '../../../time-entries';

/**
 * The Monatsfreigabe on the customer's Zeiterfassung (decision 0852): a Rückfrage's entry is
 * corrected with the one time-entry dialog; the threads read the correction afterwards.
 */
export function CustomerMonthsSlot({ customerId }: { customerId: number }) {
  const can = useCan();
  const refresh = useRefreshMonths();
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  return (
    <>
      <CustomerMonthsCard customerId={customerId} onCorrect={can('time_entries.book') ? setEditing : undefined} />
      <TimeEntryFormDialog
        opened={editing !== null}
        entry={editing}
        customerId={customerId}
        onClose={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}
