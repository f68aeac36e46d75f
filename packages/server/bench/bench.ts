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
import { addDays } from '../src/domain/calendar.js';
import { readEnv } from '../src/env.js';
import { todayVienna } from '../src/lib/clock.js';
import { EVERY_CUSTOMER } from '../src/lib/customer-scope.js';
import { hashPassword } from '../src/lib/passwords.js';
import { verifyHourSummaries } from '../src/modules/hour-accounting/verify-summaries.js';
import { type LoadCall, printLoadTable, runConcurrentBench } from './concurrent.js';
import { BENCH_SIZES, benchSizes, generateBenchData, generateHourOrders } from './generate.js';
import { measure, printTable, type Timing } from './measure.js';
import { MIXED_ACTIVITY, type MixedRow, printMixedTable, type Reader, runMixedPhase } from './mixed.js';
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
 * After the one-at-a-time table comes the mixed phase (mixed.ts: lounges of 48 customers, the
 * admin screens and the first answer after a booking, while a writer books 2 entries a second;
 * `--only=mixed` runs just that, `--mixed-seconds=N` per run). Last, the hour summaries are
 * compared with a recomputation from the ledger.
 */
const TARGET_P95_MS = 50;
/** A Kalender-Abo, as a calendar app fetches it (decision 0841). */
const FEED_TARGET_P95_MS = 1000;
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
      await db.execute(sql`INSERT INTO admins (username, password_hash, role) VALUES ('bench', ${hash}, 'owner')`);
    } else if ((await db.execute(sql`SELECT 1 FROM hour_orders LIMIT 1`)).rows.length === 0) {
      // A database kept from before the hour shop (decision 0850) gets its rows now.
      await generateHourOrders(db, today, scale);
      await db.execute(sql`ANALYZE hour_orders`);
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

    const env = readEnv({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_REQUESTS_PER_MINUTE: '1000000',
    });
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
    const orderCount = benchSizes(scale).orders;
    /** A week (Monday to Sunday) within a year around today, spread by the LCG. */
    const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
    const weekOf = (i: number) => {
      const from = addDays(monday, 7 * (pick(i, 103) - 52));
      return `from=${from}&to=${addDays(from, 6)}`;
    };
    const options = { warmup: 20, requests };
    const only = option('only')?.toLowerCase();
    started = performance.now();
    const results: Timing[] = [];
    // The floor: a request with one trivial query, measured in the same run as whatever --only picks
    // (on a loaded machine every row rises with it; compare a row with the floor of its run).
    const FLOOR = 'GET /api/health (floor: one trivial query)';
    const wanted = (name: string) =>
      only === undefined || (name === FLOOR && only !== 'none') || name.toLowerCase().includes(only);
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
      [FLOOR, () => '/api/health'],
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
      // The top bar's search (decision 0650): a name, an invoice number, an activity, a word in
      // every activity (the newest five of 250,000 × scale) and a two-character term.
      ['GET /api/search?q=… (customer name)', (i) => `/api/search?q=Kunde%20${pick(i, 999)}`],
      ['GET /api/search?q=… (invoice number)', (i) => `/api/search?q=${firstYear + (i % 10)}-00${pick(i, 90)}`],
      ['GET /api/search?q=… (activity)', (i) => `/api/search?q=Nummer%20${pick(i, 99_999)}`],
      ['GET /api/search?q=… (wiki title)', (i) => `/api/search?q=WLAN%20${pick(i, customerCount)}`],
      ['GET /api/search?q=Tätigkeit (every entry)', () => `/api/search?q=T%C3%A4tigkeit`],
      ['GET /api/search?q=… (two characters)', (i) => `/api/search?q=${['Ku', 'xq', 'Sc', '20'][i % 4]}`],
      // The overview's charts (decision 0651): hours cached by data version, money from a year of
      // invoices and payments on every call.
      ['GET /api/admin/overview-charts', () => '/api/admin/overview-charts'],
      // Buchhaltung (decisions 0822, 0823): the kept handovers, and this and last year's
      // turnover against the Kleinunternehmer limit (a year of invoices summed on every call).
      ['GET /api/accounting/handovers', () => '/api/accounting/handovers'],
      ['GET /api/accounting/small-business-limit', () => '/api/accounting/small-business-limit'],
      // The admin overview's two lists (decision 0405).
      ['GET /api/admin/low-balances?page=…', (i) => `/api/admin/low-balances?page=${pick(i, 3)}`],
      ['GET /api/admin/expiring-subscriptions?page=…', (i) => `/api/admin/expiring-subscriptions?page=${pick(i, 3)}`],
      // Aufträge (decision 0810): the inbox as it opens (open ones), filtered, searched, its counts, and
      // one Auftrag with its thread, spread over all of them.
      ['GET /api/orders?state=open&page=… (inbox)', (i) => `/api/orders?state=open&page=${pick(i, 40)}`],
      ['GET /api/orders?page=… (all)', (i) => `/api/orders?page=${pick(i, 40)}`],
      ['GET /api/orders?due=overdue', () => '/api/orders?due=overdue'],
      ['GET /api/orders?state=approval', () => '/api/orders?state=approval'],
      ['GET /api/orders?q=… (title)', (i) => `/api/orders?q=Auftrag%20Nummer%20${pick(i, 99_999)}`],
      ['GET /api/orders?q=A-… (number)', (i) => `/api/orders?q=A-${pick(i, orderCount)}`],
      ['GET /api/orders/counts', () => '/api/orders/counts'],
      ['GET /api/orders/:id (with thread)', (i) => `/api/orders/${pick(i, orderCount)}`],
      // Termine (decisions 0840, 0841): the team's week as the calendar opens it (this week and
      // the 51 before and after), one Butler's week, the open wishes, a customer's Fahrten.
      ['GET /api/visits?from=…&to=… (team week)', (i) => `/api/visits?${weekOf(i)}`],
      [
        "GET /api/visits?…&butler_id=… (one Butler's week)",
        (i) => `/api/visits?${weekOf(i)}&butler_id=${pick(i, benchSizes(scale).butlers)}`,
      ],
      ['GET /api/visit-requests (open wishes)', () => '/api/visit-requests'],
      ['GET /api/customers/:id/trips', (i) => `/api/customers/${pick(i, customerCount)}/trips`],
      // Stunden nachkaufen (decision 0850): the office's waiting orders, their count, and a state's list.
      ['GET /api/hour-orders (waiting)', () => '/api/hour-orders'],
      ['GET /api/hour-orders?state=awaiting_payment', () => '/api/hour-orders?state=awaiting_payment'],
      ['GET /api/hour-orders/count', () => '/api/hour-orders/count'],
    ];
    for (const [name, path] of lists.filter(([name]) => wanted(name))) {
      results.push(await measure(name, (i) => `${origin}${path(i)}`, adminToken, options));
    }
    // The lounge's Aufträge: customer 42's own list and one of their Aufträge with its thread.
    if (wanted('GET /api/customers/42/orders (lounge)'))
      results.push(
        await measure(
          'GET /api/customers/42/orders (lounge)',
          () => `${origin}/api/customers/42/orders`,
          customerToken,
          options,
        ),
      );
    if (wanted('GET /api/orders/:id (lounge, own)'))
      results.push(
        await measure(
          'GET /api/orders/:id (lounge, own)',
          (i) => `${origin}/api/orders/${41 + customerCount * pick(i, 19)}`,
          customerToken,
          options,
        ),
      );
    // The lounge's next visits and Fahrten.
    if (wanted('GET /api/customers/42/visits (lounge)'))
      results.push(
        await measure(
          'GET /api/customers/42/visits (lounge)',
          () => `${origin}/api/customers/42/visits`,
          customerToken,
          options,
        ),
      );
    // The lounge's other counters (decisions 0851–0853): the ButlerPaket wish, the months to
    // confirm (with the Monatsfreigabe on for the last twelve months, its realistic state) and
    // the online mandate; the office's open Rückfragen.
    const counters = [
      'GET /api/customers/42/package-change (lounge)',
      'GET /api/customers/42/months (lounge)',
      'GET /api/customers/42/mandate-online (lounge)',
    ];
    if (counters.some(wanted) || wanted('GET /api/month-questions (open)')) {
      const first = new Date(`${today}T12:00:00Z`);
      first.setUTCMonth(first.getUTCMonth() - 12);
      const on = await fetch(`${origin}/api/settings/month-confirmations`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          mode: 'optional',
          auto_confirm_days: 14,
          starts_month: first.toISOString().slice(0, 7),
        }),
      });
      if (!on.ok) throw new Error(`bench: Monatsfreigabe not switched on (${on.status} ${await on.text()})`);
    }
    for (const name of counters.filter(wanted)) {
      const path = name.split(' ')[1];
      results.push(await measure(name, () => `${origin}${path}`, customerToken, options));
    }
    if (wanted('GET /api/month-questions (open)'))
      results.push(
        await measure('GET /api/month-questions (open)', () => `${origin}/api/month-questions`, adminToken, options),
      );
    // The lounge's counter: the offers priced as the invoice, the customer's orders, today's count.
    if (wanted('GET /api/customers/42/hour-shop (lounge)'))
      results.push(
        await measure(
          'GET /api/customers/42/hour-shop (lounge)',
          () => `${origin}/api/customers/42/hour-shop`,
          customerToken,
          options,
        ),
      );
    printTable(results, TARGET_P95_MS);
    // A Kalender-Abo is fetched by a calendar app in the background, every few minutes to hours:
    // a target of its own, not a screen's (decision 0841).
    const background: Timing[] = [];
    if (wanted("GET /api/calendar/….ics (a Butler's feed)")) {
      const butlerToken = await login('butler1', 'admin');
      const feed = await fetch(`${origin}/api/calendar-feeds/own`, {
        method: 'POST',
        headers: { authorization: `Bearer ${butlerToken}` },
      });
      const { url } = (await feed.json()) as { url: string };
      const path = new URL(url).pathname;
      background.push(
        await measure("GET /api/calendar/….ics (a Butler's feed)", () => `${origin}${path}`, null, options),
      );
    }
    if (background.length) {
      console.log('\nCalendar apps (fetched in the background):');
      printTable(background, FEED_TARGET_P95_MS);
    }

    // The mixed phase (decision 0560): 48 customers read their lounges while a writer books
    // 2 entries a second; the admin screens and the first answer after a booking under it.
    let mixed: MixedRow[] = [];
    if (only === undefined || only === 'mixed') {
      const customerOf = (c: number): Omit<Reader, 'token'> => ({
        customerId: c,
        // Projects 2c − 1 and 2c belong to customer c (generate.ts); any of them takes bookings.
        projectId: 2 * c,
        // Customers c % 5 = 0 have no ButlerPaket, c % 50 = 0 an inactive one (generate.ts).
        billingType: c % 5 !== 0 && c % 50 !== 0 ? 'abos' : 'stundenpakete',
      });
      const readers: Reader[] = [];
      for (let k = 0; k < 48; k++) {
        const c = 1 + Math.floor((k * customerCount) / 48) + (k % 7);
        readers.push({ ...customerOf(c), token: await login(`kunde${c}@bench.example.at`, 'customer') });
      }
      mixed = await runMixedPhase({
        origin,
        adminToken,
        readers,
        anyCustomer: (i) => customerOf(pick(i * 31 + 7, customerCount)),
        today,
        seconds: Number(option('mixed-seconds') ?? 3),
        rounds: Number(option('rounds') ?? 3),
        requests: Math.min(requests, 200),
        writesPerSecond: 2,
      });
      printMixedTable(mixed);
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
    // The bench's bookings go again (a kept database stays as generated), then the hour
    // summaries must still equal a recomputation from the ledger (decision 0560).
    await db.execute(sql`DELETE FROM time_entries WHERE activity_description = ${MIXED_ACTIVITY}`);
    started = performance.now();
    const drift = await verifyHourSummaries(db);
    console.log(
      `\nHour summaries against the ledger after the bench's writes: ${drift.length === 0 ? 'equal PASS' : `${drift.length} rows differ FAIL`} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const failed = [
      ...(drift.length === 0 ? [] : [`hour summaries: ${drift.length} rows differ from the ledger`]),
      ...mixed.filter((r) => !r.pass).map((r) => `${r.name}: ${r.verdict}`),
      ...results.filter((r) => r.p95 > TARGET_P95_MS).map((r) => `${r.name}: p95 ${r.p95.toFixed(1)} ms`),
      ...background.filter((r) => r.p95 > FEED_TARGET_P95_MS).map((r) => `${r.name}: p95 ${r.p95.toFixed(1)} ms`),
      ...load.filter((r) => !r.pass).map((r) => `${r.name} at ${r.connections} connections: ${r.verdict.join(', ')}`),
    ];
    if (only !== undefined)
      console.log(`\nOnly calls matching "${only}"; concurrent part and write throughput skipped.`);
    const verdict =
      results.length === 0 && background.length === 0 && mixed.length === 0 && only !== undefined
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
  const { customersMonthlyPage } = await import('../src/modules/hour-accounting/monthly-figures.service.js');
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
