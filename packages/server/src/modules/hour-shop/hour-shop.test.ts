import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { configureDirectDebit, customerWithMandate, IBANS } from '../../../test/direct-debit-fixtures.js';
import { buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { configureProvider, today } from '../../../test/quickbill-helpers.js';
import { staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import {
  auditLog,
  customers,
  hourOffers,
  hourOrders,
  hourPackages,
  invoices,
  mailOutbox,
} from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
let owner: string;

const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, token, payload: payload as any });
const key = () => randomUUID().replaceAll('-', '');

async function settings(values: { release?: string; requires_confirmation?: boolean; daily_limit?: number }) {
  const res = await call(owner, 'PUT', '/api/settings/hour-shop', {
    release: 'immediate',
    requires_confirmation: false,
    daily_limit: 3,
    ...values,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function offer(hours: number, price: number, active = true) {
  const res = await call(owner, 'POST', '/api/settings/hour-shop/offers', {
    hours,
    price_per_hour: price,
    is_active: active,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** A customer with a login, and their token. */
async function shopper(overrides: Partial<typeof customers.$inferInsert> = {}) {
  const customer = await buildCustomer(ctx.db, {
    street: 'Ringstraße 1',
    postalCode: '1010',
    city: 'Wien',
    ...overrides,
  });
  const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
  return { ...customer, token };
}

const usable = async (token: string, id: number) =>
  (await call(token, 'GET', `/api/customers/${id}/dashboard`)).json().usable_hours.total as number;
const packagesOf = (id: number) => ctx.db.select().from(hourPackages).where(eq(hourPackages.customerId, id));
const ordersOf = (id: number) => ctx.db.select().from(hourOrders).where(eq(hourOrders.customerId, id));

let fiveHours: number;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  owner = actors.tokens.admin as string;
  await configureProvider(ctx, owner);
  fiveHours = await offer(5, 50);
});
beforeEach(() => settings({}));

describe('Einstellungen → Stunden nachkaufen', () => {
  it('keeps the catalogue and the rules for Inhaber and Büro, refuses bad input in German, audits each step', async () => {
    const butler = await staffMember(ctx, 'butler');
    expect((await call(butler.token, 'GET', '/api/settings/hour-shop')).statusCode).toBe(403);
    expect((await call(actors.tokens.customerA, 'PUT', '/api/settings/hour-shop', {})).statusCode).toBe(403);
    const bad = await call(owner, 'PUT', '/api/settings/hour-shop', {
      release: 'later',
      requires_confirmation: false,
      daily_limit: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      release: 'Bitte wählen Sie, wann die Stunden nutzbar werden',
      daily_limit: 'Mindestens 1 Bestellung pro Tag',
    });
    const badOffer = await call(owner, 'POST', '/api/settings/hour-shop/offers', { hours: 5.3, price_per_hour: 0 });
    expect(badOffer.statusCode).toBe(400);
    expect(badOffer.json().details).toMatchObject({
      hours: 'Die Stunden müssen ein Vielfaches von 0,5 sein',
      price_per_hour: 'Der Preis pro Stunde muss größer als 0 sein',
    });
    const office = await staffMember(ctx, 'office');
    const id = await offer(2, 60);
    const changed = await call(office.token, 'PUT', `/api/settings/hour-shop/offers/${id}`, {
      hours: 2.5,
      price_per_hour: 58,
      is_active: false,
    });
    expect(changed.json()).toMatchObject({ hours: 2.5, price_per_hour: 58, is_active: false, orders: 0 });
    const admin = (await call(owner, 'GET', '/api/settings/hour-shop')).json();
    expect(admin).toMatchObject({ release: 'immediate', requires_confirmation: false, daily_limit: 3 });
    expect(admin.offers.map((o: any) => o.id)).toContain(id);
    expect((await call(owner, 'DELETE', `/api/settings/hour-shop/offers/${id}`)).statusCode).toBe(204);
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hour_offer'), eq(auditLog.entityId, String(id))));
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('Stunden nachkaufen: the customer buys', () => {
  it('shows the gross price of the invoice, sells package and invoice at once and mails it; a double tap buys once', async () => {
    const c = await shopper();
    const shop = (await call(c.token, 'GET', `/api/customers/${c.id}/hour-shop`)).json();
    expect(shop.open).toBe(true);
    // 5 h × € 50 = € 250 net, 20 % VAT: € 300 gross.
    expect(shop.offers.find((o: any) => o.id === fiveHours)).toMatchObject({ net: 250, tax_rate: 20, gross: 300 });
    expect(shop.orders_left_today).toBe(3);
    const before = await usable(c.token, c.id);
    const body = { offer_id: fiveHours, idempotency_key: key() };
    const first = await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, body);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json();
    expect(order).toMatchObject({ hours: 5, total_gross: 300, state: 'completed', release: 'immediate' });
    expect(order.invoice.invoice_number).toMatch(/\d/);
    expect(order.invoice.direct_debit).toBeNull();
    const again = await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(order.id);
    expect(await usable(c.token, c.id)).toBe(before + 5);
    const [pkg] = await packagesOf(c.id);
    expect(pkg).toMatchObject({ hours: '5.00', totalPrice: '250.00', createdBy: 'Lounge-Bestellung' });
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.customerId, c.id));
    expect(invoice).toMatchObject({ status: 'sent', totalGross: '300.00', hourPackageId: pkg.id });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, c.id));
    expect(mails.map((m) => m.template)).toEqual(['invoice']);
    // The Protokoll names the customer as who ordered, sold and issued.
    const steps = await ctx.db
      .select({ entity: auditLog.entity, action: auditLog.action, actor: auditLog.actorType })
      .from(auditLog)
      .where(eq(auditLog.customerId, c.id));
    expect(steps).toEqual(
      expect.arrayContaining([
        { entity: 'hour_order', action: 'create', actor: 'customer' },
        { entity: 'hour_package', action: 'create', actor: 'customer' },
        { entity: 'invoice', action: 'send', actor: 'customer' },
      ]),
    );
  });

  it('buys once under a burst of the same key, and the daily limit holds under a burst of different keys', async () => {
    const c = await shopper();
    const same = { offer_id: fiveHours, idempotency_key: key() };
    const taps = await Promise.all(
      Array.from({ length: 5 }, () => call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, same)),
    );
    expect(taps.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(taps.map((r) => r.json().id)).size).toBe(1);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, { offer_id: fiveHours, idempotency_key: key() }),
      ),
    );
    // One order was placed already: two more fit into the limit of three a day.
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].json().error).toBe(
      'Du hast heute schon 3 Bestellungen aufgegeben. Bitte versuche es morgen wieder oder melde dich bei uns.',
    );
    expect(await ordersOf(c.id)).toHaveLength(3);
    expect(await packagesOf(c.id)).toHaveLength(3);
    expect((await call(c.token, 'GET', `/api/customers/${c.id}/hour-shop`)).json().orders_left_today).toBe(0);
  });

  it('refuses an inactive offer, a deactivated customer, staff and another customer in German, changing nothing', async () => {
    const c = await shopper();
    const gone = await offer(10, 45, false);
    const inactive = await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, {
      offer_id: gone,
      idempotency_key: key(),
    });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe('Dieses Stundenpaket gibt es nicht mehr. Bitte wähle ein anderes.');
    const foreign = await call(actors.tokens.customerB, 'POST', `/api/customers/${c.id}/hour-orders`, {
      offer_id: fiveHours,
      idempotency_key: key(),
    });
    expect(foreign.statusCode).toBe(403);
    const staff = await call(owner, 'POST', `/api/customers/${c.id}/hour-orders`, {
      offer_id: fiveHours,
      idempotency_key: key(),
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe('Das kann nur der Kunde selbst');
    const badKey = await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, {
      offer_id: fiveHours,
      idempotency_key: 'x',
    });
    expect(badKey.statusCode).toBe(400);
    // A customer whose address was removed (staff may clear it) gets no invoice by mail.
    await ctx.db.update(customers).set({ email: ' ' }).where(eq(customers.id, c.id));
    const noMail = await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, {
      offer_id: fiveHours,
      idempotency_key: key(),
    });
    expect(noMail.statusCode).toBe(409);
    expect(noMail.json().error).toBe('Für die Rechnung brauchen wir deine E-Mail-Adresse. Bitte melde dich bei uns.');
    await ctx.db.update(customers).set({ email: c.email, isActive: false }).where(eq(customers.id, c.id));
    const disabled = await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, {
      offer_id: fiveHours,
      idempotency_key: key(),
    });
    expect([401, 403]).toContain(disabled.statusCode);
    expect(await ordersOf(c.id)).toHaveLength(0);
    expect(await packagesOf(c.id)).toHaveLength(0);
  });

  it('says in the customer’s words why the counter is closed when nothing is for sale', async () => {
    await ctx.db.update(hourOffers).set({ isActive: false });
    try {
      const c = await shopper();
      const shop = (await call(c.token, 'GET', `/api/customers/${c.id}/hour-shop`)).json();
      expect(shop).toMatchObject({
        open: false,
        offers: [],
        closed_reason: 'Gerade gibt es keine Stundenpakete zum Nachkaufen. Melde dich gerne bei uns.',
      });
    } finally {
      await ctx.db.update(hourOffers).set({ isActive: true }).where(eq(hourOffers.id, fiveHours));
    }
  });
});

