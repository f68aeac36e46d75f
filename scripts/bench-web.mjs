#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile preset, its own simulated throttling) on the
// customer login and the customer lounge of the real portal in production mode.
//
// It starts `node scripts/start.mjs --demo` (which builds the web app only when
// packages/web/src is newer than the last build) on a free loopback port with a temporary
// DATA_DIR, logs the first demo customer in through the API, and audits each page
// --runs=N times (default 3) in Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
// The lounge needs a session: the web app keeps it in localStorage (SPEC §3), so the bench
// writes it there through puppeteer before each lounge run, the way Lighthouse's own
// recipe for authenticated pages does. Lighthouse still clears the HTTP cache and the
// other storage before every run, so each run is a cold first visit.
// Prints the median of each figure and PASS/FAIL against the targets of docs/performance.md;
// exits non-zero when a target is missed. Decision 0410.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = Object.keys(TARGETS);

function option(name, fallback) {
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const runs = Number(option('runs', 3));
if (!Number.isInteger(runs) || runs < 1 || runs > 15) throw new Error('--runs must be a whole number 1–15');
const reportDir = option('reports');

/** Starts the portal with demo data and answers its address and the demo customer's login. */
async function startPortal(dataDir) {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--demo'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'bench-web-Admin-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const address = output.match(/läuft auf (http:\/\/[\d.]+:\d+)/)?.[1];
      const login = output.match(/Demo-Kunde: (\S+) \/ (\S+)/);
      if (address && login) resolve({ address, email: login[1], password: login[2] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => reject(new Error(`The portal stopped (exit ${code}):\n${output}`)));
  });
  const timeout = setTimeout(() => child.kill('SIGTERM'), 300_000);
  try {
    return { child, ...(await ready) };
  } finally {
    clearTimeout(timeout);
  }
}

async function stopPortal(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function login(address, email, password) {
  const res = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, user_type: 'customer' }),
  });
  if (!res.ok) throw new Error(`Demo login failed: ${res.status} ${await res.text()}`);
  return res.json();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Lighthouse's own failures to record a trace ("Please run Lighthouse again"): seen once as
 * NO_NAVSTART in a bench run here (Chromium 150), now and then in about forty runs. Such a
 * run is repeated, at most twice, and the output says so.
 */
const TRACE_NOT_RECORDED = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const ATTEMPTS = 3;

/** One Lighthouse run; answers the category scores (0–100) and the lab metrics. */
async function audit(page, url) {
  const result = await lighthouse(
    url,
    { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw Object.assign(new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), {
      code: lhr.runtimeError.code,
    });
  const failed = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .filter((a) => !['metrics', 'manual'].includes(a.scoreDisplayMode))
    .map((a) => a.id);
  return {
    lhr,
    json: result.report,
    finalUrl: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)])),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    failed,
  };
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'butler-bench-web-'));
  const loadBefore = os.loadavg();
  let portal;
  let chrome;
  let browser;
  try {
    const started = performance.now();
    portal = await startPortal(dataDir);
    console.log(`Portal with demo data on ${portal.address} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const session = await login(portal.address, portal.email, portal.password);

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const version = await browser.version();
    const page = await browser.newPage();

    const pages = [
      { name: 'Kunden-Login', path: '/', session: false, expect: '/' },
      { name: 'Lounge', path: '/customer/dashboard', session: true, expect: '/customer/dashboard' },
    ];
    const results = new Map(pages.map((p) => [p.name, []]));
    for (let run = 1; run <= runs; run += 1) {
      for (const target of pages) {
        let result;
        for (let attempt = 1; !result; attempt += 1) {
          try {
            // A same-origin page without the app, to set or clear the stored session.
            await page.goto(`${portal.address}/api/health`);
            await page.evaluate(
              (stored) => {
                localStorage.clear();
                if (!stored) return;
                localStorage.setItem('user', JSON.stringify(stored.user));
                localStorage.setItem('userType', 'customer');
                localStorage.setItem('token', stored.token);
                localStorage.setItem('sessionTimestamp', String(Date.now()));
              },
              target.session ? session : null,
            );
            result = await audit(page, `${portal.address}${target.path}`);
          } catch (error) {
            if (!TRACE_NOT_RECORDED.has(error.code) || attempt === ATTEMPTS) throw error;
            console.log(`  run ${run} ${target.name}: Lighthouse recorded no trace (${error.code}), repeated`);
          }
        }
        const landed = new URL(result.finalUrl).pathname;
        if (landed !== target.expect)
          throw new Error(`${target.name}: Lighthouse ended on ${landed}, not ${target.expect}`);
        results.get(target.name).push(result);
        if (reportDir) {
          await fs.mkdir(reportDir, { recursive: true });
          await fs.writeFile(
            path.join(reportDir, `${target.path === '/' ? 'login' : 'lounge'}-${run}.json`),
            result.json,
          );
        }
        const s = result.scores;
        console.log(
          `  run ${run} ${target.name}: ${s.performance}/${s.accessibility}/${s['best-practices']}, LCP ${Math.round(result.lcp)} ms`,
        );
      }
    }

    const loadAfter = os.loadavg();
    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${version}, mobile preset (simulated throttling), median of ${runs} run(s)`,
    );
    console.log(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB; load average ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after (1 min)\n`,
    );
    const header = ['page', 'performance', 'accessibility', 'best practices', 'LCP', 'FCP', 'TBT', 'CLS', 'result'];
    const rows = [];
    let missed = false;
    for (const target of pages) {
      const list = results.get(target.name);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(list.map((r) => r.scores[c]))]));
      const misses = CATEGORIES.filter((c) => scores[c] < TARGETS[c]);
      if (misses.length) missed = true;
      rows.push([
        target.name,
        `${scores.performance} (≥ ${TARGETS.performance})`,
        `${scores.accessibility} (= ${TARGETS.accessibility})`,
        `${scores['best-practices']} (≥ ${TARGETS['best-practices']})`,
        `${Math.round(median(list.map((r) => r.lcp)))} ms`,
        `${Math.round(median(list.map((r) => r.fcp)))} ms`,
        `${Math.round(median(list.map((r) => r.tbt)))} ms`,
        median(list.map((r) => r.cls)).toFixed(3),
        misses.length ? `FAIL (${misses.join(', ')})` : 'PASS',
      ]);
      const failing = [...new Set(list.flatMap((r) => r.failed))];
      if (failing.length) rows.push([`  not full marks: ${failing.join(', ')}`]);
    }
    const widths = header.map((h, i) =>
      Math.max(h.length, ...rows.filter((r) => r.length > 1).map((r) => r[i].length)),
    );
    const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(row.length > 1 ? line(row) : row[0]);
    process.exitCode = missed ? 1 : 0;
  } finally {
    await browser?.disconnect().catch(() => {});
    chrome?.kill();
    if (portal) await stopPortal(portal.child);
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
