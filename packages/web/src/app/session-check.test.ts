import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORED_USER, storedSession, stubLocalStorage } from '../lib/stored-session.fixture';

type Call = { url: string; method: string; authorization: string | undefined };

/** A localStorage and a fetch that records each call and answers what the test says. */
function browserWith(stored: Record<string, string>, answer: (call: Call) => Response) {
  const items = stubLocalStorage(stored);
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call = { url, method: init.method ?? 'GET', authorization: headers.authorization };
    calls.push(call);
    return answer(call);
  });
  return { calls, items };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const confirmed = {
  valid: true,
  user: STORED_USER,
  user_type: 'customer',
  expires_at: '2026-11-26T20:00:00.000Z',
  idle_timeout_minutes: 15,
};

// The module keeps the check it started; each test loads it afresh.
const load = () => import('./session-check');

describe('the check of a stored session (SPEC §3)', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('is sent when the app script runs, and the session provider gets that answer without a second request', async () => {
    const { calls } = browserWith(storedSession({ token: 'token-a' }), () => json(200, confirmed));
    const { startSessionCheck, checkStoredSession } = await load();
    startSessionCheck();
    expect(calls).toEqual([{ url: '/api/auth/validate-token', method: 'POST', authorization: 'Bearer token-a' }]);
    await expect(checkStoredSession('token-a')).resolves.toMatchObject({ user: { id: 7 }, user_type: 'customer' });
    expect(calls).toHaveLength(1);
  });

  it('sends nothing without a stored session or for one older than 8 hours', async () => {
    const none = browserWith({}, () => json(200, confirmed));
    (await load()).startSessionCheck();
    expect(none.calls).toHaveLength(0);

    vi.resetModules();
    const old = browserWith(storedSession({ token: 'token-a', ageHours: 8.1 }), () => json(200, confirmed));
    (await load()).startSessionCheck();
    expect(old.calls).toHaveLength(0);
  });

  it('checks another token anew (a session stored after the first check)', async () => {
    const { calls } = browserWith(storedSession({ token: 'token-a' }), () => json(200, confirmed));
    const { startSessionCheck, checkStoredSession } = await load();
    startSessionCheck();
    await checkStoredSession('token-b');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/validate-token', '/api/auth/validate-token']);
  });

  it('hands a refusal to whoever takes the answer, with the server text, and leaves the stored session to the provider', async () => {
    const { items } = browserWith(storedSession({ token: 'token-a' }), () => json(401, { error: 'Nicht angemeldet' }));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { startSessionCheck, checkStoredSession } = await load();
      startSessionCheck();
      // Nobody waits for the answer yet: a refusal meanwhile is no unhandled rejection.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(checkStoredSession('token-a')).rejects.toMatchObject({
        status: 401,
        message: 'Nicht angemeldet',
      });
      expect(items.get('token')).toBe('token-a');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
