import { formatDate, formatHours, formatMonthYear } from '@butler/contract/format';
import type { UsableHours } from '@butler/contract/usable-hours';
import { butlerUsableText, overdrawn, packagesText } from '@butler/contract/usable-hours-words';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { balanceAlerts, customers, hourOffers } from '../../db/schema/index.js';
import { parseDate } from '../../domain/calendar.js';
import type { Env } from '../../env.js';
import { findLowBalances, type LowBalanceRow } from '../hour-accounting/low-balance.repo.js';
import { customerAddressee } from '../mail/addressee.js';
import { queueMail } from '../mail/mail-queue.js';
import { staffRecipients } from '../mail/staff-recipients.js';
import { getBalanceAlertSettings } from './balance-alert-settings.service.js';

const VALID_ADDRESS = /^[^\s@]+@[^\s@]+$/;
const monthOf = (date: string) => {
  const { year, month } = parseDate(date);
  return formatMonthYear(year, month);
};

/** The facts of an alert mail, in words (decision 0742): the one figure first, then its parts. */
export function balanceFacts(usable: UsableHours): Array<[string, string]> {
  const facts: Array<[string, string]> = [['Jetzt verfügbar', formatHours(usable.total)]];
  const b = usable.butler;
  if (b) {
    facts.push([
      `ButlerPaket ${monthOf(b.period_start)}`,
      `${formatHours(b.used)} von ${formatHours(b.monthly_hours)} genutzt`,
    ]);
    if (overdrawn(b.carried) !== null)
      facts.push(['Mehrverbrauch der Vormonate', `${formatHours(-b.carried)}, schon abgezogen`]);
    else if (b.carried > 0)
      facts.push(['Übertrag aus den Vormonaten', `${formatHours(b.carried)}, schon eingerechnet`]);
    if (usable.packages) facts.push(['Davon aus dem ButlerPaket', butlerUsableText(b.usable)]);
    facts.push(['Monat endet am', formatDate(b.period_end)]);
  }
  const p = usable.packages;
  if (p)
    facts.push([
      'Stundenpakete',
      `${packagesText(p.remaining)} (${formatHours(p.used)} von ${formatHours(p.purchased)} genutzt)`,
    ]);
  return facts;
}

/**
 * Records every threshold crossing of `today` (all customers, or one) and queues the
 * customer's mail with it. The crossing's unique key (customer, kind, scope) makes this
 * idempotent: a second booking in the same period, a repeated job or a second worker
 * finds the row and does nothing. Returns the crossings recorded now.
 */
export async function recordCrossings(
  db: Database,
  env: Env,
  today: string,
  customerId?: number,
): Promise<LowBalanceRow[]> {
  const settings = await getBalanceAlertSettings(db);
  // The mail leads to "Stunden nachkaufen" while the lounge sells a package (decision 0850).
  const [offer] = await db.select({ id: hourOffers.id }).from(hourOffers).where(eq(hourOffers.isActive, true)).limit(1);
  const shopUrl = offer ? `${env.PUBLIC_URL}/customer/stunden-nachkaufen` : null;
  const low = await findLowBalances(db, today, settings, customerId);
  const fresh: LowBalanceRow[] = [];
  for (const row of low) {
    await db.transaction(async (tx) => {
      const [alert] = await tx
        .insert(balanceAlerts)
        .values({
          customerId: row.customerId,
          kind: row.kind,
          scope: row.scope,
          hoursTotal: String(row.kind === 'butler' ? row.usable.butler?.monthly_hours : row.usable.packages?.purchased),
          hoursUsed: String(row.kind === 'butler' ? row.usable.butler?.used : row.usable.packages?.used),
          hoursRemaining: String(row.usable.total),
          periodEnd: row.usable.butler?.period_end ?? null,
          crossedOn: today,
        })
        .onConflictDoNothing()
        .returning({ id: balanceAlerts.id });
      if (!alert) return;
      fresh.push(row);
      if (!settings.notify_customers || !row.balanceAlertMails || !VALID_ADDRESS.test(row.email.trim())) return;
      const queued = await queueMail(tx, {
        to: row.email,
        template: 'balance-alert',
        data: {
          to: (await customerAddressee(tx, row.customerId)) ?? { firstName: '', lastName: '', salutation: null },
          kind: row.kind,
          usable: formatHours(row.usable.total),
          usedUp: Math.round(row.usable.total * 100) <= 0,
          // Both parts only while both hold hours (an overdrawn part is a fact line, not a share).
          parts:
            row.usable.butler &&
            row.usable.packages &&
            row.usable.butler.usable > 0 &&
            row.usable.packages.remaining > 0
              ? { butler: formatHours(row.usable.butler.usable), packages: formatHours(row.usable.packages.remaining) }
              : null,
          facts: balanceFacts(row.usable),
          loungeUrl: `${env.PUBLIC_URL}/customer/dashboard`,
          shopUrl,
          accountUrl: `${env.PUBLIC_URL}/customer/account`,
        },
        customerId: row.customerId,
        entity: { type: 'balance_alert', id: alert.id },
        dedupeKey: `balance-alert:${row.customerId}:${row.kind}:${row.scope}`,
      });
      if (queued) await tx.update(balanceAlerts).set({ customerMailed: true }).where(eq(balanceAlerts.id, alert.id));
    });
  }
  return fresh;
}

