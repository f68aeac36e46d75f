import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../../test/factories.js';
import { issuedInvoice } from '../../../../test/ledger-helpers.js';
import { daysAgo, today } from '../../../../test/quickbill-helpers.js';
import { staffMember } from '../../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { invoiceReminders, invoices } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';

/** "Fällige Mahnungen senden" and the configured days of each level (decision 0770). */

let ctx: TestContext;
let books: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // Buchhaltung runs the month end: the reminders are theirs to send.
  books = (await staffMember(ctx, 'accounting')).token;
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.request({ method, url, token: books, payload: payload as never });

async function overdue(dueDaysAgo: number, name = 'Mahn Kundin') {
  const c = await buildCustomer(ctx.db, { lastName: name });
  return issuedInvoice(
    ctx.db,
    c.id,
    '120.00',
    { invoiceDate: daysAgo(dueDaysAgo + 14), dueDate: daysAgo(dueDaysAgo) },
    name,
  );
}

const levelOf = async (id: number) =>
  (await ctx.db.select({ level: invoices.reminderLevel }).from(invoices).where(eq(invoices.id, id)))[0].level;

describe('the next reminder level', () => {
  it('is offered with its configured days, fee and deadline, and is refused before its days unless sent early', async () => {
    const inv = await overdue(10);
    const first = (await call('GET', `/api/quickbill/invoices/${inv.id}/next-reminder`)).json();
    expect(first).toMatchObject({
      level: 1,
      label: 'Zahlungserinnerung',
      is_due: true,
      days: 7,
      due_on: addDays(daysAgo(10), 7),
      fee: 0,
      fees_total: 0,
      open_amount: 120,
      pay_by: addDays(today(), 7),
    });
    expect((await call('POST', `/api/quickbill/invoices/${inv.id}/reminders`, { level: 1 })).statusCode).toBe(200);

    // Right after the Zahlungserinnerung the 1. Mahnung waits its 14 days and costs € 5.
    const second = (await call('GET', `/api/quickbill/invoices/${inv.id}/next-reminder`)).json();
    expect(second).toMatchObject({ level: 2, label: '1. Mahnung', is_due: false, days: 14, fee: 5, fees_total: 5 });
    expect(second.due_on).toBe(addDays(today(), 14));
    expect(second.counted_from).toMatch(/^Zahlungserinnerung vom \d{2}\.\d{2}\.\d{4}$/);

    const refused = await call('POST', `/api/quickbill/invoices/${inv.id}/reminders`, { level: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('erst ab');
    expect(refused.json().error).toContain('14 Tage nach der Zahlungserinnerung vom');
    expect(await levelOf(inv.id)).toBe(1);

    // A level the person did not see (sent by someone else meanwhile) is refused too.
    const stale = await call('POST', `/api/quickbill/invoices/${inv.id}/reminders`, { level: 1, early: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Die Zahlungserinnerung wurde inzwischen bereits versendet');

    const early = await call('POST', `/api/quickbill/invoices/${inv.id}/reminders`, { level: 2, early: true });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({ level: 2, label: '1. Mahnung' });
    const [letter] = await ctx.db.select().from(invoiceReminders).where(eq(invoiceReminders.level, 2));
    expect(letter.fee).toBe('5.00');
  });

  it('is a German 409 for an invoice that is not overdue', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '50.00', { invoiceDate: today(), dueDate: addDays(today(), 14) });
    const res = await call('GET', `/api/quickbill/invoices/${inv.id}/next-reminder`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Für diese Rechnung ist keine Mahnung möglich');
  });
});

describe('Fällige Mahnungen senden', () => {
  it('lists what the Mahnlauf would send today, without Mahnsperren, and sends each one only while it is still due', async () => {
    const due = await overdue(20, 'Fällig');
    const tooEarly = await overdue(3, 'Zu früh');
    const held = await overdue(30, 'Gesperrt');
    const block = await call('POST', `/api/quickbill/invoices/${held.id}/dunning-block`, {
      reason: 'Ratenzahlung vereinbart',
      until: addDays(today(), 10),
    });
    expect(block.statusCode, block.body).toBe(201);

    const preview = (await call('GET', '/api/quickbill/reminders/due')).json();
    const ids = preview.items.map((i: { invoice_id: number }) => i.invoice_id);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(tooEarly.id);
    expect(ids).not.toContain(held.id);
    expect(preview.blocked).toBeGreaterThanOrEqual(1);
    const item = preview.items.find((i: { invoice_id: number }) => i.invoice_id === due.id);
    expect(item).toMatchObject({
      invoice_number: due.invoiceNumber,
      customer_name: 'Fällig',
      level: 1,
      label: 'Zahlungserinnerung',
      days_overdue: 20,
      fee: 0,
      open_amount: 120,
    });

    const sent = await call('POST', '/api/quickbill/reminders/due', { invoice_id: due.id, level: 1 });
    expect(sent.json()).toEqual({ sent: true, level: 1, label: 'Zahlungserinnerung', reason: null });
    expect(await levelOf(due.id)).toBe(1);
    // The 1. Mahnung is not due yet: the run refuses it with its reason and sends nothing.
    const again = await call('POST', '/api/quickbill/reminders/due', { invoice_id: due.id, level: 2 });
    expect(again.json()).toEqual({ sent: false, level: 2, label: '1. Mahnung', reason: 'nicht mehr fällig' });
    const blocked = await call('POST', '/api/quickbill/reminders/due', { invoice_id: held.id, level: 1 });
    expect(blocked.json().reason).toBe('Mahnsperre aktiv, nicht versendet');
    const early = await call('POST', '/api/quickbill/reminders/due', { invoice_id: tooEarly.id, level: 1 });
    expect(early.json().sent).toBe(false);
    expect(await levelOf(held.id)).toBe(0);
    expect(await levelOf(tooEarly.id)).toBe(0);
  });

  it('skips an invoice paid after the preview', async () => {
    const inv = await overdue(15, 'Bezahlt');
    await ctx.db
      .update(invoices)
      .set({ status: 'paid', paidAmount: '120.00', paidAt: today() })
      .where(eq(invoices.id, inv.id));
    const res = await call('POST', '/api/quickbill/reminders/due', { invoice_id: inv.id, level: 1 });
    expect(res.json()).toEqual({
      sent: false,
      level: 1,
      label: 'Zahlungserinnerung',
      reason: 'inzwischen bezahlt oder nicht mehr überfällig',
    });
  });
});
