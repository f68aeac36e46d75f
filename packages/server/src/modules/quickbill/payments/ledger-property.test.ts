import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { issuedInvoice } from '../../../../test/ledger-helpers.js';
import { daysAgo, today } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';

/**
 * The ledger's property (decision 0580): for random sequences of invoices, partial payments, removals, credit
 * applications and refunds, each invoice's open amount is gross − what it received (never
 * negative), the excess shows as the customer's credit, and the status follows from those
 * figures. The model below is independent of the SQL that computes them on the server.
 */

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
});

type Op =
  | { op: 'invoice'; cents: number }
  | { op: 'pay'; inv: number; cents: number }
  | { op: 'remove'; entry: number }
  | { op: 'apply'; inv: number; cents: number }
  | { op: 'refund'; cents: number }
  | { op: 'cancel'; inv: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('invoice' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ op: fc.constant('pay' as const), inv: fc.nat(), cents: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ op: fc.constant('pay' as const), inv: fc.nat(), cents: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ op: fc.constant('remove' as const), entry: fc.nat() }),
  fc.record({ op: fc.constant('apply' as const), inv: fc.nat(), cents: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ op: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ op: fc.constant('cancel' as const), inv: fc.nat() }),
);

type ModelInvoice = { id: number; gross: number; cancelled: boolean };
type ModelEntry = {
  id: number;
  kind: 'payment' | 'credit_applied' | 'refund';
  inv: number | null;
  cents: number;
  live: boolean;
};

const euro = (cents: number) => cents / 100;

function model(invoices: ModelInvoice[], entries: ModelEntry[]) {
  const received = (inv: ModelInvoice) =>
    entries.filter((e) => e.live && e.inv === inv.id && e.kind !== 'refund').reduce((a, e) => a + e.cents, 0);
  const owed = (inv: ModelInvoice) => (inv.cancelled ? 0 : inv.gross);
  const excess = invoices.reduce((a, inv) => a + Math.max(0, received(inv) - owed(inv)), 0);
  const spent = entries.filter((e) => e.live && e.kind !== 'payment').reduce((a, e) => a + e.cents, 0);
  return { received, open: (inv: ModelInvoice) => Math.max(0, owed(inv) - received(inv)), credit: excess - spent };
}

describe('ledger property (fast-check against the API)', () => {
  it('open = gross − received (never negative), excess = credit ≥ 0, status from the figures', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const customer = await buildCustomer(ctx.db);
        const invoices: ModelInvoice[] = [];
        const entries: ModelEntry[] = [];
        const post = (url: string, payload: Record<string, unknown>) =>
          ctx.request({ method: 'POST', url, token, payload });
        for (const step of ops) {
          const m = model(invoices, entries);
          if (step.op === 'invoice') {
            const row = await issuedInvoice(ctx.db, customer.id, (step.cents / 100).toFixed(2), {
              invoiceDate: daysAgo(30),
              dueDate: daysAgo(16),
            });
            invoices.push({ id: row.id, gross: step.cents, cancelled: false });
          } else if (step.op === 'pay' && invoices.length) {
            const inv = invoices[step.inv % invoices.length];
            const res = await post(`/api/quickbill/invoices/${inv.id}/payments`, {
              payment_date: today(),
              amount: euro(step.cents),
              method: 'ueberweisung',
            });
            if (inv.cancelled) expect(res.statusCode).toBe(409);
            else {
              expect(res.statusCode, res.body).toBe(201);
              const id = Math.max(...res.json().entries.map((e: { id: number }) => e.id));
              entries.push({ id, kind: 'payment', inv: inv.id, cents: step.cents, live: true });
            }
          } else if (step.op === 'remove' && entries.length) {
            const entry = entries[step.entry % entries.length];
            const res = await post(`/api/quickbill/payments/${entry.id}/reverse`, { reason: 'Test' });
            const wasLive = entry.live;
            const wouldGoNegative =
              wasLive &&
              entry.kind === 'payment' &&
              (() => {
                entry.live = false;
                const after = model(invoices, entries).credit;
                entry.live = wasLive;
                return after < 0;
              })();
            if (!entry.live || wouldGoNegative) expect(res.statusCode, res.body).toBe(409);
            else {
              expect(res.statusCode, res.body).toBe(200);
              entry.live = false;
            }
          } else if (step.op === 'apply' && invoices.length) {
            const inv = invoices[step.inv % invoices.length];
            const res = await post(`/api/quickbill/customers/${customer.id}/credit/apply`, {
              invoice_id: inv.id,
              amount: euro(step.cents),
            });
            const allowed = !inv.cancelled && m.open(inv) > 0 && step.cents <= m.open(inv) && step.cents <= m.credit;
            if (allowed) {
              expect(res.statusCode, res.body).toBe(200);
              const id = Math.max(...res.json().entries.map((e: { id: number }) => e.id));
              entries.push({ id, kind: 'credit_applied', inv: inv.id, cents: step.cents, live: true });
            } else expect([400, 409]).toContain(res.statusCode);
          } else if (step.op === 'refund') {
            const res = await post(`/api/quickbill/customers/${customer.id}/credit/refund`, {
              payment_date: today(),
              amount: euro(step.cents),
              method: 'ueberweisung',
            });
            if (step.cents <= m.credit) {
              expect(res.statusCode, res.body).toBe(200);
              const id = Math.max(...res.json().entries.map((e: { id: number }) => e.id));
              entries.push({ id, kind: 'refund', inv: null, cents: step.cents, live: true });
            } else expect(res.statusCode).toBe(409);
          } else if (step.op === 'cancel' && invoices.length) {
            const inv = invoices[step.inv % invoices.length];
            if (!inv.cancelled) {
              // Cancelling is Quickbill's Storno; here only its effect on the ledger matters.
              await ctx.db.execute(
                `UPDATE invoices SET status = 'cancelled', cancelled_at = now() WHERE id = ${inv.id}` as any,
              );
              inv.cancelled = true;
            }
          }
        }
        const m = model(invoices, entries);
        const account = (
          await ctx.request({ method: 'GET', url: `/api/quickbill/customers/${customer.id}/account`, token })
        ).json();
        expect(Math.round(account.credit * 100)).toBe(m.credit);
        expect(m.credit).toBeGreaterThanOrEqual(0);
        for (const inv of invoices) {
          const figures = (
            await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${inv.id}/payments`, token })
          ).json();
          const open = m.open(inv);
          expect(Math.round(figures.open_amount * 100)).toBe(inv.cancelled ? 0 : open);
          expect(Math.round(figures.received * 100)).toBe(m.received(inv));
          expect(figures.open_amount).toBeGreaterThanOrEqual(0);
          const detail = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${inv.id}`, token })).json();
          const expected = inv.cancelled ? 'cancelled' : open === 0 ? 'paid' : 'sent';
          expect(detail.status).toBe(expected);
          const state = inv.cancelled || open > 0 ? (m.received(inv) > 0 ? 'partially_paid' : 'open') : 'paid';
          if (!inv.cancelled) expect(figures.payment_state).toBe(state);
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
