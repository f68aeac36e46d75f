import '@butler/contract/zod-german';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { createDatabase } from '../src/db/client.js';
import { EmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { readEnv } from '../src/env.js';
import { todayVienna } from '../src/lib/clock.js';
import { EVERY_CUSTOMER } from '../src/lib/customer-scope.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type LoadCall, printLoadTable, runConcurrentBench } from './concurrent.js';
import { BENCH_SIZES, benchSizes, generateBenchData } from './generate.js';
import { measure, printInformational, printTable, type Timing } from './measure.js';
import { writeThroughput } from './write-throughput.js';

/**
 * `npm run bench`: a fresh embedded PostgreSQL in a temporary DATA_DIR, ten years of data
 * (generate.ts), the app on a free loopback port, then p50/p95/p99 of the four dashboard
 * calls over HTTP one at a time, then the hot calls under 20 and 100 concurrent connections
 * (concurrent.ts). Options: --requests=N (default 300), --seconds=N per concurrent run
 * (default 1), --rounds=N of concurrent runs (default 3), --explain (print query plans); last,
 * write throughput with 1 and 16 concurrent writers (write-throughput.ts).
 * BENCH_DATA_DIR=<dir> keeps the generated database there and reuses it on the next run
 * (for working on queries); without it everything lives in a temporary folder.
 * --only=<text> measures only the one-at-a-time calls whose name contains the text (case-
 * insensitive, e.g. `--only=invoices`) and skips the concurrent part and the write throughput
 * (which adds rows); `--only=none` just generates (or reuses) the data and prints its size.
 * After the one-at-a-time table it prints, without a target, the first answer after a write
 * (the answer caches emptied before each call; `--only=after` measures just that).
 */
const TARGET_P95_MS = 50;
const PASSWORD = 'Bench-Passwort-1';

/** `--name=value` or `--name value`. */
function option(name: string): string | undefined {
  const args = process.argv;
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.split('=')[1];
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main() {
  const requests = Number(option('requests') ?? 300);
  const scale = Number(option('scale') ?? 1);
  if (!Number.isInteger(scale) || scale < 1 || scale > 20) throw new Error('--scale must be a whole number 1–20');
  const database = scale === 1 ? 'butler_bench' : `butler_bench_x${scale}`;
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ? path.resolve(keep) : await fs.mkdtemp(path.join(os.tmpdir(), 'butler-bench-'));
  const embedded = new EmbeddedPostgres({ dataDir });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let db: ReturnType<typeof createDatabase> | undefined;
  try {
    const base = await embedded.start();
    const admin = new pg.Client(base);
    await admin.connect();
    const version = (await admin.query('SHOW server_version')).rows[0].server_version;
    const reuse = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 1;
    if (!reuse) await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    db = createDatabase({ ...base, database }, () => {});
    await migrateDatabase(db);

    const today = todayVienna();
    let started = performance.now();
    if (!reuse) {
      const hash = await hashPassword(PASSWORD);
      await generateBenchData(db, hash, today, scale);
      await db.execute(sql`INSERT INTO admins (username, password_hash) VALUES ('bench', ${hash})`);
    }
    const generation = (performance.now() - started) / 1000;
    const counts = (
      await db.execute(sql`SELECT (SELECT count(*) FROM customers) AS customers, (SELECT count(*) FROM time_entries) AS entries,
        (SELECT count(*) FROM subscriptions) AS subscriptions, (SELECT count(*) FROM hour_packages) AS packages,
        (SELECT count(*) FROM invoices) AS invoices, pg_size_pretty(pg_database_size(current_database())) AS size`)
    ).rows[0] as Record<string, number>;
    const how = reuse ? `reused from ${dataDir}` : `generated in ${generation.toFixed(1)} s`;
    const n = (v: number) => Number(v).toLocaleString('de-AT');
    console.log(
      `PostgreSQL ${version}, scale ${scale}: ${n(counts.customers)} customers, ${n(counts.subscriptions)} subscriptions, ${n(counts.packages)} hour packages, ${n(counts.entries)} time entries, ${n(counts.invoices)} invoices ${how}; database size ${counts.size} (today ${today})`,
    );

    const env = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' });
    app = await buildApp({ db, env });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = async (email: string, user_type: string) => {
      const res = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, user_type }),
      });
      if (!res.ok) throw new Error(`login ${email} failed: ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    };
    const adminToken = await login('bench', 'admin');
    const customerToken = await login('kunde42@bench.example.at', 'customer');

    // Repeatable spread over customers, subscriptions and months (a small LCG).
    const pick = (i: number, mod: number) => ((i * 7919 + 13) % mod) + 1;
    const subscriptionIds = (await db.execute(sql`SELECT id FROM subscriptions ORDER BY id`)).rows.map(
      (r: any) => r.id,
    );
    const firstYear = Number(today.slice(0, 4)) - (BENCH_SIZES.years - 1);
    const customerCount = benchSizes(scale).customers;
    const options = { warmup: 20, requests };
    const only = option('only')?.toLowerCase();
    started = performance.now();
    const results: Timing[] = [];
    const wanted = (name: string) => only === undefined || name.toLowerCase().includes(only);
    if (wanted('GET /api/customers/:id/dashboard (admin)'))
      results.push(
        await measure(
          'GET /api/customers/:id/dashboard (admin)',
          (i) => `${origin}/api/customers/${pick(i, customerCount)}/dashboard`,
          adminToken,
          options,
        ),
      );
    if (wanted('GET /api/customers/42/dashboard (customer)'))
      results.push(
        await measure(
          'GET /api/customers/42/dashboard (customer)',
          () => `${origin}/api/customers/42/dashboard`,
          customerToken,
          options,
        ),
      );
    if (wanted('GET /api/subscriptions/:id/history'))
      results.push(
        await measure(
          'GET /api/subscriptions/:id/history',
          (i) => `${origin}/api/subscriptions/${subscriptionIds[pick(i, subscriptionIds.length) - 1]}/history`,
          adminToken,
          options,
        ),
      );
    if (wanted('GET /api/admin/dashboard-stats'))
      results.push(
        await measure(
          'GET /api/admin/dashboard-stats',
          () => `${origin}/api/admin/dashboard-stats`,
          adminToken,
          options,
        ),
      );
    // The monthly view as its screen asks for it: one page of 48 cards (decision 0404), spread
    // over 60 months and the first five pages, so every call of a new month and page misses.
    if (wanted('GET /api/admin/customers-monthly/:year/:month?page=…'))
      results.push(
        await measure(
          'GET /api/admin/customers-monthly/:year/:month?page=…',
          (i) =>
            `${origin}/api/admin/customers-monthly/${firstYear + (pick(i, 10) - 1)}/${pick(i, 12)}?page=${pick(i, 5)}`,
          adminToken,
          options,
        ),
      );
    // Lists and searches: pages spread over the first 40, searches over names and numbers.
    const lists: Array<[string, (i: number) => string]> = [
      ['GET /api/customers?search=… (name)', (i) => `/api/customers?search=Kunde%20${pick(i, 999)}`],
      ['GET /api/customers?page=…', (i) => `/api/customers?page=${pick(i, 40)}`],
      ['GET /api/time-entries?page=…', (i) => `/api/time-entries?page=${pick(i, 40)}`],
      ['GET /api/time-entries?customer_id=…', (i) => `/api/time-entries?customer_id=${pick(i, customerCount)}`],
      ['GET /api/quickbill/invoices?page=…', (i) => `/api/quickbill/invoices?page=${pick(i, 40)}`],
      [
        'GET /api/quickbill/invoices?search=… (number)',
        (i) => `/api/quickbill/invoices?search=${firstYear + (i % 10)}-00${pick(i, 90)}`,
      ],
      ['GET /api/quickbill/invoices?status=overdue', () => '/api/quickbill/invoices?status=overdue'],
      ['GET /api/quickbill/invoices/dashboard', () => '/api/quickbill/invoices/dashboard'],
      // The admin overview's two lists (decision 0405).
      ['GET /api/admin/low-balances?page=…', (i) => `/api/admin/low-balances?page=${pick(i, 3)}`],
      ['GET /api/admin/expiring-subscriptions?page=…', (i) => `/api/admin/expiring-subscriptions?page=${pick(i, 3)}`],
    ];
    for (const [name, path] of lists.filter(([name]) => wanted(name))) {
      results.push(await measure(name, (i) => `${origin}${path(i)}`, adminToken, options));
    }
    printTable(results, TARGET_P95_MS);

    // The cached answers above are exact until the next write (decision 0127). What the
    // first visitor after a booking waits for: every call preceded by a data_version bump,
    // which empties the answer caches as a write would. No target; printed for reading the
    // table above (decision 0403).
    const afterWrite: Timing[] = [];
    if (wanted('after a write')) {
      const emptyCaches = () => db!.execute(sql`UPDATE data_version SET version = version + 1 WHERE id = 1`);
      const firstAnswer = { warmup: 2, requests: 20, before: emptyCaches };
      const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
      const calls: Array<[name: string, path: string, token: string]> = [
        ['GET /api/admin/dashboard-stats', '/api/admin/dashboard-stats', adminToken],
        [
          'GET /api/admin/customers-monthly (this month, page 1)',
          `/api/admin/customers-monthly/${year}/${month}`,
          adminToken,
        ],
        ['GET /api/admin/low-balances', '/api/admin/low-balances', adminToken],
        ['GET /api/customers/42/dashboard (customer)', '/api/customers/42/dashboard', customerToken],
      ];
      for (const [name, path, token] of calls)
        afterWrite.push(await measure(name, () => `${origin}${path}`, token, firstAnswer));
      printInformational('First answer after a write (answer caches emptied before each call; no target):', afterWrite);
    }

    const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 1);
    const loadCalls: LoadCall[] = [
      {
        name: 'GET /api/admin/dashboard-stats (cached)',
        path: '/api/admin/dashboard-stats',
        token: adminToken,
        minShare: 0.5,
      },
      {
        name: 'GET /api/customers/42/subscription',
        path: '/api/customers/42/subscription',
        token: customerToken,
        minShare: 0.3,
      },
      { name: 'GET /api/customers/42/qr-code', path: '/api/customers/42/qr-code', token: customerToken, minShare: 0.3 },
      {
        name: 'GET /api/customers/42/dashboard (lounge)',
        path: '/api/customers/42/dashboard',
        token: customerToken,
        minShare: 0.1,
        maxP99At20: TARGET_P95_MS,
      },
    ];
    const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 3);
    const load =
      only === undefined
        ? await runConcurrentBench(origin, loadCalls, { connections: [20, 100], seconds, rounds })
        : [];
    if (only === undefined) printLoadTable(load);
    const cpus = os.cpus();
    console.log(
      `\n${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; measuring took ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (only === undefined) await writeThroughput({ ...base, database });
    if (process.argv.includes('--explain')) await explain(db, today);
    const failed = [
      ...results.filter((r) => r.p95 > TARGET_P95_MS).map((r) => `${r.name}: p95 ${r.p95.toFixed(1)} ms`),
      ...load.filter((r) => !r.pass).map((r) => `${r.name} at ${r.connections} connections: ${r.verdict.join(', ')}`),
    ];
    if (only !== undefined)
      console.log(`\nOnly calls matching "${only}"; concurrent part and write throughput skipped.`);
    const verdict =
      results.length === 0 && afterWrite.length === 0 && only !== undefined
        ? '\nNothing measured.'
        : '\nAll targets met.';
    console.log(failed.length === 0 ? verdict : `\nMissed targets:\n  ${failed.join('\n  ')}`);
    process.exitCode = failed.length === 0 ? 0 : 1;
  } finally {
    await app?.close().catch(() => {});
    await db?.$client.end().catch(() => {});
    await embedded.stop();
    if (!keep) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints the plans of the aggregation queries (used to decide about indexes). */
async function explain(db: ReturnType<typeof createDatabase>, today: string) {
  const { dashboardHourStats } = await import('../src/modules/hour-accounting/admin-figures.repo.js');
  const { customersMonthlyPage } = await import('../src/modules/hour-accounting/monthly-figures.js');
  const { subscriptionBalances } = await import('../src/modules/hour-accounting/customer-hours.repo.js');
  const original = db.execute.bind(db);
  (db as any).execute = async (query: any) => {
    const plan = await original(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
    console.log(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'), '\n');
    return original(query);
  };
  await dashboardHourStats(db, today, EVERY_CUSTOMER);
  await customersMonthlyPage(db, Number(today.slice(0, 4)), Number(today.slice(5, 7)), { limit: 48, offset: 0 });
  await subscriptionBalances(db, 42, today);
  (db as any).execute = original;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