/**
 * The staff's daily digest for `slot` (a date): claims every crossing not yet in a digest
 * (so each appears in exactly one) and queues one mail per staff member, all in one
 * transaction. With staff mails switched off the crossings are claimed without a mail.
 * Returns how many crossings the digest lists.
 */
export async function sendStaffDigest(db: Database, env: Env, slot: string): Promise<number> {
  const settings = await getBalanceAlertSettings(db);
  const recipients = settings.notify_staff ? await staffRecipients(db, 'dashboard.read') : [];
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(balanceAlerts)
      .set({ digestSlot: slot })
      .where(isNull(balanceAlerts.digestSlot))
      .returning({ id: balanceAlerts.id });
    if (claimed.length === 0 || recipients.length === 0) return claimed.length;
    const rows = await tx
      .select({
        customerId: customers.id,
        first: customers.firstName,
        last: customers.lastName,
        kind: balanceAlerts.kind,
        total: balanceAlerts.hoursTotal,
        used: balanceAlerts.hoursUsed,
        remaining: balanceAlerts.hoursRemaining,
        periodEnd: balanceAlerts.periodEnd,
        scope: balanceAlerts.scope,
        crossedOn: balanceAlerts.crossedOn,
      })
      .from(balanceAlerts)
      .innerJoin(customers, eq(customers.id, balanceAlerts.customerId))
      .where(and(eq(balanceAlerts.digestSlot, slot)))
      .orderBy(asc(customers.lastName), asc(customers.firstName), asc(balanceAlerts.kind), sql`${balanceAlerts.id}`);
    const digestRows = rows.map((r) => ({
      customer: `${r.first} ${r.last}`,
      what: r.kind === 'butler' ? `ButlerPaket ${monthOf(r.scope.split(':')[2] ?? '')}` : 'Stundenpakete',
      used: `${formatHours(r.used)} von ${formatHours(r.total)}`,
      // Since decision 0742 the crossing keeps the usable hours of both kinds together.
      usable: formatHours(r.remaining),
      crossedOn: formatDate(r.crossedOn),
    }));
    for (const recipient of recipients) {
      await queueMail(tx, {
        to: recipient.email,
        template: 'balance-digest',
        data: {
          name: recipient.name,
          date: formatDate(slot),
          rows: digestRows,
          dashboardUrl: `${env.PUBLIC_URL}/admin/dashboard`,
        },
        mentions: rows.map((r) => r.customerId),
        dedupeKey: `balance-digest:${slot}:${recipient.email.toLowerCase()}`,
      });
    }
    return claimed.length;
  });
}
