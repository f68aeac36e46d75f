import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test-app.js';
import { Fuzzer } from './harness.js';
import { operationKey } from './operations.js';
import type { FuzzRequest } from './request-shape.js';

/**
 * Issue 26: the fuzzer's oracle catches a customer *writing* another customer's data, not
 * only reading it. A bug is planted in the database (saving one's mail choices also changes
 * the other customer's notes) and one request of customer A must be reported; without the
 * bug the same request is fine.
 */
const ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000000' });
const fuzzer = new Fuzzer(ctx);
await fuzzer.setup();

describe("the fuzzer's write oracle", () => {
  it("reports a customer's successful request that changed the other customer's rows", async () => {
    const { A, B } = fuzzer.world.customerIds;
    const op = fuzzer.operations.find((o) => operationKey(o) === 'PUT /api/customers/{id}/notification-preferences')!;
    const request: FuzzRequest = {
      principal: 'customerA',
      params: { id: A },
      query: {},
      body: { kind: 'json', value: { balance_alert_mails: false, statement_mails: true } },
    };
    await ctx.db.execute(
      sql.raw(`
      CREATE FUNCTION planted_bug() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE customers SET notes = 'von A verändert' WHERE id = ${B};
        RETURN NEW;
      END $$;
      CREATE TRIGGER planted_bug AFTER UPDATE ON customers FOR EACH ROW
        WHEN (NEW.id = ${A} AND pg_trigger_depth() < 1) EXECUTE FUNCTION planted_bug();`),
    );
    const caught = await fuzzer.probe(op, request);
    expect(caught.res.statusCode).toBe(200);
    expect(caught.problems).toContain("customer A's 200 changed rows of customer B");

    await ctx.db.execute(sql.raw('DROP TRIGGER planted_bug ON customers; DROP FUNCTION planted_bug();'));
    const clean = await fuzzer.probe(op, {
      ...request,
      body: { kind: 'json', value: { balance_alert_mails: true, statement_mails: false } },
    });
    expect(clean.res.statusCode).toBe(200);
    expect(clean.problems).toEqual([]);
  });
});
