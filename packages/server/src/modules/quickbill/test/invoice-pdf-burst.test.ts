import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { configureProvider, createDraft, daysAgo, sendInvoice } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { PDF_RENDERS_AT_ONCE, pdfRenders } from '../../../lib/pdf-render.js';

/**
 * Decision 0701: invoice PDFs (PDF/A-3 with Factur-X) and reminder letters
 * are drawn in the shared PDF pool of worker threads, like Monatsübersichten
 * (statement-pdf-burst.test.ts): ten downloads at once leave /api/health answering within
 * 300 ms (a generous bound: it answers in milliseconds on an idle machine), and the pool's
 * counts show the drawing ran in its threads, at most two at once.
 */
let ctx: TestContext;
let token: string;
let drafts: number[];
let issued: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  await configureProvider(ctx, token);
  const customer = await buildCustomer(ctx.db, { street: 'Herrengasse 3', postalCode: '8010', city: 'Graz' });
  // Drafts: their PDF is drawn afresh on every download (an issued one is stored at issue).
  drafts = [];
  for (let i = 0; i < 10; i++) drafts.push((await createDraft(ctx, token, customer.id)).id);
  issued = (await createDraft(ctx, token, customer.id, { invoice_date: daysAgo(30), due_date: daysAgo(16) })).id;
  await sendInvoice(ctx, token, issued);
  // One download first: the pool's thread has loaded the PDF libraries before the bursts.
  const first = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${drafts[0]}/pdf`, token });
  expect(first.statusCode, first.body).toBe(200);
});

/**
 * The ten requests at once while /api/health is asked every 20 ms; each probe also reads
 * the pool's counts. Answers the slowest health answer and the most PDFs the pool drew at
 * once, and whether it ever had more threads than it may.
 */
async function burstWhileProbing(requests: InjectOptions[]) {
  expect(pdfRenders.stats().running).toBe(0);
  const before = pdfRenders.stats();
  let done = false;
  const healthMs: number[] = [];
  let mostRunning = 0;
  let mostThreads = 0;
  const sample = () => {
    const stats = pdfRenders.stats();
    mostRunning = Math.max(mostRunning, stats.running);
    mostThreads = Math.max(mostThreads, stats.threads);
  };
  const probe = (async () => {
    while (!done) {
      sample();
      const started = performance.now();
      expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      healthMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const answers = await Promise.all(requests.map((request) => ctx.request({ ...request, token })));
  done = true;
  await probe;
  expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
  for (const res of answers) {
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  const after = pdfRenders.stats();
  expect(after.crashed).toBe(before.crashed);
  expect(after.overBudget).toBe(before.overBudget);
  return { slowestHealthMs: Math.max(...healthMs), probes: healthMs.length, mostRunning, mostThreads };
}

/** The shared machine can take the cores for a moment whatever the portal does: best of three. */
async function bestOfThree(requests: () => InjectOptions[]) {
  let best = await burstWhileProbing(requests());
  for (let run = 1; run < 3 && best.slowestHealthMs >= 300; run++) {
    const next = await burstWhileProbing(requests());
    if (next.slowestHealthMs < best.slowestHealthMs) best = next;
  }
  return best;
}

describe('a burst of ten PDF downloads', () => {
  it('of draft invoices is drawn in the worker pool and leaves /api/health answering within 300 ms', async () => {
    const best = await bestOfThree(() =>
      drafts.map((id) => ({ method: 'GET' as const, url: `/api/quickbill/invoices/${id}/pdf` })),
    );
    expect(best.probes).toBeGreaterThan(3);
    expect(best.slowestHealthMs).toBeLessThan(300);
    expect(best.mostRunning).toBeGreaterThanOrEqual(1);
    expect(best.mostRunning).toBeLessThanOrEqual(PDF_RENDERS_AT_ONCE);
    expect(best.mostThreads).toBeLessThanOrEqual(PDF_RENDERS_AT_ONCE);
  }, 180_000);

  it('of reminder letters is drawn in the worker pool and leaves /api/health answering within 300 ms', async () => {
    const best = await bestOfThree(() =>
      Array.from({ length: 10 }, () => ({
        method: 'GET' as const,
        url: `/api/quickbill/invoices/${issued}/reminder-pdf`,
      })),
    );
    expect(best.probes).toBeGreaterThan(3);
    expect(best.slowestHealthMs).toBeLessThan(300);
    expect(best.mostRunning).toBeGreaterThanOrEqual(1);
    expect(best.mostRunning).toBeLessThanOrEqual(PDF_RENDERS_AT_ONCE);
    expect(best.mostThreads).toBeLessThanOrEqual(PDF_RENDERS_AT_ONCE);
  }, 180_000);
});
