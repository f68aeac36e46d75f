import { useCallback, useRef } from 'react';

/**
 * One call at a time: a second click before React has drawn the busy button (a double click
 * lands both in the same frame) is dropped instead of sending the request twice.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return useCallback(async (run: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await run();
    } finally {
      busy.current = false;
    }
  }, []);
}