describe('Stunden nachkaufen: usable when the payment is in', () => {
  it('issues the invoice at once and writes the Stundenpaket in the payment’s transaction, audited', async () => {
    await settings({ release: 'payment' });
    const c = await shopper();
    const before = await usable(c.token, c.id);
    const res = await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, {
      offer_id: fiveHours,
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ state: 'awaiting_payment', hour_package_id: null });
    expect(await packagesOf(c.id)).toHaveLength(0);
    expect(await usable(c.token, c.id)).toBe(before);
    // The invoice is on the "Zu verrechnen"-free side: nothing of it is left to bill.
    const paid = await call(owner, 'POST', `/api/quickbill/invoices/${order.invoice.id}/payments`, {
      payment_date: today(),
      amount: 300,
      method: 'ueberweisung',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [pkg] = await packagesOf(c.id);
    expect(pkg).toMatchObject({ hours: '5.00', totalPrice: '250.00', purchaseDate: today() });
    expect(await usable(c.token, c.id)).toBe(before + 5);
    const [after] = await ordersOf(c.id);
    expect(after).toMatchObject({ state: 'completed', hourPackageId: pkg.id });
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, order.invoice.id));
    expect(invoice.hourPackageId).toBe(pkg.id);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hour_package'), eq(auditLog.entityId, String(pkg.id))));
    expect(audit).toMatchObject({ action: 'create', actorType: 'system', customerId: c.id });
  });

  it('a partial payment leaves the hours held; a cancelled invoice cancels the order', async () => {
    await settings({ release: 'payment' });
    const c = await shopper();
    const order = (
      await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, { offer_id: fiveHours, idempotency_key: key() })
    ).json();
    await call(owner, 'POST', `/api/quickbill/invoices/${order.invoice.id}/payments`, {
      payment_date: today(),
      amount: 100,
      method: 'ueberweisung',
    });
    expect(await packagesOf(c.id)).toHaveLength(0);
    const second = (
      await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, { offer_id: fiveHours, idempotency_key: key() })
    ).json();
    const cancel = await call(owner, 'POST', `/api/quickbill/invoices/${second.invoice.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    const states = (await ordersOf(c.id)).map((o) => [o.id, o.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [order.id, 'awaiting_payment'],
        [second.id, 'cancelled'],
      ]),
    );
  });
});

describe('Stunden nachkaufen: with staff confirmation', () => {
  it('waits for staff, tells them by mail; confirming sells and invoices, declining mails the reason', async () => {
    await settings({ requires_confirmation: true });
    const office = await staffMember(ctx, 'office', 'Olivia Büro');
    const c = await shopper();
    const first = (
      await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, { offer_id: fiveHours, idempotency_key: key() })
    ).json();
    expect(first).toMatchObject({ state: 'requested', invoice: null });
    expect(await packagesOf(c.id)).toHaveLength(0);
    const staffMails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'hour-order-request'), eq(mailOutbox.entityId, first.id)));
    expect(staffMails.length).toBeGreaterThan(0);
    expect(staffMails[0].subject).toBe(`Stundenbestellung von ${c.firstName} ${c.lastName}: 5,00 h`);
    const waiting = (await call(office.token, 'GET', '/api/hour-orders')).json();
    expect(waiting.map((o: any) => o.id)).toContain(first.id);
    expect((await call(office.token, 'GET', '/api/hour-orders/count')).json().waiting).toBeGreaterThanOrEqual(1);
    const butler = await staffMember(ctx, 'butler');
    expect((await call(butler.token, 'POST', `/api/hour-orders/${first.id}/confirm`)).statusCode).toBe(403);

    const confirmed = await call(office.token, 'POST', `/api/hour-orders/${first.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'completed', decided_by: office.name });
    expect(await packagesOf(c.id)).toHaveLength(1);
    const twice = await call(office.token, 'POST', `/api/hour-orders/${first.id}/confirm`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Diese Bestellung wurde schon bearbeitet');

    const second = (
      await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, { offer_id: fiveHours, idempotency_key: key() })
    ).json();
    const empty = await call(office.token, 'POST', `/api/hour-orders/${second.id}/decline`, { note: '  ' });
    expect(empty.statusCode).toBe(400);
    const declined = await call(office.token, 'POST', `/api/hour-orders/${second.id}/decline`, {
      note: 'Bitte zuerst die offene Rechnung begleichen.',
    });
    expect(declined.json()).toMatchObject({
      state: 'declined',
      decision_note: 'Bitte zuerst die offene Rechnung begleichen.',
    });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'hour-order-declined'), eq(mailOutbox.customerId, c.id)));
    expect(mail.textBody).toContain('deine Bestellung über 5,00 h konnten wir leider nicht annehmen.');
    expect(mail.textBody).toContain('Bitte zuerst die offene Rechnung begleichen.');
    expect(await packagesOf(c.id)).toHaveLength(1);
  });
});

