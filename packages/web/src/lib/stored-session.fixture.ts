// Test support: a stored session in a stubbed localStorage (the tests of the session check,
// the lounge's early request and what waits for the first screen). Not part of the app.
import { vi } from 'vitest';

export const STORED_USER = { id: 7, email: 'maria.gruber@example.at', name: 'Maria Gruber' };

/** The localStorage items of a stored session (SPEC §3), `ageHours` old. */
export function storedSession({ token = 'token-a', userType = 'customer', ageHours = 1 } = {}) {
  return {
    user: JSON.stringify(STORED_USER),
    userType,
    token,
    sessionTimestamp: String(Date.now() - ageHours * 3600_000),
  };
}

/** Stubs localStorage with these items; answers the live map behind it. */
export function stubLocalStorage(stored: Record<string, string>) {
  const items = new Map(Object.entries(stored));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
  return items;
}
