import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { sessionCheckSettled } from './session-check';

/** A key or pointer press: whatever waits for the first screen is wanted now. */
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;
/** Nothing waits longer than this, even on a page that never stops loading. */
export const FIRST_SCREEN_LATEST_MS = 6000;

let firstScreen: Promise<void> | null = null;

function whenIdle(callback: () => void) {
  // Safari has no requestIdleCallback: a short timer instead.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 300);
}

/**
 * Settles once the page's first screen is in: the page has loaded, the stored session's
 * check is answered, no query is loading, and then the browser is idle. At once on the
 * first key or pointer press; at the latest after six seconds. What only later moments
 * need (the toast host, the session-timeout dialog) waits for it, so on a slow line the
 * first screen's scripts and data do not share the bandwidth with them (decision 0415).
 */
export function firstScreenShown(queryClient: QueryClient): Promise<void> {
  firstScreen ??= new Promise<void>((resolve) => {
    let unsubscribe = () => {};
    let waitingForIdle = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe();
      window.removeEventListener('load', check);
      for (const event of INPUT_EVENTS) window.removeEventListener(event, finish, true);
      clearTimeout(latest);
      resolve();
    };
    function check() {
      if (waitingForIdle || document.readyState !== 'complete' || queryClient.isFetching() > 0) return;
      waitingForIdle = true;
      whenIdle(() => {
        waitingForIdle = false;
        // A request that started meanwhile (the lower half of a page) is part of the first screen.
        if (queryClient.isFetching() === 0) finish();
      });
    }
    const latest = setTimeout(finish, FIRST_SCREEN_LATEST_MS);
    for (const event of INPUT_EVENTS) window.addEventListener(event, finish, { capture: true, passive: true });
    void sessionCheckSettled().then(() => {
      if (done) return;
      unsubscribe = queryClient.getQueryCache().subscribe(check);
      window.addEventListener('load', check);
      check();
    });
  });
  return firstScreen;
}

/** Renders its children once the first screen is in (`firstScreenShown`). */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void firstScreenShown(queryClient).then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, [queryClient]);
  return ready ? children : null;
}
