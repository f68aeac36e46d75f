import type {
  LoginAnswer,
  LoginChallenge,
  LoginResponse,
  SessionUser,
  ValidateTokenResponse,
} from '@butler/contract/auth';
import { PUBLIC_PAGE_TEXTS } from '@butler/contract/lounge-texts';
import { IDLE_TIMEOUT_MINUTES, type UserType } from '@butler/contract/session-rules';
import { type CustomerVoice, DEFAULT_CUSTOMER_VOICE } from '@butler/contract/voice';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, onForbidden, onUnauthorized } from '../lib/api-client';
import {
  clearStoredSession,
  isRestorable,
  readStoredSession,
  type StoredSession,
  writeStoredSession,
} from '../lib/session-storage';
import { checkStoredSession } from './session-check';

type SessionState =
  | { status: 'restoring'; session: null }
  | { status: 'anonymous'; session: null }
  | { status: 'authenticated'; session: StoredSession };

type SessionContextValue = SessionState & {
  userType: UserType | null;
  user: SessionUser | null;
  /** "Anrede der Kunden": the lounge's texts (and the staff's customer view) follow it (decision 0620). */
  customerVoice: CustomerVoice;
  idleTimeoutMinutes: number;
  /** A session, or (staff with 2FA) the challenge of the second step. */
  login: (email: string, password: string, userType: UserType) => Promise<StoredSession | LoginChallenge>;
  /** Stores the session a second-factor or enrolment step answered. */
  adoptSession: (answer: LoginResponse) => StoredSession;
  logout: (options?: { silent?: boolean }) => Promise<void>;
  /** Asks the server for the signed-in staff member again (after a change of their own name). */
  refreshUser: () => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export const LOGIN_PATHS = ['/', '/admin/login', '/login'];

/** The login page that fits a path: admin area → /admin/login, else the customer login. */
export function loginPathFor(pathname: string) {
  return pathname.startsWith('/admin') ? '/admin/login' : '/';
}

let leavingPage = false;
// (No window when the build pre-renders the login pages.)
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  // Back from the back/forward cache: the page is in use again.
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/** Holds the logged-in user; restores a stored session only if complete, < 8 h old and validated. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    isRestorable(readStoredSession()) ? { status: 'restoring', session: null } : { status: 'anonymous', session: null },
  );
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const stored = readStoredSession();
    if (!isRestorable(stored)) {
      clearStoredSession();
      setState({ status: 'anonymous', session: null });
      return;
    }
    let cancelled = false;
    checkStoredSession(stored.token)
      .then((answer) => {
        if (cancelled) return;
        const session: StoredSession = {
          user: answer.user,
          userType: answer.user_type,
          token: stored.token,
          sessionTimestamp: Date.now(),
          customerVoice: answer.customer_voice,
        };
        writeStoredSession(session);
        setState({ status: 'authenticated', session });
      })
      .catch(async () => {
        // A check cut off because the page is being left is no answer: the next page checks
        // the same session again. The browser cancels the request before it fires pagehide,
        // so the decision waits one task.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (cancelled || leavingPage) return;
        clearStoredSession();
        setState({ status: 'anonymous', session: null });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // SPEC §8: a 401 clears the session and goes to the login page (unless already there).
  useEffect(
    () =>
      onUnauthorized(() => {
        setState({ status: 'anonymous', session: null });
        queryClient.clear();
        notifications.show({
          id: 'session-expired',
          color: 'orange',
          title: 'Sitzung abgelaufen',
          message: PUBLIC_PAGE_TEXTS.sessionExpired,
        });
        const path = window.location.pathname;
        if (!LOGIN_PATHS.includes(path)) navigate(loginPathFor(path), { replace: true });
      }),
    [navigate, queryClient],
  );

  // A staff member's role and rights are the server's: asked again on a 403 and when the
  // tab comes back, so a role the Inhaber changed shows in the app at once (decision 0540).
  const lastRefresh = useRef(0);
  const voiceRef = useRef<CustomerVoice | undefined>(undefined);
  voiceRef.current = state.session?.customerVoice;
  const refreshRights = useCallback(async (minGapMs: number) => {
    const stored = readStoredSession();
    if (stored?.userType !== 'admin' || Date.now() - lastRefresh.current < minGapMs) return;
    lastRefresh.current = Date.now();
    try {
      const answer = await apiRequest<ValidateTokenResponse>('/api/auth/validate-token', {
        method: 'POST',
        skipUnauthorizedHandling: true,
      });
      const current = readStoredSession();
      if (!current || current.token !== stored.token) return;
      const known = voiceRef.current;
      if (JSON.stringify(current.user) === JSON.stringify(answer.user) && known === answer.customer_voice) return;
      const session: StoredSession = { ...current, user: answer.user, customerVoice: answer.customer_voice };
      writeStoredSession(session);
      setState({ status: 'authenticated', session });
    } catch {
      // Signed out meanwhile: the 401 handling of the next call takes over.
    }
  }, []);
  useEffect(() => onForbidden(() => void refreshRights(1_000)), [refreshRights]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshRights(30_000);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refreshRights]);

  const adoptSession = useCallback((answer: LoginResponse) => {
    const session: StoredSession = {
      user: answer.user,
      userType: answer.user_type,
      token: answer.token,
      sessionTimestamp: Date.now(),
      customerVoice: answer.customer_voice,
    };
    writeStoredSession(session);
    setState({ status: 'authenticated', session });
    return session;
  }, []);

  const login = useCallback(async (email: string, password: string, userType: UserType) => {
    const answer = await apiRequest<LoginAnswer>('/api/auth/login', {
      method: 'POST',
      body: { email, password, user_type: userType },
      skipUnauthorizedHandling: true,
    });
    if ('second_factor' in answer) return answer;
    const session: StoredSession = {
      user: answer.user,
      userType: answer.user_type,
      token: answer.token,
      sessionTimestamp: Date.now(),
      customerVoice: answer.customer_voice,
    };
    writeStoredSession(session);
    setState({ status: 'authenticated', session });
    return session;
  }, []);

  const logout = useCallback(
    async (options?: { silent?: boolean }) => {
      const wasAdmin = readStoredSession()?.userType === 'admin';
      try {
        await apiRequest('/api/auth/logout', { method: 'POST', skipUnauthorizedHandling: true });
      } catch {
        // Already invalid on the server: nothing to revoke.
      }
      clearStoredSession();
      queryClient.clear();
      setState({ status: 'anonymous', session: null });
      if (!options?.silent) navigate(wasAdmin ? '/admin/login' : '/', { replace: true });
    },
    [navigate, queryClient],
  );

  const value = useMemo<SessionContextValue>(() => {
    const userType = state.session?.userType ?? null;
    return {
      ...state,
      userType,
      user: state.session?.user ?? null,
      customerVoice: state.session?.customerVoice ?? DEFAULT_CUSTOMER_VOICE,
      idleTimeoutMinutes: userType ? IDLE_TIMEOUT_MINUTES[userType] : IDLE_TIMEOUT_MINUTES.customer,
      login,
      adoptSession,
      logout,
      refreshUser: () => refreshRights(0),
    };
  }, [state, login, adoptSession, logout, refreshRights]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
