import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import { buildCustomer } from '../../../../test/factories.js';
import { issuedInvoice } from '../../../../test/ledger-helpers.js';
import { daysAgo, today } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { auditLog, billingSettings, dunningBlocks, reminderLevels } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';

/** "Abrechnung und Mahnwesen" settings and Mahnsperren (decisions 0582, 0585). */

let ctx: TestContext;
let actors: Actors;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  token = actors.tokens.admin!;
});

const settings = async () =>
  (await ctx.request({ method: 'GET', url: '/api/quickbill/billing-settings', token })).json();
const put = (payload: unknown) =>
  ctx.request({ method: 'PUT', url: '/api/quickbill/billing-settings', token, payload: payload as never });

describe('billing settings', () => {
  it('start with drafts, no automatic Mahnlauf and three worded levels; saving changes them and is audited', async () => {
    const initial = await settings();
    expect(initial).toMatchObject({
      subscription_invoice_mode: 'draft',
      automatic_reminders: false,
      default_interest: false,
      renewal_notice_days: 30,
    });
    expect(initial.levels.map((l: { level: number; days: number; fee: number }) => [l.level, l.days, l.fee])).toEqual([
      [1, 7, 0],
      [2, 14, 5],
      [3, 14, 10],
    ]);
    const changed = {
      ...initial,
      subscription_invoice_mode: 'send',
      automatic_reminders: true,
      default_interest: true,
      base_rate: 2.03,
      base_rate_since: '2026-07-01',
      levels: initial.levels.map((l: { level: number }) =>
        l.level === 2 ? { ...l, days: 10, fee: 7.5, text: 'Bitte begleichen Sie den Betrag.' } : l,
      ),
    };
    const res = await put(changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(changed);
    expect(await settings()).toEqual(changed);
    const [level2] = await ctx.db.select().from(reminderLevels).where(eq(reminderLevels.level, 2));
    expect(level2).toMatchObject({ days: 10, fee: '7.50', text: 'Bitte begleichen Sie den Betrag.' });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'billing-settings'));
    expect(audits).toHaveLength(1);
  });

  it('refuse bad values with the field’s German text and change nothing', async () => {
    const before = await settings();
    const [row] = await ctx.db.select().from(billingSettings);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ base_rate: 31 }, 'base_rate', 'Der Basiszinssatz muss zwischen -10 und 30\u00a0% liegen'],
      [{ renewal_notice_days: 0 }, 'renewal_notice_days', 'Mindestens 1 Tag'],
      [{ base_rate_since: '2026-02-30' }, 'base_rate_since', 'Dieses Datum existiert nicht'],
      [
        { levels: before.levels.map((l: object, i: number) => (i === 0 ? { ...l, days: 0 } : l)) },
        'levels.0.days',
        'Mindestens 1 Tag',
      ],
      [
        { levels: before.levels.map((l: object, i: number) => (i === 2 ? { ...l, fee: 1000.01 } : l)) },
        'levels.2.fee',
        'Die Gebühr muss zwischen 0 und 1.000 € liegen',
      ],
      [
        { levels: before.levels.map((l: object, i: number) => (i === 1 ? { ...l, text: ' ' } : l)) },
        'levels.1.text',
        'Bitte geben Sie den Text an',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await put({ ...before, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[field], field).toBe(message);
    }
    expect(await settings()).toEqual(before);
    expect(await ctx.db.select().from(billingSettings)).toEqual([row]);
  });

  it('are for staff only', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/quickbill/billing-settings' },
      {
        customerA: 403,
        customerB: 403,
        admin: 200,
      },
    );
  });
});

describe('Mahnsperre', () => {
  it('per invoice and per customer with reason and last day; lifting keeps it, both audited', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '100.00', { invoiceDate: daysAgo(40), dueDate: daysAgo(26) });
    const until = addDays(today(), 30);
    const onInvoice = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${inv.id}/dunning-block`,
      token,
      payload: { reason: 'Reklamation offen', until },
    });
    expect(onInvoice.statusCode, onInvoice.body).toBe(201);
    expect(onInvoice.json()).toMatchObject({
      invoice_id: inv.id,
      customer_id: null,
      reason: 'Reklamation offen',
      until,
    });
    const onCustomer = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/customers/${c.id}/dunning-block`,
      token,
      payload: { reason: 'Ratenzahlung vereinbart', until },
    });
    expect(onCustomer.statusCode, onCustomer.body).toBe(201);

    // The invoice's list shows its own and its customer's block.
    const list = await ctx.request({ method: 'GET', url: `/api/quickbill/dunning-blocks?invoice_id=${inv.id}`, token });
    expect(
      list
        .json()
        .map((b: { reason: string }) => b.reason)
        .sort(),
    ).toEqual(['Ratenzahlung vereinbart', 'Reklamation offen']);

    const lift = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/dunning-blocks/${onInvoice.json().id}/lift`,
      token,
    });
    expect(lift.statusCode).toBe(200);
    const again = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/dunning-blocks/${onInvoice.json().id}/lift`,
      token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Diese Mahnsperre ist bereits aufgehoben');
    const [kept] = await ctx.db.select().from(dunningBlocks).where(eq(dunningBlocks.id, onInvoice.json().id));
    expect(kept.liftedAt).not.toBeNull();
    const remaining = await ctx.request({
      method: 'GET',
      url: `/api/quickbill/dunning-blocks?invoice_id=${inv.id}`,
      token,
    });
    expect(remaining.json().map((b: { reason: string }) => b.reason)).toEqual(['Ratenzahlung vereinbart']);
    const audits = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, String(inv.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['dunning-block', 'dunning-unblock']);
  });

  it('refuses a past day, an empty reason and a draft, and changes nothing', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '100.00', { invoiceDate: daysAgo(40), dueDate: daysAgo(26) });
    const url = `/api/quickbill/invoices/${inv.id}/dunning-block`;
    const past = await ctx.request({ method: 'POST', url, token, payload: { reason: 'x', until: daysAgo(1) } });
    expect(past.statusCode).toBe(400);
    expect(past.json().details.until).toBe('Das Datum darf nicht in der Vergangenheit liegen');
    const empty = await ctx.request({ method: 'POST', url, token, payload: { reason: ' ', until: today() } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.reason).toBe('Bitte geben Sie einen Grund an');
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/customers/999999/dunning-block',
      token,
      payload: { reason: 'x', until: today() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await ctx.db.select().from(dunningBlocks).where(eq(dunningBlocks.invoiceId, inv.id))).toEqual([]);
  });
});
