import autocannon from 'autocannon';
import { measure, type Timing } from './measure.js';

/**
 * The mixed phase of `npm run bench` (decision 0560): a day as it looks, not one
 * unchanged answer asked for again and again. A writer books a time entry every
 * `1 / writesPerSecond` s through the API (as staff do) for customers all over the data, every
 * fourth one for a customer who is reading; meanwhile
 * 1. 40+ customers read their lounges over 20 connections (autocannon in a worker thread),
 *    between /api/health runs of the same length under the same writes: share and p99;
 * 2. the admin figures, the monthly view and the customer list are asked one at a time: p95;
 * 3. right after a booking commits, the first answer of the admin figures, the monthly view,
 *    the low balances and the booked customer's lounge: p95 (what the first visitor waits for).
 * Targets: lounge ≥ 30 % of /api/health, p99 ≤ 50 ms, no errors; p95 ≤ 50 ms for 2 and 3.
 */

export type Reader = { customerId: number; token: string; projectId: number; billingType: 'abos' | 'stundenpakete' };
export type MixedOptions = {
  origin: string;
  adminToken: string;
  readers: Reader[];
  /** A customer to book for, with a project of theirs, by index (spread over all customers). */
  anyCustomer: (i: number) => Omit<Reader, 'token'>;
  today: string;
  seconds: number;
  rounds: number;
  requests: number;
  writesPerSecond: number;
};
export type MixedRow = { name: string; figure: string; verdict: string; pass: boolean };

export const MIXED_ACTIVITY = 'bench-mixed';
const TARGET_MS = 50;
const MIN_SHARE = 0.3;

