import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedSession, stubLocalStorage } from '../lib/stored-session.fixture';

/** A window and document that the test drives: load state, key/pointer presses, idle moments. */
function fakeBrowser() {
  const listeners = new Map<string, Set<() => void>>();
  const idle: (() => void)[] = [];
  const document = { readyState: 'loading' as DocumentReadyState };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
  });
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  return {
    load() {
      document.readyState = 'complete';
      for (const listener of [...(listeners.get('load') ?? [])]) listener();
    },
    press() {
      for (const listener of [...(listeners.get('pointerdown') ?? [])]) listener();
    },
    /** Runs the idle callbacks registered so far; answers how many ran. */
    idle() {
      const due = idle.splice(0);
      for (const callback of due) callback();
      return due.length;
    },
  };
}

async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** A query that stays loading until `finish` is called. */
function loadingQuery(client: QueryClient) {
  let finish!: () => void;
  void client.fetchQuery({
    queryKey: ['slow'],
    queryFn: () =>
      new Promise((resolve) => {
        finish = () => resolve('fertig');
      }),
  });
  return () => finish();
}

// The module keeps one promise per page; each test loads it afresh.
const load = () => import('./after-first-screen');

describe('what waits for the first screen (decision 0415)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the page to load and its queries to finish, then for an idle moment', async () => {
    const browser = fakeBrowser();
    const client = new QueryClient();
    const finishQuery = loadingQuery(client);
    const { firstScreenShown } = await load();
    const shown = firstScreenShown(client);

    expect(await settled(shown)).toBe(false);
    browser.load();
    expect(browser.idle()).toBe(0); // a query is still loading: no idle wait yet
    expect(await settled(shown)).toBe(false);
    finishQuery();
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(shown)).toBe(false); // not before the browser is idle
    expect(browser.idle()).toBe(1);
    expect(await settled(shown)).toBe(true);
  });

  it('waits again when a request starts before the idle moment (the lower half of a page)', async () => {
    const browser = fakeBrowser();
    const client = new QueryClient();
    const { firstScreenShown } = await load();
    const shown = firstScreenShown(client);
    browser.load();
    await vi.advanceTimersByTimeAsync(0);
    const finishQuery = loadingQuery(client);
    expect(browser.idle()).toBe(1);
    expect(await settled(shown)).toBe(false);
    finishQuery();
    await vi.advanceTimersByTimeAsync(0);
    browser.idle();
    expect(await settled(shown)).toBe(true);
  });

  it("waits for the answer to the stored session's check", async () => {
    const browser = fakeBrowser();
    stubLocalStorage(storedSession());
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    (await import('./session-check')).startSessionCheck();
    const client = new QueryClient();
    const shown = (await load()).firstScreenShown(client);
    browser.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.idle()).toBe(0);
    expect(await settled(shown)).toBe(false);
    answer(
      new Response('{"error":"Sitzung abgelaufen"}', { status: 401, headers: { 'content-type': 'application/json' } }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.idle()).toBe(1);
    expect(await settled(shown)).toBe(true);
  });

  it('is done at once when the person presses a key or pointer, and at the latest after six seconds', async () => {
    const browser = fakeBrowser();
    const client = new QueryClient();
    loadingQuery(client);
    const { firstScreenShown, FIRST_SCREEN_LATEST_MS } = await load();
    const pressed = firstScreenShown(client);
    browser.press();
    expect(await settled(pressed)).toBe(true);

    vi.resetModules();
    const later = (await load()).firstScreenShown(client);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_LATEST_MS - 10);
    expect(await settled(later)).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(later)).toBe(true);
  });
});
