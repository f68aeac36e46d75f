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
import { statementRenderStats } from './statement-pdfs.js';

/**
 * Decision 0505: a customer's burst of Monatsübersicht downloads renders each PDF
 * once and never more than one at a time for that customer (ten parallel downloads kept the
 * event loop busy for seconds). Asserted by counting renders, not by timing.
 */
let ctx: TestContext;
let customerId: number;
let projectId: number;
let token: string;
beforeAll(async () => {
  setClock('2026-05-10');
  ctx = await createTestContext();
  const customer = await buildCustomer(ctx.db);
  customerId = customer.id;
  projectId = (await buildProject(ctx.db, customer.id)).id;
  await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31', monthlyHours: '10' });
  for (const date of ['2026-01-12', '2026-02-12', '2026-03-12', '2026-04-12']) {
    await buildTimeEntry(ctx.db, customer.id, projectId, { workDate: date, hours: '2' });
  }
  token = await ctx.login('customer', customer.email, TEST_PASSWORD);
});
afterAll(() => setClock(null));

const download = (month: string) =>
  ctx.request({ method: 'GET', url: `/api/customers/${customerId}/statements/${month}/pdf`, token });

describe('Monatsübersicht downloads in a burst', () => {
  it('ten at once for one month: one render, ten identical PDFs', async () => {
    const before = statementRenderStats.renders;
    const answers = await Promise.all(Array.from({ length: 10 }, () => download('2026-03')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
    expect(statementRenderStats.renders - before).toBe(1);
  });

  it('twelve at once over four months: one render per month, one at a time for the customer', async () => {
    statementRenderStats.mostAtOnceForOneCustomer = 0;
    const before = statementRenderStats.renders;
    const months = ['2026-01', '2026-02', '2026-03', '2026-04'];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => download(months[i % 4])));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    // March was kept from the test before; January, February and April are new.
    expect(statementRenderStats.renders - before).toBe(3);
    expect(statementRenderStats.mostAtOnceForOneCustomer).toBe(1);
  });

  it('a booking makes the next download render again (the kept PDF follows the data)', async () => {
    const before = statementRenderStats.renders;
    await buildTimeEntry(ctx.db, customerId, projectId, { workDate: '2026-03-20', hours: '1.5' });
    expect((await download('2026-03')).statusCode).toBe(200);
    expect(statementRenderStats.renders - before).toBe(1);
  });
});
