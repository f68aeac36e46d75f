import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../test-app.js';
import { type Digest, digestDifference, TableDigest } from './digest.js';
import { type Operation, operationKey, operationsFrom } from './operations.js';
import { Oracle } from './oracle.js';
import { permits } from './permits.js';
import type { FuzzRequest } from './request-shape.js';
import { requestArbitrary, toInject } from './requests.js';
import { PRINCIPALS, type Principal, World } from './world.js';

export type FuzzOptions = {
  /** fast-check seed of the whole run; each operation derives its own from it. */
  seed: number;
  /** Requests per operation and principal that may call it (others: one). */
  runs: number;
};

export type Failure = { operation: string; principal: Principal; seed: number; path: string; report: string };

/** Long values shortened so a report stays readable (the 10,000-character strings). */
const shorten = (text: string) => (text.length > 240 ? `${text.slice(0, 120)}…[${text.length} characters]` : text);

/** The concrete request as a developer pastes it into a regression test (ids resolved). */
const describeRequest = (op: Operation, request: FuzzRequest, world: World) => {
  const sent = toInject(op, request, world);
  const payload = Buffer.isBuffer(sent.payload)
    ? `<multipart ${sent.payload.length} bytes: ${shorten(sent.payload.toString('latin1'))}>`
    : sent.payload === undefined
      ? undefined
      : shorten(String(sent.payload));
  const headers = { ...sent.headers, authorization: undefined };
  return JSON.stringify(
    { principal: request.principal, method: sent.method, url: shorten(sent.url), headers, payload },
    null,
    2,
  );
};

/** A per-operation seed, stable while the list of operations changes elsewhere. */
function seedFor(base: number, key: string): number {
  let hash = base | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

const changes = (method: string) => method !== 'GET';

/** Principals tied to one of the two customers, and the other customer, whose rows they must never move. */
const GUARDED: Partial<Record<Principal, { who: string; other: 'A' | 'B' }>> = {
  customerA: { who: 'customer A', other: 'B' },
  customerB: { who: 'customer B', other: 'A' },
  butler: { who: 'butler (looks after A only)', other: 'B' },
};

/** Whom a route lets in: they get the full budget; the others one request (401/403 and its shape). */
const mayCall = (op: Operation, principal: Principal) => permits(op.access, principal);

/** The fuzzer: a seeded world, the operations of the OpenAPI document, the oracle. */
export class Fuzzer {
  readonly world: World;
  readonly oracle: Oracle;
  operations: Operation[] = [];
  requests = 0;
  /** Answers by status, for the summary line. */
  readonly statuses = new Map<number, number>();
  private digest!: TableDigest;
  private tables: string[] = [];
  private current: Digest | null = null;

  constructor(private readonly ctx: TestContext) {
    this.world = new World(ctx);
    this.oracle = new Oracle(this.world);
  }

  async setup() {
    this.operations = operationsFrom(this.ctx.app.swagger() as any, this.ctx.app.routeAccess);
    await this.world.seed();
    this.digest = await TableDigest.install(this.ctx);
    this.tables = [...this.world.pools.keys()];
  }

  /** Sends one request and returns what is wrong with the answer (empty: nothing). */
  async probe(op: Operation, request: FuzzRequest): Promise<{ problems: string[]; res: LightMyRequestResponse }> {
    this.current ??= await this.digest.current();
    const before = this.current;
    const sent = toInject(op, request, this.world);
    // Whoever may touch one customer's rows must move nothing of the other's: a customer
    // writing another customer's data (decision 0382), the Butler writing data of a customer they do
    // not look after (decision 0540). Customers are watched on every request, the Butler on writes.
    const guarded = GUARDED[request.principal];
    const watch = guarded !== undefined && (request.principal !== 'butler' || changes(op.method));
    const ofOther = watch ? await this.world.ownedDigest(guarded.other) : '';
    const res = await this.ctx.app.inject(sent);
    this.requests += 1;
    this.statuses.set(res.statusCode, (this.statuses.get(res.statusCode) ?? 0) + 1);
    if (process.env.FUZZ_DEBUG) {
      console.info(
        res.statusCode,
        sent.method,
        sent.url.slice(0, 150),
        String(sent.payload ?? '').slice(0, 200),
        res.body.slice(0, 150),
      );
    }
    const problems = this.oracle.check(op, request.principal, res, sent.url);
    problems.push(...(await this.oracle.leaks(request.principal, res)));
    if (watch && res.statusCode < 400 && (await this.world.ownedDigest(guarded.other)) !== ofOther) {
      problems.push(`${guarded.who}'s ${res.statusCode} changed rows of customer ${guarded.other}`);
    }
    const after = await this.digest.current();
    this.current = after;
    if (res.statusCode >= 400) {
      const changed = digestDifference(before, after);
      if (changed.length > 0) problems.push(`${res.statusCode} but changed ${changed.join(', ')}`);
    } else if (changes(op.method) && digestDifference(before, after).length > 0) {
      // Ids, owners and sessions may have moved: read them again, bring principals back.
      await this.world.repair(false);
      this.current = await this.digest.current();
    }
    return { problems, res };
  }

  /**
   * All principals against one operation. Returns the failures (fast-check shrinks each
   * to a small request); the world is repaired and replenished afterwards.
   */
  async fuzzOperation(op: Operation, options: FuzzOptions, only?: Principal[]): Promise<Failure[]> {
    const failures: Failure[] = [];
    // The running sums must agree with the rows themselves, or the checks below see nothing.
    const [kept, counted] = [await this.digest.current(), await this.digest.full()];
    const drifted = digestDifference(kept, counted).filter((t) => t !== 'DATA_DIR files');
    if (drifted.length > 0) {
      failures.push({
        operation: operationKey(op),
        principal: 'admin',
        seed: options.seed,
        path: '',
        report: `the digest's running sums no longer match the rows of ${drifted.join(', ')}: a change went past its triggers`,
      });
    }
    await this.digest.compact();
    for (const principal of only ?? PRINCIPALS) {
      // The Butler and Buchhaltung call what the Inhaber calls, with fewer hostile values
      // each: their runs are about whose rows they reach (decision 0540), the values the admin's.
      const budget = principal === 'butler' || principal === 'accounting' ? Math.ceil(options.runs / 3) : options.runs;
      const numRuns = mayCall(op, principal) ? budget : 1;
      const seed = seedFor(options.seed, `${operationKey(op)} ${principal}`);
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(op, principal, this.tables), async (request) => {
          const { problems, res } = await this.probe(op, request);
          if (problems.length > 0) {
            throw new Error(`${problems.join('\n')}\nanswer: ${res.statusCode} ${shorten(res.body)}`);
          }
        }),
        { seed, numRuns, endOnFailure: false, maxSkipsPerRun: 0 },
      );
      if (result.failed && result.counterexample) {
        const [request] = result.counterexample;
        failures.push({
          operation: operationKey(op),
          principal,
          seed,
          path: result.counterexamplePath ?? '',
          report: [
            `${operationKey(op)} as ${principal} (seed ${seed}, path ${result.counterexamplePath})`,
            String((result.errorInstance as Error)?.message ?? result.errorInstance),
            `request: ${describeRequest(op, request, this.world)}`,
          ].join('\n'),
        });
      }
    }
    await this.world.repair(true);
    this.current = null;
    return failures;
  }
}