/** Books one entry through the API; throws on anything but 201. */
async function book(origin: string, adminToken: string, who: Omit<Reader, 'token'>, today: string) {
  const res = await fetch(`${origin}/api/customers/${who.customerId}/time-entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      project_id: who.projectId,
      hours: 0.25,
      activity_description: MIXED_ACTIVITY,
      work_date: today,
      billing_type: who.billingType,
    }),
  });
  if (res.status !== 201) throw new Error(`booking for ${who.customerId}: ${res.status} ${await res.text()}`);
}

/** A writer at a steady rate until stopped; counts bookings and failures. */
function startWriter(o: MixedOptions) {
  let stopped = false;
  const stats = { booked: 0, errors: 0, lastError: '' };
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const started = performance.now();
      const who = i % 4 === 3 ? o.readers[(i >> 2) % o.readers.length] : o.anyCustomer(i);
      try {
        await book(o.origin, o.adminToken, who, o.today);
        stats.booked++;
      } catch (error) {
        stats.errors++;
        stats.lastError = String(error);
      }
      const wait = 1000 / o.writesPerSecond - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    stats,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

type Run = { rps: number; p99: number; errors: number };

async function load(origin: string, requests: autocannon.Request[], seconds: number): Promise<Run> {
  const result = await autocannon({
    url: origin,
    connections: 20,
    duration: seconds,
    workers: 1,
    timeout: 10,
    requests,
  });
  return {
    rps: result.requests.total / (result.duration || seconds),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function runMixedPhase(o: MixedOptions): Promise<MixedRow[]> {
  const rows: MixedRow[] = [];
  const lounges: autocannon.Request[] = o.readers.map((r) => ({
    method: 'GET',
    path: `/api/customers/${r.customerId}/dashboard`,
    headers: { authorization: `Bearer ${r.token}` },
  }));
  const health: autocannon.Request[] = [{ method: 'GET', path: '/api/health' }];
  // Warm-up: every lounge computed once, JIT and pools warm.
  await load(o.origin, lounges, 1);

  const writer = startWriter(o);
  try {
    // 1. Lounges of many customers under the writes, each run between two health runs.
    const shares: number[] = [];
    const p99s: number[] = [];
    let loungeErrors = 0;
    let healthRps: number[] = [];
    let before = await load(o.origin, health, o.seconds);
    healthRps.push(before.rps);
    const loungeRps: number[] = [];
    for (let round = 0; round < o.rounds; round++) {
      const run = await load(o.origin, lounges, o.seconds);
      const after = await load(o.origin, health, o.seconds);
      healthRps.push(after.rps);
      shares.push(run.rps / ((before.rps + after.rps) / 2));
      p99s.push(run.p99);
      loungeRps.push(run.rps);
      loungeErrors += run.errors;
      before = after;
    }
    const share = median(shares);
    const p99 = median(p99s);
    const name = `lounges of ${o.readers.length} customers, 20 connections`;
    rows.push({
      name: `GET /api/health (same writes, 20 connections)`,
      figure: `${median(healthRps).toFixed(0)} req/s`,
      verdict: '(reference)',
      pass: true,
    });
    rows.push({
      name,
      figure: `${median(loungeRps).toFixed(0)} req/s, share ${(share * 100).toFixed(0)} %, p99 ${p99.toFixed(0)} ms, errors ${loungeErrors}`,
      verdict: `share ≥ ${MIN_SHARE * 100} % ${share >= MIN_SHARE ? 'PASS' : 'FAIL'}, p99 ≤ ${TARGET_MS} ms ${p99 <= TARGET_MS ? 'PASS' : 'FAIL'}, no errors ${loungeErrors === 0 ? 'PASS' : 'FAIL'}`,
      pass: share >= MIN_SHARE && p99 <= TARGET_MS && loungeErrors === 0,
    });
    healthRps = [];

    // 2. Admin screens one at a time under the same writes.
    const [year, month] = [Number(o.today.slice(0, 4)), Number(o.today.slice(5, 7))];
    const options = { warmup: 5, requests: o.requests };
    const admin: Timing[] = [
      await measure(
        'GET /api/admin/dashboard-stats',
        () => `${o.origin}/api/admin/dashboard-stats`,
        o.adminToken,
        options,
      ),
      await measure(
        'GET /api/admin/customers-monthly (last 12 months, pages 1–3)',
        (i) => {
          const back = i % 12;
          const m = ((month - 1 - back + 120) % 12) + 1;
          const y = year - (back >= month ? 1 : 0);
          return `${o.origin}/api/admin/customers-monthly/${y}/${m}?page=${1 + (i % 3)}`;
        },
        o.adminToken,
        options,
      ),
      await measure(
        'GET /api/customers?page=…',
        (i) => `${o.origin}/api/customers?page=${1 + (i % 20)}`,
        o.adminToken,
        options,
      ),
    ];
    for (const t of admin) rows.push(timingRow(`${t.name} (under writes)`, t));
  } finally {
    await writer.stop();
  }

  // 3. The first answer right after a booking committed (the booking's own time not counted).
  const [year, month] = [Number(o.today.slice(0, 4)), Number(o.today.slice(5, 7))];
  const reader = o.readers[0];
  const after = { warmup: 2, requests: 20, before: () => book(o.origin, o.adminToken, reader, o.today) };
  const firsts: Array<[string, string, string]> = [
    ['GET /api/admin/dashboard-stats', '/api/admin/dashboard-stats', o.adminToken],
    [
      'GET /api/admin/customers-monthly (this month, page 1)',
      `/api/admin/customers-monthly/${year}/${month}`,
      o.adminToken,
    ],
    ['GET /api/admin/low-balances', '/api/admin/low-balances', o.adminToken],
    [
      'GET /api/customers/:id/dashboard (the booked customer)',
      `/api/customers/${reader.customerId}/dashboard`,
      reader.token,
    ],
  ];
  for (const [name, path, token] of firsts) {
    rows.push(
      timingRow(`${name} (first after a booking)`, await measure(name, () => `${o.origin}${path}`, token, after)),
    );
  }
  rows.push({
    name: `writer: ${o.writesPerSecond} bookings/s through the API`,
    figure: `${writer.stats.booked} booked, ${writer.stats.errors} failed`,
    verdict: `no errors ${writer.stats.errors === 0 ? 'PASS' : `FAIL (${writer.stats.lastError.slice(0, 120)})`}`,
    pass: writer.stats.errors === 0,
  });
  return rows;
}

function timingRow(name: string, t: Timing): MixedRow {
  const pass = t.p95 <= TARGET_MS;
  return {
    name,
    figure: `n ${t.requests}, p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, max ${t.max.toFixed(1)} ms`,
    verdict: `p95 ≤ ${TARGET_MS} ms ${pass ? 'PASS' : 'FAIL'}`,
    pass,
  };
}

export function printMixedTable(rows: MixedRow[]) {
  const width = Math.max(...rows.map((r) => r.name.length));
  const figures = Math.max(...rows.map((r) => r.figure.length));
  console.log('\nMixed phase: lounges and admin screens while a writer books (decision 0560):');
  console.log('-'.repeat(width + figures + 40));
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.figure.padEnd(figures)}  ${r.verdict}`);
}
