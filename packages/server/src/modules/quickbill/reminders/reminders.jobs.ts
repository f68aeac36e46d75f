import type { Database } from '../../../db/client.js';
import { defineScheduledJob } from '../../../lib/jobs.js';
import { dueReminders } from './due-reminders.js';
import { mailOverdueDigest } from './overdue-digest.js';
import { sendDueReminder } from './reminder.service.js';
import { loadBillingSettings } from './reminder-letter.js';

const SYSTEM = { userType: 'system' as const, displayName: 'Mahnlauf' };

/**
 * The Mahnlauf of one day: each due reminder in its own transaction with the invoice locked
 * and re-read, so a payment booked meanwhile stops it and a second worker finds the level
 * taken (unique per invoice and level). Returns how many letters went out.
 */
export async function runReminders(db: Database, today: string): Promise<number> {
  const settings = await loadBillingSettings(db);
  if (!settings.automaticReminders) return 0;
  let sent = 0;
  for (const due of await dueReminders(db, today)) {
    if ((await sendDueReminder(db, SYSTEM, due.id, due.level, today)) === null) sent++;
  }
  return sent;
}

/** Daily at 08:00 Vienna (slot = the date): the Mahnlauf (when switched on), then the staff's overdue digest. */
export const dailyRemindersJob = defineScheduledJob({
  name: 'quickbill.reminders',
  slot: 'date',
  maxAttempts: 5,
  async run(slot, ctx) {
    const sent = await runReminders(ctx.db, slot);
    if (sent) ctx.log(`reminders sent: ${sent}`);
    await mailOverdueDigest(ctx.db, ctx.env, slot);
  },
});
