import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-app.js';
import { ROLE_TABLE, type RouteRule } from './role-table.js';
import { CALLERS, type Caller, type Letter, RoleWorld, type Rows } from './role-world.js';

/**
 * Decision 0540: every route × every role (and the customer) × an own and a foreign customer,
 * against the one table of what each role may do (role-table.ts). Allowed: anything but
 * 401/403 (the request may still be invalid: access is what is tested). Refused: 403; a
 * foreign customer's row named by id: the same 404 as an id that does not exist.
 */
let ctx: TestContext;
let world: RoleWorld;
beforeAll(async () => {
  // The Aufträge event stream ends after a second, so its calls answer like the others.
  ctx = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_REQUESTS_PER_MINUTE: '100000',
    ORDER_EVENTS_STREAM_SECONDS: '1',
  });
  world = new RoleWorld(ctx);
  await world.seed();
}, 120_000);

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const ruleOf = (rule: RouteRule) => (typeof rule === 'string' ? { who: rule } : rule);

/** Which row a path's `:id` names, by the path before it. */
const ROW_PARAMS: Array<[RegExp, keyof Rows]> = [
  [/^\/api\/customers\/:id/, 'customer'],
  [/^\/api\/customers\/:customerId/, 'customer'],
  [/^\/api\/projects\/:id/, 'project'],
  [/^\/api\/time-entries\/:id/, 'time_entry'],
  [/^\/api\/subscriptions\/:id/, 'subscription'],
  [/^\/api\/hour-packages\/:id/, 'hour_package'],
  [/^\/api\/orders\/:id/, 'order'],
  [/^\/api\/visits\/:id/, 'visit'],
  [/^\/api\/visit-requests\/:id/, 'visit_request'],
  [/^\/api\/subscription-requests\/:id/, 'subscription_request'],
  [/^\/api\/hour-orders\/:id/, 'hour_order'],
  [/^\/api\/month-questions\/:id/, 'month_question'],
  [/^\/api\/wiki\/entries\/:id/, 'wiki_entry'],
  [/^\/api\/wiki\/projects\/:id/, 'wiki_entry'],
  [/^\/api\/wiki\/files\/:id/, 'wiki_file'],
  [/^\/api\/wiki\/projects\/featured\/files\/:id/, 'wiki_file'],
  [/^\/api\/quickbill\/invoices\/from-hour-package\/:id/, 'hour_package'],
  [/^\/api\/quickbill\/invoices\/:id/, 'invoice'],
];

function rowOf(url: string): keyof Rows | null {
  return ROW_PARAMS.find(([pattern]) => pattern.test(url))?.[1] ?? null;
}

/** The concrete request for a route, naming customer `letter`'s rows (or none). */
function requestFor(route: { method: string; url: string }, letter: Letter | null) {
  const rows = letter ? world.rows[letter] : world.rows.A;
  const rule = ruleOf(ROLE_TABLE[keyOf(route)]);
  const row = rowOf(route.url);
  let url = route.url
    .replace(/:customerId|(?<=^\/api\/customers\/):id/, String(rows.customer))
    .replace(':sessionId', randomUUID())
    .replace(':attachmentId', '1')
    .replace(':year/:month', '2026/1')
    .replace(':month', '2026-01')
    .replace(':scope', 'own')
    .replace(':file', 'unbekannt.ics')
    .replace('.:format', '.csv');
  if (url.includes(':id')) {
    const spare: Record<string, number> = {
      '/api/staff/': world.spare.staff,
      '/api/subscription-templates/': world.spare.template,
      '/api/wiki/categories/': world.spare.category,
      '/api/quickbill/products/': world.spare.product,
      '/api/mail/outbox/': 1,
    };
    const id = row ? rows[row] : (Object.entries(spare).find(([prefix]) => url.startsWith(prefix))?.[1] ?? 1);
    url = url.replace(':id', String(id));
  }
  if (rule.query && letter) url += `?${rule.query}=${rows.customer}`;
  const payload = route.method === 'GET' ? undefined : rule.body && letter ? { [rule.body]: rows.customer } : {};
  return { method: route.method as 'GET', url, payload };
}

/** Whether the route names a customer (then it is called for an own and a foreign one). */
const namesCustomer = (route: { method: string; url: string }) => {
  const rule = ruleOf(ROLE_TABLE[keyOf(route)]);
  return rowOf(route.url) !== null || rule.query !== undefined || rule.body !== undefined;
};

/** allowed, refused (403), or hidden (the route's 404 for an unknown id: a foreign customer's row). */
function expectation(route: { url: string }, who: string, caller: Caller, letter: Letter | null) {
  if (who === 'anyone' || who === 'signed-in') return 'allowed';
  if (who === 'staff') return caller === 'customer' ? 'refused' : 'allowed';
  if (!who.split(' ').includes(caller)) return 'refused';
  // The Butler looks after customer A only; the customer principal is A.
  if ((caller === 'butler' || caller === 'customer') && letter === 'B') {
    const row = rowOf(route.url);
    return row && row !== 'customer' ? 'hidden' : 'refused';
  }
  return 'allowed';
}

describe('route access by role (decision 0540)', () => {
  it('the table names every served route, and only those', () => {
    const served = ctx.app.routeAccess.map(keyOf).sort();
    expect(Object.keys(ROLE_TABLE).sort()).toEqual(served);
  });

  it('every route × role × own/foreign customer answers as the table says', { timeout: 600_000 }, async () => {
    const differences: string[] = [];
    let calls = 0;
    for (const route of ctx.app.routeAccess) {
      const { who } = ruleOf(ROLE_TABLE[keyOf(route)] ?? 'nobody');
      const letters: Array<Letter | null> = namesCustomer(route) ? ['B', 'A'] : [null];
      for (const caller of CALLERS) {
        for (const letter of letters) {
          const request = requestFor(route, letter);
          const res = await ctx.request({ ...request, payload: request.payload as any, token: world.tokens[caller] });
          calls += 1;
          const expected = expectation(route, who, caller, letter);
          let ok = res.statusCode !== 401 && res.statusCode !== 403;
          if (expected === 'refused') ok = res.statusCode === 403;
          if (expected === 'hidden') {
            // Without a body to validate, the answer is byte for byte the one for an id that does not exist.
            ok = res.statusCode === 404 && /nicht gefunden/.test(res.json().error);
            if (route.method === 'GET' || route.method === 'DELETE') {
              const url = request.url.replace(/\/\d+(?=\/|$|\?)/, '/2000000000');
              const unknown = await ctx.request({ method: route.method as 'GET', url, token: world.tokens[caller] });
              ok &&= unknown.statusCode === 404 && res.body === unknown.body;
            }
          }
          if (!ok) {
            const whose = letter === null ? '' : letter === 'A' ? ' (own customer)' : ' (foreign customer)';
            differences.push(
              `${keyOf(route)} as ${caller}${whose}: ${res.statusCode}, table says ${expected} — ${res.body.slice(0, 120)}`,
            );
          }
          if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
          if (route.method !== 'GET' && res.statusCode < 400) await world.restore();
        }
      }
    }
    expect(differences).toEqual([]);
    expect(calls).toBeGreaterThan(ctx.app.routeAccess.length * CALLERS.length);
  });
});
