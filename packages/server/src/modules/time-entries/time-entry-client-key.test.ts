import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, buildProject, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, timeEntries } from '../../db/schema/index.js';

/**
 * A phone sends its queued bookings again when it cannot know whether they arrived
 * (decision 0860): the same staff member's `client_key` books once.
 */
let ctx: TestContext;
let token: string;
let otherToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const butler = await buildAdmin(ctx.db);
  const colleague = await buildAdmin(ctx.db);
  token = await ctx.login('admin', butler.username, TEST_PASSWORD);
  otherToken = await ctx.login('admin', colleague.username, TEST_PASSWORD);
});

let keyCount = 0;
const newKey = () => `phone-${Date.now().toString(36)}-${(keyCount++).toString().padStart(6, '0')}`;

async function customerWithPaket() {
  const customer = await buildCustomer(ctx.db);
  const project = await buildProject(ctx.db, customer.id, { name: 'Haushalt' });
  await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { customer, project };
}

const book = (customerId: number, payload: Record<string, unknown>, as = token) =>
  ctx.request({ method: 'POST', url: `/api/customers/${customerId}/time-entries`, payload, token: as });

const entry = (projectId: number, clientKey: string, overrides: Record<string, unknown> = {}) => ({
  project_id: projectId,
  hours: 1.25,
  activity_description: 'Einkauf erledigt',
  work_date: '2026-03-10',
  client_key: clientKey,
  ...overrides,
});

const entriesOf = (customerId: number) =>
  ctx.db.select().from(timeEntries).where(eq(timeEntries.customerId, customerId));

describe('POST /api/customers/:id/time-entries with client_key', () => {
  it('answers a repeated request with the first entry and books it once', async () => {
    const { customer, project } = await customerWithPaket();
    const key = newKey();
    const first = await book(customer.id, entry(project.id, key));
    expect(first.statusCode).toBe(201);
    const again = await book(customer.id, entry(project.id, key));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().hours).toBe(1.25);
    const rows = await entriesOf(customer.id);
    expect(rows).toHaveLength(1);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'time_entry'), eq(auditLog.entityId, String(rows[0].id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('books once when the phone sends the same key five times at once', async () => {
    const { customer, project } = await customerWithPaket();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(customer.id, entry(project.id, key))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await entriesOf(customer.id)).toHaveLength(1);
  });

  it('books a second entry for another key and for the same key of another staff member', async () => {
    const { customer, project } = await customerWithPaket();
    const key = newKey();
    expect((await book(customer.id, entry(project.id, key))).statusCode).toBe(201);
    expect((await book(customer.id, entry(project.id, newKey()))).statusCode).toBe(201);
    // Keys are the device's, per person: a colleague's phone may draw the same one.
    expect((await book(customer.id, entry(project.id, key), otherToken)).statusCode).toBe(201);
    expect(await entriesOf(customer.id)).toHaveLength(3);
  });

  it("refuses a key already used for another customer's entry and books nothing", async () => {
    const a = await customerWithPaket();
    const b = await customerWithPaket();
    const key = newKey();
    expect((await book(a.customer.id, entry(a.project.id, key))).statusCode).toBe(201);
    const res = await book(b.customer.id, entry(b.project.id, key));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Dieser Eintrag wurde schon für einen anderen Kunden gebucht');
    expect(await entriesOf(b.customer.id)).toHaveLength(0);
  });

  it('keeps a refused key usable: the corrected booking goes through with it', async () => {
    const customer = await buildCustomer(ctx.db);
    const project = await buildProject(ctx.db, customer.id, { name: 'Garten' });
    const key = newKey();
    // No ButlerPaket covers March yet: refused in German, nothing booked.
    const refused = await book(customer.id, entry(project.id, key));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/ButlerPaket/);
    expect(await entriesOf(customer.id)).toHaveLength(0);
    await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
    expect((await book(customer.id, entry(project.id, key))).statusCode).toBe(201);
    expect(await entriesOf(customer.id)).toHaveLength(1);
  });

  it('refuses a malformed key in German', async () => {
    const { customer, project } = await customerWithPaket();
    const res = await book(customer.id, entry(project.id, 'kurz'));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Der Schlüssel des Eintrags ist ungültig');
    expect(await entriesOf(customer.id)).toHaveLength(0);
  });
});
