import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedSession, stubLocalStorage } from '../lib/stored-session.fixture';

/** A browser at `pathname` with this stored session, and a fetch that records each call. */
function browserAt(pathname: string, stored: Record<string, string>) {
  vi.stubGlobal('window', { location: { pathname } });
  stubLocalStorage(stored);
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify({ customer: { id: 7 } }), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

// The module keeps the request it started; each test loads it afresh.
const load = () => import('./lounge-data-request');

describe("the lounge's early data request (decision 0415)", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it("asks once for a returning customer's lounge data and hands the answer out once, to that customer", async () => {
    const calls = browserAt('/customer/dashboard', storedSession({ userType: 'customer' }));
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
      ['/customer/account', storedSession({ userType: 'customer' })],
      ['/customer/dashboard', storedSession({ userType: 'admin' })],
      ['/customer/dashboard', storedSession({ userType: 'customer', ageHours: 9 })],
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
