import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test-app.js';
import { Fuzzer } from './harness.js';
import { operationKey } from './operations.js';
import type { FuzzRequest } from './request-shape.js';

/**
 * The fuzzer's oracles catch what they are for, each shown with a planted bug.
 *
 * The fuzzer's oracle (decision 0382) catches a customer *writing* another customer's data, not
 * only reading it. A bug is planted in the database (saving one's mail choices also changes
 * the other customer's notes) and one request of customer A must be reported; without the
 * bug the same request is fine.
 */
const ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000000' });
const fuzzer = new Fuzzer(ctx);
await fuzzer.setup();

/** A bug planted in the database: when `when` fires, customer `victim`'s notes are overwritten. */
async function plantBug(when: string, victim: number, notes: string) {
  await ctx.db.execute(
    sql.raw(`
    CREATE FUNCTION planted_bug() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE customers SET notes = '${notes}' WHERE id = ${victim};
      RETURN NEW;
    END $$;
    CREATE TRIGGER planted_bug ${when} EXECUTE FUNCTION planted_bug();`),
  );
}

async function removeBug(table: string) {
  await ctx.db.execute(sql.raw(`DROP TRIGGER planted_bug ON ${table}; DROP FUNCTION planted_bug();`));
}

describe("the fuzzer's write oracle", () => {
  it("reports a customer's successful request that changed the other customer's rows", async () => {
    const { A, B } = fuzzer.world.customerIds;
    const op = fuzzer.operations.find((o) => operationKey(o) === 'PUT /api/customers/{id}/notification-preferences')!;
    const request: FuzzRequest = {
      principal: 'customerA',
      params: { id: A },
      query: {},
      body: { kind: 'json', value: { balance_alert_mails: false, statement_mails: true, order_mails: true } },
    };
    await plantBug(
      `AFTER UPDATE ON customers FOR EACH ROW WHEN (NEW.id = ${A} AND pg_trigger_depth() < 1)`,
      B,
      'von A verändert',
    );
    const caught = await fuzzer.probe(op, request);
    expect(caught.res.statusCode).toBe(200);
    expect(caught.problems).toContain("customer A's 200 changed rows of customer B");

    await removeBug('customers');
    const clean = await fuzzer.probe(op, {
      ...request,
      body: { kind: 'json', value: { balance_alert_mails: true, statement_mails: false, order_mails: true } },
    });
    expect(clean.res.statusCode).toBe(200);
    expect(clean.problems).toEqual([]);
  });

  it('reports a refused request that changed a row, and not the same refusal without the change', async () => {
    const op = fuzzer.operations.find((o) => operationKey(o) === 'POST /api/auth/login')!;
    const wrongPassword = (email: string): FuzzRequest => ({
      principal: 'anonymous',
      params: {},
      query: {},
      body: { kind: 'json', value: { email, password: 'falsch-falsch-1', user_type: 'customer' } },
    });
    const { B } = fuzzer.world.customerIds;
    // A failed login records an attempt on purpose (CHANGES_ON_REFUSAL); the planted bug also writes a customer.
    await plantBug('AFTER INSERT ON login_attempts FOR EACH ROW', B, 'beim Anmelden verändert');
    const caught = await fuzzer.probe(op, wrongPassword('niemand@example.at'));
    expect(caught.res.statusCode).toBe(401);
    // The customer's row, and the version counters its trigger moves with it (caches, decision 0560).
    expect(caught.problems).toEqual(['401 but changed data_version, customer_data_versions, customers']);

    await removeBug('login_attempts');
    const clean = await fuzzer.probe(op, wrongPassword('auch-niemand@example.at'));
    expect(clean.res.statusCode).toBe(401);
    expect(clean.problems).toEqual([]);
  });

  it("fails the run when a change went past the digest's triggers (its running sums are checked against the rows)", async () => {
    const op = fuzzer.operations.find((o) => operationKey(o) === 'GET /api/customers')!;
    const { A } = fuzzer.world.customerIds;
    expect(await fuzzer.fuzzOperation(op, { seed: 1, runs: 1 }, ['anonymous'])).toEqual([]);
    // In the replica role no ordinary trigger fires: the row changes, the running sums do not.
    const client = await ctx.db.$client.connect();
    try {
      await client.query(
        `BEGIN; SET LOCAL session_replication_role = replica; UPDATE customers SET notes = 'am Digest vorbei' WHERE id = ${A}; COMMIT;`,
      );
    } finally {
      client.release();
    }
    const failures = await fuzzer.fuzzOperation(op, { seed: 1, runs: 1 }, ['anonymous']);
    expect(failures.map((f) => f.report)).toEqual([
      "the digest's running sums no longer match the rows of customers: a change went past its triggers",
    ]);
  });
});
