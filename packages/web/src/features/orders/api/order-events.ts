import type { OrderEvent } from '@butler/contract/orders';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readStoredSession } from '../../../lib/session-storage';
import { setOrderStreamConnected } from './order-stream-state';
import { orderKeys } from './orders';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A refusal (no stream offered, no right to it) is asked again only this seldom. */
const REFUSED_RETRY_MS = 5 * 60_000;
/** The stream opens once the page's own requests are out. */
const FIRST_CONNECT_MS = 3_000;

/** Reads `data:` lines of a server-sent event stream and hands each parsed event over. */
export function parseEventChunk(buffer: string, onEvent: (event: OrderEvent) => void): string {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      const event = JSON.parse(data) as OrderEvent;
      if (event && typeof event.kind === 'string') onEvent(event);
    } catch {
      // a comment or a keep-alive line: nothing to do
    }
  }
  return rest;
}

/**
 * The staff's live Aufträge (decision 0810): GET /api/orders/events as server-sent events,
 * read with fetch so the bearer token goes in the header (EventSource sends none). Each event
 * refreshes the orders queries (inbox, counts, the open Auftrag); a dropped stream reconnects
 * by itself, a little later each time, and at once when the tab comes back.
 */
export function useOrderEvents(enabled = true): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof fetch !== 'function') return;
    return joinStream(queryClient, setLive);
  }, [enabled, queryClient]);
  /** Whether the stream is connected (else the callers read more often). */
  return live;
}

/** One stream per tab, however many parts of the page want it (the top bar and the phone menu). */
const members = new Set<(live: boolean) => void>();
let leave: (() => void) | null = null;
let connectedNow = false;

function joinStream(queryClient: QueryClient, onLive: (live: boolean) => void): () => void {
  members.add(onLive);
  onLive(connectedNow);
  leave ??= openStream(queryClient, (live) => {
    connectedNow = live;
    for (const member of members) member(live);
  });
  return () => {
    members.delete(onLive);
    if (members.size === 0) {
      leave?.();
      leave = null;
      connectedNow = false;
    }
  };
}

function openStream(queryClient: QueryClient, setLive: (live: boolean) => void): () => void {
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refused = false;
  const refresh = (event: OrderEvent) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.inbox });
    void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(event.order_id) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.customer(event.customer_id) });
  };
  const connect = async () => {
    clearTimeout(timer);
    controller?.abort();
    controller = new AbortController();
    const token = readStoredSession()?.token;
    if (!token) return;
    try {
      const response = await fetch('/api/orders/events', {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        void response.body?.cancel();
        refused = response.status >= 400 && response.status < 500;
        throw new Error(String(response.status));
      }
      refused = false;
      // Connected: whatever happened while away is read once.
      attempt = 0;
      setLive(true);
      setOrderStreamConnected(true);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseEventChunk(buffer + value, refresh);
      }
    } catch {
      // dropped, refused or aborted: try again below unless stopped
    }
    if (stopped) return;
    setLive(false);
    setOrderStreamConnected(false);
    timer = setTimeout(connect, refused ? REFUSED_RETRY_MS : RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    attempt += 1;
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && attempt > 0 && !refused) void connect();
  };
  timer = setTimeout(connect, FIRST_CONNECT_MS);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    setOrderStreamConnected(false);
    clearTimeout(timer);
    controller?.abort();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
