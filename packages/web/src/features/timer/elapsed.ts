import { useEffect, useState } from 'react';

/** `1:05` (hours:minutes) since an ISO instant, ticking every 20 s while shown. */
export function useElapsed(startedAt: string | null, stoppedAt: string | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt || stoppedAt) return;
    const id = window.setInterval(() => setNow(Date.now()), 20_000);
    return () => window.clearInterval(id);
  }, [startedAt, stoppedAt]);
  if (!startedAt) return '';
  const end = stoppedAt ? Date.parse(stoppedAt) : now;
  const minutes = Math.max(0, Math.floor((end - Date.parse(startedAt)) / 60_000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
