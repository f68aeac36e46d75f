import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { customers, sepaMandates, subscriptions } from '../db/schema/index.js';
import { demoCaller, endDemoSessions } from './demo-api.js';
import { DEMO_PASSWORD } from './demo-password.js';

const IBANS = ['AT611904300234573201', 'AT071100000012345678'];
/** The browser the proof names: the demo's customers sign on their phones. */
const PHONE = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
};

/**
 * "Lastschrift einrichten" in `npm run demo` (decision 0853), through the API as the customers
 * themselves: one customer with a running ButlerPaket signed a mandate online (active, with its
 * proof and the mailed copy); another signed one and revoked it again in the lounge (the team's
 * mail waits in the Postausgang). Runs after the SEPA demo, which set the Gläubiger-ID.
 */
export async function seedDemoMandateOnline(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const candidates = await db
    .selectDistinct({ id: customers.id, first: customers.firstName, last: customers.lastName })
    .from(customers)
    .innerJoin(subscriptions, eq(subscriptions.customerId, customers.id))
    .leftJoin(sepaMandates, eq(sepaMandates.customerId, customers.id))
    .where(
      and(
        eq(customers.isActive, true),
        isNull(sepaMandates.id),
        eq(subscriptions.isActive, true),
        sql`${subscriptions.startDate} <= ${today}::date AND ${subscriptions.endDate} >= ${today}::date`,
      ),
    )
    .orderBy(asc(customers.id))
    .limit(2);
  try {
    for (const [i, customer] of candidates.entries()) {
      const api = await demoCaller(app, db, { userType: 'customer', id: customer.id });
      const url = `/api/customers/${customer.id}/mandate-online`;
      const { offer } = await api<{ offer: { reference: string; mandate_text: string } | null }>('GET', url);
      if (!offer) return 'Lastschrift online: nicht angelegt (Lastschrift nicht eingerichtet)';
      await api(
        'POST',
        url,
        {
          idempotency_key: randomUUID(),
          reference: offer.reference,
          mandate_text: offer.mandate_text,
          debtor_name: `${customer.first} ${customer.last}`,
          debtor_iban: IBANS[i],
          password: DEMO_PASSWORD,
        },
        PHONE,
      );
      if (i === 1) await api('POST', `${url}/revoke`, { reason: 'Konto wird aufgelöst' });
    }
  } finally {
    await endDemoSessions(db);
  }
  const [signed, revoked] = candidates;
  if (!signed) return 'Lastschrift online: kein Kunde ohne Mandat frei';
  const second = revoked ? `, ${revoked.first} ${revoked.last} hat eines unterschrieben und widerrufen` : '';
  return `Lastschrift online: ${signed.first} ${signed.last} hat ein Mandat in der Lounge unterschrieben${second}`;
}
