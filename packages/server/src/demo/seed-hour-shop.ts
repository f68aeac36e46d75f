import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { admins, customers } from '../db/schema/index.js';
import { getBalanceAlertSettings } from '../modules/balance-alerts/balance-alert-settings.service.js';
import { findLowBalances } from '../modules/hour-accounting/low-balance.repo.js';
import { demoCaller, endDemoSessions } from './demo-api.js';

/** The lounge's catalogue of the demo: small, medium, large, the larger a little cheaper per hour. */
const OFFERS = [
  { hours: 5, price_per_hour: 58 },
  { hours: 10, price_per_hour: 55 },
  { hours: 20, price_per_hour: 52 },
];

const demoKey = (customerId: number, n: number) => `demo-hour-order-${customerId}-${n}`.padEnd(24, '0');

/**
 * "Stunden nachkaufen" in the demo (decision 0850), through the API: the Inhaberin's
 * catalogue with "usable when paid"; a customer low on hours ordered 5 hours that wait for
 * the payment (the lounge offers "Bezahlen"), another ordered 10 hours and paid, so they
 * count. The banner of every customer low on hours leads to the counter.
 */
export async function seedDemoHourShop(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const staff = await demoCaller(app, db, { userType: 'admin', id: owner.id });
  try {
    const offers: number[] = [];
    for (const offer of OFFERS) {
      offers.push((await staff<{ id: number }>('POST', '/api/settings/hour-shop/offers', offer)).id);
    }
    await staff('PUT', '/api/settings/hour-shop', { release: 'payment', requires_confirmation: false, daily_limit: 3 });
    const low = await findLowBalances(db, today, await getBalanceAlertSettings(db));
    const active = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.isActive, true))
      .orderBy(asc(customers.id));
    const waiting = low[0]?.customerId ?? active[2].id;
    const paid = active.find((c) => c.id !== waiting && !low.some((l) => l.customerId === c.id))?.id ?? active[3].id;
    const asWaiting = await demoCaller(app, db, { userType: 'customer', id: waiting });
    await asWaiting('POST', `/api/customers/${waiting}/hour-orders`, {
      offer_id: offers[0],
      idempotency_key: demoKey(waiting, 1),
    });
    const asPaid = await demoCaller(app, db, { userType: 'customer', id: paid });
    const order = await asPaid<{ invoice: { id: number }; total_gross: number }>(
      'POST',
      `/api/customers/${paid}/hour-orders`,
      {
        offer_id: offers[1],
        idempotency_key: demoKey(paid, 1),
      },
    );
    await staff('POST', `/api/quickbill/invoices/${order.invoice.id}/payments`, {
      payment_date: today,
      amount: order.total_gross,
      method: 'ueberweisung',
      reference: 'Stundenpaket aus der Lounge',
    });
    return `Stunden nachkaufen: ${OFFERS.length} Stundenpakete im Angebot, eine Bestellung wartet auf Zahlung, eine ist bezahlt`;
  } finally {
    await endDemoSessions(db);
  }
}
