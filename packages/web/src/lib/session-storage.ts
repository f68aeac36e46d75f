import type { SessionUser } from '@butler/contract/auth';
import { SESSION_MAX_AGE_HOURS, type UserType } from '@butler/contract/session-rules';
import type { CustomerVoice } from '@butler/contract/voice';

/** The stored session of SPEC §3: user, userType, token, sessionTimestamp (localStorage). */
export type StoredSession = {
  user: SessionUser;
  userType: UserType;
  token: string;
  sessionTimestamp: number;
  /** "Anrede der Kunden" from the last server answer (kept in memory only, decision 0620). */
  customerVoice?: CustomerVoice;
};

const KEYS = { user: 'user', userType: 'userType', token: 'token', sessionTimestamp: 'sessionTimestamp' } as const;

export function readStoredSession(): StoredSession | null {
  try {
    const user = localStorage.getItem(KEYS.user);
    const userType = localStorage.getItem(KEYS.userType);
    const token = localStorage.getItem(KEYS.token);
    const timestamp = Number(localStorage.getItem(KEYS.sessionTimestamp));
    if (!user || !token || !timestamp || (userType !== 'admin' && userType !== 'customer')) return null;
    return { user: JSON.parse(user), userType, token, sessionTimestamp: timestamp };
  } catch {
    return null;
  }
}

/** Complete and younger than 8 hours (SPEC §4: only then is a restore attempted). */
export function isRestorable(session: StoredSession | null, now = Date.now()): session is StoredSession {
  return !!session && now - session.sessionTimestamp < SESSION_MAX_AGE_HOURS * 3600_000;
}

export function writeStoredSession(session: StoredSession) {
  localStorage.setItem(KEYS.user, JSON.stringify(session.user));
  localStorage.setItem(KEYS.userType, session.userType);
  localStorage.setItem(KEYS.token, session.token);
  localStorage.setItem(KEYS.sessionTimestamp, String(session.sessionTimestamp));
}

/** Each successful call refreshes the stored timestamp (SPEC §7). */
export function touchStoredSession(now = Date.now()) {
  if (localStorage.getItem(KEYS.token)) localStorage.setItem(KEYS.sessionTimestamp, String(now));
}

export function clearStoredSession() {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}
