import type { OrderEvent } from '@butler/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reachableCustomers, requireSession } from '../../lib/access.js';
import type { OrderEventHub } from './order-event-hub.service.js';

/** A comment line every so often keeps proxies and phones from closing a quiet stream. */
const PING_MS = 25_000;

/**
 * GET /api/orders/events: server-sent events for the staff's Aufträge screens (decision 0812).
 * Each `data:` line is an OrderEvent of a customer the staff member may reach; the screens
 * reload what the event names. Read with fetch (the bearer token travels in a header, never in
 * the address).
 */
export const orderEventRoutes =
  (
    hub: OrderEventHub,
    /** A stream ends after this long and the browser opens the next one: a revoked session or a changed Butler assignment holds within minutes. */
    lifetimeSeconds: number,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });

    app.get('/api/orders/events', {
      config: { access: { permission: 'orders.read', scoped: true } },
      schema: {
        tags: ['Aufträge'],
        description: 'Server-Sent Events: neue Aufträge, Antworten und Änderungen (JSON je Ereignis)',
      },
      handler: async (request, reply) => {
        const reach = reachableCustomers(requireSession(request));
        const send = (event: OrderEvent) => {
          if (reach === null || reach.includes(event.customer_id))
            reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
        };
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'x-accel-buffering': 'no',
        });
        const unsubscribe = await hub.subscribe(send);
        // The first bytes say the stream listens: anything committed from now on arrives.
        reply.raw.write('retry: 3000\n: bereit\n\n');
        const ping = setInterval(() => reply.raw.write(': ping\n\n'), PING_MS);
        const end = () => {
          clearInterval(ping);
          clearTimeout(lifetime);
          unsubscribe();
          open.delete(end);
          if (!reply.raw.writableEnded) reply.raw.end();
        };
        const lifetime = setTimeout(end, lifetimeSeconds * 1000);
        open.add(end);
        request.raw.on('close', end);
      },
    });
  };