describe('Stunden nachkaufen with an active Lastschrift mandate', () => {
  it('collects the invoice with the mandate and says so in the answer', async () => {
    await configureDirectDebit(ctx, owner);
    const { customer } = await customerWithMandate(ctx, owner, 7);
    const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
    expect((await call(token, 'GET', `/api/customers/${customer.id}/hour-shop`)).json().has_mandate).toBe(true);
    const res = await call(token, 'POST', `/api/customers/${customer.id}/hour-orders`, {
      offer_id: fiveHours,
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invoice.direct_debit.account).toBe(`AT...${IBANS[7 % IBANS.length].slice(-4)}`);
    expect(res.json().invoice.direct_debit.collection_date >= today()).toBe(true);
  });
});

describe('DSGVO', () => {
  it('the data export lists the customer’s orders with state and invoice', async () => {
    const JSZip = (await import('jszip')).default;
    const c = await shopper();
    const order = (
      await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, { offer_id: fiveHours, idempotency_key: key() })
    ).json();
    const res = await call(owner, 'GET', `/api/customers/${c.id}/data-export.zip`);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const data = JSON.parse(await zip.file('daten/stundenbestellungen.json')!.async('string'));
    expect(data).toEqual([
      expect.objectContaining({
        stunden: 5,
        betrag_brutto: 300,
        status: 'Stunden gutgeschrieben',
        stunden_nutzbar: 'Sofort nach der Bestellung',
        rechnung: order.invoice.invoice_number,
      }),
    ]);
    expect(await zip.file('LIESMICH.txt')!.async('string')).toContain('stundenbestellungen.json');
  });
});

describe('Einstellungen → Stunden nachkaufen: the catalogue after orders', () => {
  it('counts each offer’s own orders: an unordered offer reads 0 and can be deleted, an ordered one cannot', async () => {
    const c = await shopper();
    await call(c.token, 'POST', `/api/customers/${c.id}/hour-orders`, { offer_id: fiveHours, idempotency_key: key() });
    const [{ count }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(hourOrders)
      .where(eq(hourOrders.offerId, fiveHours));
    expect(count).toBeGreaterThan(0);
    const fresh = await offer(1, 70);
    const offers = (await call(owner, 'GET', '/api/settings/hour-shop')).json().offers;
    expect(offers.find((o: any) => o.id === fiveHours).orders).toBe(count);
    expect(offers.find((o: any) => o.id === fresh).orders).toBe(0);
    const refused = await call(owner, 'DELETE', `/api/settings/hour-shop/offers/${fiveHours}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('bitte deaktivieren statt löschen');
    expect((await call(owner, 'DELETE', `/api/settings/hour-shop/offers/${fresh}`)).statusCode).toBe(204);
  });
});
