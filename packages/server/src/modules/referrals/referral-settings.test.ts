import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const SPEC_DEFAULTS = {
  default_discount_percentage: 3,
  is_active: true,
  r_threshold_1: 0.5,
  r_threshold_2: 1,
  r_threshold_3: 2,
  r_threshold_4: 3,
  cap_percentage_1: 25,
  cap_percentage_2: 50,
  cap_percentage_3: 80,
  cap_percentage_4: 90,
  cap_percentage_5: 100,
  // SPEC §1's gift, the default of the setting (decision 0760).
  gift_text: 'ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung',
};

const put = (payload: unknown) =>
  ctx.request({ method: 'PUT', url: '/api/referral-settings', payload: payload as any, token: actors.tokens.admin });

describe('referral settings', () => {
  it('answers the SPEC §9 defaults before anything was saved', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/referral-settings', token: actors.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SPEC_DEFAULTS);
  });

  it('saves the whole settings object and audits the changed fields', async () => {
    const next = { ...SPEC_DEFAULTS, default_discount_percentage: 5.5, is_active: false, cap_percentage_1: 30 };
    const res = await put(next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);
    const read = await ctx.request({ method: 'GET', url: '/api/referral-settings', token: actors.tokens.admin });
    expect(read.json()).toEqual(next);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'referral_settings'), eq(auditLog.action, 'update')));
    expect(audit.actorName).toBe(actors.adminUsername);
    expect(audit.changes).toEqual({
      default_discount_percentage: { before: 3, after: 5.5 },
      is_active: { before: true, after: false },
      cap_percentage_1: { before: 25, after: 30 },
    });
  });

  it('resets to the defaults', async () => {
    await put({ ...SPEC_DEFAULTS, default_discount_percentage: 10 });
    const res = await ctx.request({ method: 'POST', url: '/api/referral-settings/reset', token: actors.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SPEC_DEFAULTS);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'reset'));
    expect(audits).toHaveLength(1);
  });

  it.each([
    [
      { default_discount_percentage: 101 },
      'default_discount_percentage',
      'Rabatt muss zwischen 0 und 100 Prozent liegen',
    ],
    [
      { default_discount_percentage: -1 },
      'default_discount_percentage',
      'Rabatt muss zwischen 0 und 100 Prozent liegen',
    ],
    [{ r_threshold_1: -0.5 }, 'r_threshold_1', 'R-Schwellenwert 1 muss positiv sein'],
    [{ r_threshold_3: -2 }, 'r_threshold_3', 'R-Schwellenwert 3 muss positiv sein'],
    [{ cap_percentage_2: 120 }, 'cap_percentage_2', 'Rabatt-Cap 2 muss zwischen 0 und 100 Prozent liegen'],
    [{ cap_percentage_5: -5 }, 'cap_percentage_5', 'Rabatt-Cap 5 muss zwischen 0 und 100 Prozent liegen'],
    [{ r_threshold_2: 0.5 }, 'r_threshold_2', 'R-Schwellenwert 2 muss größer als R-Schwellenwert 1 sein'],
    [{ r_threshold_4: 1.5 }, 'r_threshold_4', 'R-Schwellenwert 4 muss größer als R-Schwellenwert 3 sein'],
    [{ cap_percentage_3: 40 }, 'cap_percentage_3', 'Rabatt-Cap 3 darf nicht kleiner als Rabatt-Cap 2 sein'],
  ])('refuses %j with the German text', async (change, field, text) => {
    const res = await put({ ...SPEC_DEFAULTS, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(text);
    expect(res.json().details[field]).toBe(text);
  });

  it('refuses a missing field and changes nothing on refusal', async () => {
    const { cap_percentage_4: _, ...incomplete } = SPEC_DEFAULTS;
    const res = await put({ ...incomplete, default_discount_percentage: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.cap_percentage_4).toBe('Rabatt-Cap 4 muss zwischen 0 und 100 Prozent liegen');
    const read = await ctx.request({ method: 'GET', url: '/api/referral-settings', token: actors.tokens.admin });
    expect(read.json().default_discount_percentage).toBe(3);
  });

  it('allows threshold 1 to be 0 and caps to stay equal', async () => {
    const res = await put({ ...SPEC_DEFAULTS, r_threshold_1: 0, cap_percentage_4: 100 });
    expect(res.statusCode).toBe(200);
    await ctx.request({ method: 'POST', url: '/api/referral-settings/reset', token: actors.tokens.admin });
  });

  it('is admin-only', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/referral-settings' },
      {
        customerA: 403,
        customerB: 403,
        admin: 200,
      },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'PUT', url: '/api/referral-settings', payload: SPEC_DEFAULTS },
      {
        customerA: 403,
        customerB: 403,
        admin: 200,
      },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/referral-settings/reset' },
      {
        customerA: 403,
        customerB: 403,
        admin: 200,
      },
    );
  });
});
