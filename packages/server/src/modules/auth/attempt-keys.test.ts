import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

let address = 0;
const login = (email: string, password: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, user_type: 'customer' },
    remoteAddress: `10.77.0.${++address}`,
  });

describe('attempts are counted on the account found, not on the typed string (decision 0500)', () => {
  it('every spelling that signs in to an account counts towards its five failures', async () => {
    const customer = await buildCustomer(ctx.db, { email: 'tina.kinsky@example.at' });
    // Spellings the database's lower() takes for this address. `İ` (U+0130) lower-cases to
    // "i̇" in JavaScript and to "i" in PostgreSQL's Unicode locale: a key made in JavaScript
    // gave every `i` of an address its own five guesses.
    const candidates = ['tİna.kİnsky@example.at', 'TINA.KINSKY@EXAMPLE.AT', 'Tina.Kinsky@example.at'];
    const spellings: string[] = [];
    for (const spelling of candidates) {
      const { rows } = await ctx.db.execute<{ same: boolean }>(
        sql`SELECT lower(${spelling}) = lower(${customer.email}) AS same`,
      );
      if (rows[0].same) spellings.push(spelling);
    }
    expect(spellings.length).toBeGreaterThanOrEqual(2);
    for (const spelling of spellings) expect((await login(spelling, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await login(spellings[i % spellings.length], 'falsch')).statusCode).toBe(401);
    }
    for (const spelling of [customer.email, ...spellings]) {
      expect((await login(spelling, TEST_PASSWORD)).statusCode).toBe(429);
    }
  });

  it('an unknown name locks like a known one: the same answer after five failures', async () => {
    for (let i = 0; i < 5; i++) expect((await login('niemand@example.at', 'falsch')).statusCode).toBe(401);
    expect((await login('NIEMAND@example.at', 'falsch')).statusCode).toBe(429);
  });

  it('no attempt key holds an e-mail address or a username (decision 0503)', async () => {
    await login('unbekannt.person@example.at', 'falsch');
    const { rows } = await ctx.db.execute<{ attempt_key: string }>(sql`SELECT attempt_key FROM login_attempts`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { attempt_key } of rows) expect(attempt_key).not.toMatch(/@|kinsky|niemand|unbekannt/i);
  });
});
