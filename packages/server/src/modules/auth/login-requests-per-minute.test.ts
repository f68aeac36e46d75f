import { describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { readEnv } from '../../env.js';

/** `count` sign-ins from one address, each for an unknown account (401). */
async function signIns(ctx: TestContext, count: number) {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `niemand${i}@example.at`, password: 'x', user_type: 'customer' },
      remoteAddress: '10.3.0.1',
    });
    answers.push(res.statusCode);
  }
  return answers;
}

describe('LOGIN_REQUESTS_PER_MINUTE', () => {
  it('refuses the 31st sign-in request of a minute from one address by default, with the German text', async () => {
    // Enough failures allowed per address that only the request limit can refuse.
    const ctx = await createTestContext({ LOGIN_FAILURES_PER_ADDRESS: '1000' });
    const answers = await signIns(ctx, 31);
    expect(answers.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(answers[30]).toBe(429);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'niemand@example.at', password: 'x', user_type: 'customer' },
      remoteAddress: '10.3.0.1',
    });
    expect(refused.json().error).toBe('Zu viele Anfragen. Bitte versuchen Sie es später erneut.');
  });

  it('raised, lets that many through (the browser tests sign in from one address all day)', async () => {
    const ctx = await createTestContext({ LOGIN_FAILURES_PER_ADDRESS: '1000', LOGIN_REQUESTS_PER_MINUTE: '40' });
    const answers = await signIns(ctx, 41);
    expect(answers.slice(0, 40).every((status) => status === 401)).toBe(true);
    expect(answers[40]).toBe(429);
  });

  it('defaults to 30 and cannot be set lower', () => {
    expect(readEnv({}).LOGIN_REQUESTS_PER_MINUTE).toBe(30);
    expect(() => readEnv({ LOGIN_REQUESTS_PER_MINUTE: '10' })).toThrow();
  });
});
