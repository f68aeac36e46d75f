import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { addDays } from '../../../domain/calendar.js';
import { defineScheduledJob } from '../../../lib/jobs.js';
import { loadBillingSettings } from '../../quickbill/reminders/reminder-letter.js';
import { renewSubscription } from './billing.service.js';
import { billDuePeriods } from './period-billing.service.js';

const SYSTEM = { userType: 'system' as const, displayName: 'ButlerPaket-Abrechnung' };

/** ButlerPakete with automatic renewal that end within the notice days and have no successor yet. */
export async function renewDue(db: Database, today: string) {
  const settings = await loadBillingSettings(db);
  const result = await db.execute(sql`
    SELECT s.id FROM subscriptions s
    WHERE s.is_active AND s.auto_renew AND s.end_date >= ${today}::date
      AND s.end_date <= ${addDays(today, settings.renewalNoticeDays)}::date
      AND NOT EXISTS (SELECT 1 FROM subscriptions n WHERE n.renewed_from_id = s.id)
      AND NOT EXISTS (SELECT 1 FROM subscriptions n
        WHERE n.customer_id = s.customer_id AND n.id <> s.id AND n.start_date > s.end_date)
    ORDER BY s.id`);
  const renewed: number[] = [];
  for (const { id } of result.rows as Array<{ id: number }>) {
    try {
      renewed.push((await renewSubscription(db, SYSTEM, id)).id);
    } catch {
      // Another process renewed it, or a ButlerPaket follows already: nothing to do.
    }
  }
  return renewed;
}

/** Daily at 06:30 Vienna (slot = the date): automatic renewals, then every due period's invoice. */
export const subscriptionBillingJob = defineScheduledJob({
  name: 'subscriptions.billing',
  slot: 'date',
  maxAttempts: 10,
  async run(slot, ctx) {
    const renewed = await renewDue(ctx.db, slot);
    const created = await billDuePeriods(ctx.db, slot, SYSTEM);
    if (renewed.length || created.length)
      ctx.log(`billing ${slot}: ${created.length} invoice(s), ${renewed.length} renewal(s)`);
  },
});
