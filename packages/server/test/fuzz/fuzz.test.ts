import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../test-app.js';
import { Fuzzer } from './harness.js';
import { operationKey } from './operations.js';

/**
 * Decision 0382: every route of the portal's own OpenAPI document, as every principal, with
 * schema-shaped requests full of hostile values. Fixed seed and budget in `npm test`;
 * `npm run fuzz -- --runs N [--seed S] [--route "POST /api/customers"]` for longer runs.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_124);
const runs = Number(process.env.FUZZ_RUNS ?? 10);
const only = process.env.FUZZ_ROUTE;

// The Aufträge event stream ends after a second, so its calls answer like the others (decision 0812).
const ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000000', ORDER_EVENTS_STREAM_SECONDS: '1' });
const fuzzer = new Fuzzer(ctx);
await fuzzer.setup();
const started = Date.now();

afterAll(() => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const statuses = [...fuzzer.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.info(
    `fuzz: ${fuzzer.requests} requests over ${fuzzer.operations.length} operations, seed ${seed}, runs ${runs}, ${seconds} s (${statuses.join(' ')})`,
  );
});

describe('fuzzing every route of the OpenAPI document', () => {
  it('the document lists every /api route the app serves', () => {
    const documented = new Set(fuzzer.operations.map(operationKey));
    const served = ctx.app.routeAccess
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
    expect(documented.size).toBe(new Set(served).size);
  });

  it('the uploads are documented as multipart bodies, so they are fuzzed with files', () => {
    const uploads = fuzzer.operations.filter((o) => o.multipart).map(operationKey);
    expect(uploads).toEqual(
      expect.arrayContaining(['POST /api/quickbill/settings/logo', 'POST /api/wiki/entries/{id}/files']),
    );
  });

  for (const op of fuzzer.operations.filter((o) => !only || operationKey(o) === only)) {
    it(operationKey(op), { timeout: 600_000 }, async () => {
      const failures = await fuzzer.fuzzOperation(op, { seed, runs });
      for (const failure of failures) console.error(`\nFUZZ FAILURE\n${failure.report}\n`);
      expect(failures.map((f) => f.report)).toEqual([]);
    });
  }
});
