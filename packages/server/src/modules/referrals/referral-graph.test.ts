import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { buildCustomer, buildHourPackage } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { MUTUAL_REFERRAL, REFERRAL_CYCLE } from './referral-links.service.js';

/**
 * Decision 0504: referral links under concurrency and in rings. Two mutual "add
 * referral" requests at once deadlocked and answered 500 (3 of 6 pairs); a ring A→B→C→A was
 * accepted and gave all three the discount.
 */
let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

/** Customers who bought something (so a referral to them is successful at once and reprices). */
async function buyers(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const customer = await buildCustomer(ctx.db);
    await buildHourPackage(ctx.db, customer.id);
    out.push(customer);
  }
  return out;
}
const add = (customerId: number, referralCode: string) =>
  ctx.request({
    method: 'PUT',
    url: `/api/customers/${customerId}/add-referral`,
    payload: { referral_code: referralCode },
    token: actors.tokens.admin,
  });

describe('referral links', () => {
  it('six pairs adding each other at the same moment: one of each pair wins, none is a 5xx', async () => {
    const pairs = [];
    for (let i = 0; i < 6; i++) pairs.push(await buyers(2));
    const answers = await Promise.all(
      pairs.map(([a, b]) => Promise.all([add(a.id, b.referralCode), add(b.id, a.referralCode)])),
    );
    for (const pair of answers) {
      expect(pair.map((res) => res.statusCode).sort()).toEqual([200, 400]);
      expect(pair.find((res) => res.statusCode === 400)!.json().details.referral_code).toBe(MUTUAL_REFERRAL);
    }
  });

  it('refuses the link that would close a ring, however long', async () => {
    const [a, b, c, d] = await buyers(4);
    expect((await add(a.id, b.referralCode)).statusCode).toBe(200); // B referred A
    expect((await add(b.id, c.referralCode)).statusCode).toBe(200); // C referred B
    expect((await add(c.id, d.referralCode)).statusCode).toBe(200); // D referred C
    const ring = await add(d.id, a.referralCode); // A would refer D: D → C → B → A → D
    expect(ring.statusCode).toBe(400);
    expect(ring.json().details.referral_code).toBe(REFERRAL_CYCLE);
  });

  it('three links of a ring sent at once: at most two are made', async () => {
    const [a, b, c] = await buyers(3);
    const answers = await Promise.all([
      add(a.id, b.referralCode),
      add(b.id, c.referralCode),
      add(c.id, a.referralCode),
    ]);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  });
});
