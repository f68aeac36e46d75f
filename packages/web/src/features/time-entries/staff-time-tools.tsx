import type { Timer } from '@butler/contract/timers';
import { useEffect, useState } from 'react';
import { AdminFrame } from '../../app/admin-frame';
import { type NewTimeEntryRequest, onNewTimeEntry, TimerControl, useForgetTimer, useTimer } from '../timer';
import { TimeEntryFormDialog } from './components/time-entry-form-dialog';

/**
 * The staff member's time tools in the top bar (decision 0640): the timer, the one
 * "Neuer Zeiteintrag" dialog every page opens (openNewTimeEntry; Alt+N in TimeEntryHotkey).
 * Loaded lazily, only for staff who book time.
 */
export function StaffTimeTools({ phone }: { phone: boolean }) {
  const timer = useTimer();
  const forgetTimer = useForgetTimer();
  const [request, setRequest] = useState<NewTimeEntryRequest | null>(null);
  useEffect(() => onNewTimeEntry(setRequest), []);
  const bookedTimer: Timer | null = request?.timer ?? null;

  return (
    <AdminFrame>
      <TimerControl timer={timer.data?.timer ?? null} phone={phone} />
      <TimeEntryFormDialog
        opened={request !== null}
        entry={null}
        customerId={request?.customerId}
        orderId={request?.orderId}
        timer={bookedTimer}
        onClose={() => setRequest(null)}
        onBooked={() => {
          if (bookedTimer) forgetTimer();
        }}
      />
    </AdminFrame>
  );
}
