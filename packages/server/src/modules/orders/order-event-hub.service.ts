import type { OrderEvent } from '@butler/contract/orders';
import pg from 'pg';
import type { Database } from '../../db/client.js';
import { ORDER_EVENTS_CHANNEL } from './order-events.js';

type Listener = (event: OrderEvent) => void;
type Log = { warn: (object: object, message: string) => void };

/** How long the hub waits before it listens again after its connection failed. */
const RECONNECT_MS = 2_000;

function parseEvent(payload: string | undefined): OrderEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as OrderEvent;
    return typeof event?.order_id === 'number' && typeof event.customer_id === 'number' ? event : null;
  } catch {
    return null;
  }
}

/**
 * The Aufträge notifications of every portal process, for this process's event streams
 * (decision 0812). One connection of its own (not the pool's) LISTENs on the channel that
 * `notifyOrderEvent` writes to in each change's transaction; it opens with the first stream
 * and listens again after a failure as long as streams are open. A stream that opened while
 * the connection was down misses what was said meanwhile: its client reloads its lists on
 * every (re)connect.
 */
export function createOrderEventHub(db: Database, log: Log) {
  const listeners = new Set<Listener>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    const next = new pg.Client(db.$client.options as pg.ClientConfig);
    next.on('notification', (message) => {
      const event = message.channel === ORDER_EVENTS_CHANNEL ? parseEvent(message.payload) : null;
      if (event) for (const listener of listeners) listener(event);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'order events: listening connection lost');
      if (client === next) client = null;
      next.end().catch(() => {});
      if (!closed && listeners.size > 0) setTimeout(() => void listen().catch(() => {}), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }

  function listen(): Promise<void> {
    if (client || closed) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    /** Calls `listener` for every event from now on; resolves once this process listens. Returns the unsubscribe. */
    async subscribe(listener: Listener): Promise<() => void> {
      listeners.add(listener);
      await listen().catch((error: unknown) => {
        log.warn({ err: error }, 'order events: could not listen');
        if (!closed) setTimeout(() => void listen().catch(() => {}), RECONNECT_MS).unref();
      });
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await connecting?.catch(() => {});
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

export type OrderEventHub = ReturnType<typeof createOrderEventHub>;
