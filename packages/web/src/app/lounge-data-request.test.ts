import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser at `pathname` with this stored session, and a fetch that records each call. */
function browserAt(pathname: string, stored: Record<string, string>) {
  const items = new Map(Object.entries(stored));
  vi.stubGlobal('window', { location: { pathname } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify({ customer: { id: 7 } }), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const session = (userType: string, ageHours = 1) => ({
  user: JSON.stringify({ id: 7, email: 'maria.gruber@example.at', name: 'Maria Gruber' }),
  userType,
  token: 'token-a',
  sessionTimestamp: String(Date.now() - ageHours * 3600_000),
});

// The module keeps the request it started; each test loads it afresh.
const load = () => import('./lounge-data-request');

describe("the lounge's early data request (decision 0415)", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it("asks once for a returning customer's lounge data and hands the answer out once, to that customer", async () => {
    const calls = browserAt('/customer/dashboard', session('customer'));
    const { requestLoungeData, takeEarlyLoungeData } = await load();
    requestLoungeData();
    requestLoungeData();
    expect(calls).toEqual(['/api/customers/7/dashboard']);
    expect(takeEarlyLoungeData(8)).toBeNull();
    await expect(takeEarlyLoungeData(7)).resolves.toEqual({ customer: { id: 7 } });
    // A later load of the lounge (a refetch) asks the server again.
    expect(takeEarlyLoungeData(7)).toBeNull();
    // The app script may run after the early script's answer was taken: it sends nothing.
    requestLoungeData();
    expect(calls).toEqual(['/api/customers/7/dashboard']);
  });

  it('asks nothing on other pages, for staff, or for a session too old to restore', async () => {
    for (const [pathname, stored] of [
      ['/customer/account', session('customer')],
      ['/customer/dashboard', session('admin')],
      ['/customer/dashboard', session('customer', 9)],
      ['/customer/dashboard', {}],
    ] as const) {
      vi.resetModules();
      const calls = browserAt(pathname, stored);
      const { requestLoungeData, takeEarlyLoungeData } = await load();
      requestLoungeData();
      expect(calls, `${pathname} ${JSON.stringify(stored)}`).toEqual([]);
      expect(takeEarlyLoungeData(7)).toBeNull();
    }
  });
});
