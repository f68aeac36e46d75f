import type { OrderEvent } from '@butler/contract/orders';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { insertOrder } from '../../../test/order-rows.js';
import { staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { multipart } from '../../../test/wiki-helpers.js';
import { buildApp } from '../../app.js';
import { createDatabase, type Database } from '../../db/client.js';
import { customerStaff } from '../../db/schema/index.js';

/**
 * Decision 0812: a change committed through one portal process reaches the staff's event
 * streams of another (a second app on its own pool and its own listening connection, as a
 * second process on the same database has), within 5 s and only for customers the staff
 * member may reach.
 */
let ctx: TestContext;
let second: { app: FastifyInstance; db: Database; url: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const db = createDatabase(ctx.poolConfig, () => {});
  const app = await buildApp({ db, env: ctx.env, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  second = { app, db, url };
});
afterAll(async () => {
  await second?.app.close();
  await second?.db.$client.end();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Opens the stream on the second process; `next(ms)` is the next event or null when none came in time. */
async function openStream(token: string) {
  const abort = new AbortController();
  const res = await fetch(`${second.url}/api/orders/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  // The stream says it listens before the first event can come.
  while (!buffered.includes(': bereit')) buffered += (await reader.read()).value ?? '';
  buffered = '';
  const events: OrderEvent[] = [];
  let wake = null as (() => void) | null;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffered += value;
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push(JSON.parse(data.slice(6)));
        end = buffered.indexOf('\n\n');
      }
      wake?.();
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    async next(ms: number): Promise<OrderEvent | null> {
      const deadline = Date.now() + ms;
      while (events.length === 0 && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, deadline - Date.now());
        });
      }
      return events.shift() ?? null;
    },
    close: () => abort.abort(),
  };
}

const attach = (token: string, orderId: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/orders/${orderId}/attachments`,
    token,
    ...multipart([{ field: 'file', filename: 'plan.pdf', content: PDF }]),
  });

describe('the staff event stream', () => {
  it('carries a change made through another process within 5 seconds', async () => {
    const owner = await staffMember(ctx, 'owner');
    const customer = await buildCustomer(ctx.db);
    const customerToken = await ctx.login('customer', customer.email!, TEST_PASSWORD);
    const order = await insertOrder(ctx.db, customer.id);
    const stream = await openStream(owner.token);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
      const sentAt = Date.now();
      expect((await attach(customerToken, order.id)).statusCode).toBe(201);
      const event = await stream.next(5_000);
      expect(event).toEqual({ kind: 'order.changed', order_id: order.id, customer_id: customer.id });
      expect(Date.now() - sentAt).toBeLessThan(5_000);
    } finally {
      stream.close();
    }
  });

  it('carries an Auftrag a customer files through another process, and the reply to it', async () => {
    const owner = await staffMember(ctx, 'owner');
    const customer = await buildCustomer(ctx.db);
    const customerToken = await ctx.login('customer', customer.email!, TEST_PASSWORD);
    const stream = await openStream(owner.token);
    try {
      const filed = await ctx.request({
        method: 'POST',
        url: `/api/customers/${customer.id}/orders`,
        token: customerToken,
        payload: { title: 'Heizung entlüften', details: 'Im Bad bleibt der Heizkörper kalt.' },
      });
      expect(filed.statusCode).toBe(201);
      const id = filed.json().id;
      expect(await stream.next(5_000)).toEqual({ kind: 'order.created', order_id: id, customer_id: customer.id });
      const reply = await ctx.request({
        method: 'POST',
        url: `/api/orders/${id}/messages`,
        token: customerToken,
        payload: { body: 'Der Schlüssel für das Ventil liegt im Kasten.' },
      });
      expect(reply.statusCode).toBe(201);
      expect(await stream.next(5_000)).toEqual({ kind: 'order.message', order_id: id, customer_id: customer.id });
    } finally {
      stream.close();
    }
  });

  it('gives a Butler only the customers they look after', async () => {
    const owner = await staffMember(ctx, 'owner');
    const butler = await staffMember(ctx, 'butler');
    const theirs = await buildCustomer(ctx.db);
    const foreign = await buildCustomer(ctx.db);
    await ctx.db.insert(customerStaff).values({ customerId: theirs.id, adminId: butler.id });
    const butlerToken = await ctx.login('admin', butler.username, TEST_PASSWORD);
    const foreignOrder = await insertOrder(ctx.db, foreign.id);
    const theirOrder = await insertOrder(ctx.db, theirs.id);
    const stream = await openStream(butlerToken);
    try {
      expect((await attach(owner.token, foreignOrder.id)).statusCode).toBe(201);
      expect((await attach(owner.token, theirOrder.id)).statusCode).toBe(201);
      // The first event the Butler sees is their customer's: the foreign one never arrives.
      expect(await stream.next(5_000)).toEqual({
        kind: 'order.changed',
        order_id: theirOrder.id,
        customer_id: theirs.id,
      });
      expect(await stream.next(500)).toBeNull();
    } finally {
      stream.close();
    }
  });

  it('is closed to customers and to anyone not signed in', async () => {
    const customer = await buildCustomer(ctx.db);
    const customerToken = await ctx.login('customer', customer.email!, TEST_PASSWORD);
    const asCustomer = await fetch(`${second.url}/api/orders/events`, {
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(asCustomer.status).toBe(403);
    const anonymous = await fetch(`${second.url}/api/orders/events`);
    expect(anonymous.status).toBe(401);
  });
});
