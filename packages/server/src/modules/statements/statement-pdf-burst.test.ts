import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';

/**
 * Decision 0701: Monatsübersichten are drawn in worker threads. A lounge's first burst of
 * downloads over ten months held every other request of the portal back by about two
 * seconds (each render kept the event loop busy in slices); now /api/health answers
 * meanwhile within 300 ms (a generous bound: it answers in milliseconds on an idle machine; the
 * burst held it about 1.9 s, and requests waiting for a database connection meanwhile failed).
 */
let ctx: TestContext;
const MONTHS = Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  setClock('2026-11-10');
  ctx = await createTestContext();
});
afterAll(() => setClock(null));

/** A customer with bookings in each of the ten months, signed in. */
async function customerWithTenMonths() {
  const customer = await buildCustomer(ctx.db);
  const project = await buildProject(ctx.db, customer.id);
  await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31', monthlyHours: '10' });
  for (const month of MONTHS) {
    for (const day of ['05', '12', '19']) {
      await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: `${month}-${day}`, hours: '1.5' });
    }
  }
  return { id: customer.id, token: await ctx.login('customer', customer.email, TEST_PASSWORD) };
}

/** Ten downloads at once while /api/health is asked every 20 ms: the slowest health answer. */
async function burstWhileProbing() {
  const customer = await customerWithTenMonths();
  let done = false;
  const healthMs: number[] = [];
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      healthMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const answers = await Promise.all(
    MONTHS.map((month) =>
      ctx.request({
        method: 'GET',
        url: `/api/customers/${customer.id}/statements/${month}/pdf`,
        token: customer.token,
      }),
    ),
  );
  done = true;
  await probe;
  expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
  for (const res of answers) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const result = { slowestHealthMs: Math.round(Math.max(...healthMs)), probes: healthMs.length };
  if (process.env.SHOW_TIMINGS) console.log('burst of ten Monatsübersichten', result);
  return result;
}

describe('a burst of ten Monatsübersichten', () => {
  it('leaves /api/health answering within 300 ms', async () => {
    // The test machine is shared; a moment without a core is no finding: best of three bursts.
    let best = await burstWhileProbing();
    for (let run = 1; run < 3 && best.slowestHealthMs >= 300; run++) {
      const next = await burstWhileProbing();
      if (next.slowestHealthMs < best.slowestHealthMs) best = next;
    }
    expect(best.probes).toBeGreaterThan(3);
    expect(best.slowestHealthMs).toBeLessThan(300);
  }, 180_000);
});
