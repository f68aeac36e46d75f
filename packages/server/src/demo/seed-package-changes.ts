import type { PackageChangeOptions, PackageRequest } from '@butler/contract/subscription-requests';
import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { admins, customers, subscriptions } from '../db/schema/index.js';
import { demoCaller, endDemoSessions } from './demo-api.js';

const demoKey = (customerId: number) => `demo-package-change-${customerId}`;

/**
 * "Paket ändern" and "Verlängern" in the demo (decision 0851), through the API: one customer
 * asks for 2 hours more from next month (open, for the Büro to answer), one got that accepted
 * (the ButlerPaket continues with more hours from next month), one asked to renew and was
 * declined with a note.
 */
export async function seedDemoPackageChanges(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const staff = await demoCaller(app, db, { userType: 'admin', id: owner.id });
  try {
    const candidates = await db
      .selectDistinct({ id: customers.id })
      .from(customers)
      .innerJoin(subscriptions, eq(subscriptions.customerId, customers.id))
      .where(
        and(
          eq(customers.isActive, true),
          eq(subscriptions.isActive, true),
          isNotNull(subscriptions.templateId),
          lte(subscriptions.startDate, today),
          gte(subscriptions.endDate, today),
        ),
      )
      .orderBy(asc(customers.id));
    const picked: Array<{ id: number; options: PackageChangeOptions; call: Awaited<ReturnType<typeof demoCaller>> }> =
      [];
    for (const { id } of candidates) {
      if (picked.length === 3) break;
      const call = await demoCaller(app, db, { userType: 'customer', id });
      const options = await call<PackageChangeOptions>('GET', `/api/customers/${id}/package-change`);
      const needs = picked.length < 2 ? options.change.possible : options.renew.possible;
      if (needs && options.subscription?.template_id) picked.push({ id, options, call });
    }
    const [open, accepted, declined] = picked;
    const more = (p: (typeof picked)[number], message: string) =>
      p.call<PackageRequest>('POST', `/api/customers/${p.id}/package-change`, {
        kind: 'change',
        template_id: p.options.subscription?.template_id,
        monthly_hours: (p.options.subscription?.monthly_hours ?? 0) + 2,
        message,
        idempotency_key: demoKey(p.id),
      });
    const done: string[] = [];
    if (open) {
      await more(open, 'Im Frühling brauchen wir mehr Hilfe im Garten.');
      done.push('ein Wunsch wartet auf das Büro');
    }
    if (accepted) {
      const wish = await more(accepted, 'Gerne zwei Stunden mehr im Monat.');
      await staff('POST', `/api/subscription-requests/${wish.id}/accept`, {
        note: 'Sehr gerne, ab dem nächsten Monat sind es zwei Stunden mehr.',
      });
      done.push('einer ist angenommen');
    }
    if (declined) {
      const wish = await declined.call<PackageRequest>('POST', `/api/customers/${declined.id}/package-change`, {
        kind: 'renew',
        idempotency_key: demoKey(declined.id),
      });
      await staff('POST', `/api/subscription-requests/${wish.id}/decline`, {
        note: 'Wir rufen an: Für die Verlängerung haben wir ein neues Angebot.',
      });
      done.push('eine Verlängerung ist mit Notiz abgelehnt');
    }
    return `Paketwünsche aus der Lounge: ${done.join(', ') || 'keine'}`;
  } finally {
    await endDemoSessions(db);
  }
}
