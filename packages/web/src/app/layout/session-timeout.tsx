import { SESSION_WARNING_SECONDS } from '@butler/contract/session-rules';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, lastSuccessfulCallAt } from '../../lib/api-client';
import { AfterFirstScreen } from '../after-first-screen';
import { useSession } from '../session-context';

const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;
/** Activity keeps the server session alive with at most one call per minute. */
const KEEPALIVE_INTERVAL_MS = 60_000;

/**
 * The dialog (and Mantine's Modal with it) is a separate chunk, fetched once the first
 * screen of a signed-in page is in (decision 0415), off the critical path. It is mounted
 * closed as soon as it arrives, so opening it later is a plain state change that never
 * waits for the network (decision 0288).
 */
const SessionTimeoutDialog = lazy(async () => ({
  default: (await import('./session-timeout-dialog')).SessionTimeoutDialog,
}));

/**
 * SPEC §4/§9: after (timeout − 2 min) without activity the dialog 'Session läuft ab'
 * counts down 120 s; at zero the user is logged out. Activity before the dialog resets
 * the timer; once it is open only the buttons decide.
 */
export function SessionTimeout() {
  const { status, idleTimeoutMinutes, logout } = useSession();
  const lastActivity = useRef(Date.now());
  const [warningOpen, setWarningOpen] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(SESSION_WARNING_SECONDS);
  const warningRef = useRef(false);
  warningRef.current = warningOpen;

  const keepAlive = useCallback(() => {
    if (Date.now() - lastSuccessfulCallAt() < KEEPALIVE_INTERVAL_MS) return;
    apiRequest('/api/auth/validate-token', { method: 'POST' }).catch(() => {
      // a 401 is handled centrally (session cleared, login page)
    });
  }, []);

  useEffect(() => {
    if (status !== 'authenticated') return;
    lastActivity.current = Date.now();
    const onActivity = () => {
      if (warningRef.current) return;
      lastActivity.current = Date.now();
      keepAlive();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    const timeoutMs = idleTimeoutMinutes * 60_000;
    const warnAfterMs = timeoutMs - SESSION_WARNING_SECONDS * 1000;
    const timer = window.setInterval(() => {
      const idle = Date.now() - lastActivity.current;
      if (idle >= timeoutMs) {
        window.clearInterval(timer);
        setWarningOpen(false);
        void logout();
      } else if (idle >= warnAfterMs) {
        setWarningOpen(true);
        setSecondsLeft(Math.ceil((timeoutMs - idle) / 1000));
      }
    }, 1000);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [status, idleTimeoutMinutes, logout, keepAlive]);

  const extend = async () => {
    lastActivity.current = Date.now();
    setWarningOpen(false);
    setSecondsLeft(SESSION_WARNING_SECONDS);
    await apiRequest('/api/auth/validate-token', { method: 'POST' }).catch(() => {});
  };

  if (status !== 'authenticated') return null;
  return (
    <AfterFirstScreen>
      <Suspense fallback={null}>
        <SessionTimeoutDialog
          opened={warningOpen}
          secondsLeft={secondsLeft}
          onExtend={() => void extend()}
          onLogout={() => void logout()}
        />
      </Suspense>
    </AfterFirstScreen>
  );
}
