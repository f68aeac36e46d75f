import { z } from 'zod';
import { zUsableHours } from './usable-hours.js';

/**
 * Low-balance alerts (decision 0324): the settings staff choose, the figures of a customer
 * whose balance is low (lounge banner, "Knappes Guthaben"), the customer's mail choice.
 */

export const zBalanceAlertSettings = z.object({
  /** ButlerPaket: low once at most (100 − this) % of its monthly hours are usable (decision 0742). */
  butler_used_percent: z.number(),
  /** Stundenpakete: low once at most this many hours are left … */
  package_remaining_hours: z.number(),
  /** … or at most this share (%) of the newest package's hours (0 = off). */
  package_remaining_percent: z.number(),
  notify_customers: z.boolean(),
  notify_staff: z.boolean(),
});
export type BalanceAlertSettings = z.infer<typeof zBalanceAlertSettings>;

export const BALANCE_ALERT_DEFAULTS: BalanceAlertSettings = {
  butler_used_percent: 80,
  package_remaining_hours: 2,
  package_remaining_percent: 20,
  notify_customers: true,
  notify_staff: true,
};

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const setting = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine(twoDecimals, 'Höchstens zwei Nachkommastellen');

export const zBalanceAlertSettingsInput = z.object({
  butler_used_percent: setting('Der Anteil muss zwischen 1 und 100\u00a0% liegen', 1, 100),
  package_remaining_hours: setting('Die Reststunden müssen zwischen 0 und 1.000 liegen', 0, 1000),
  package_remaining_percent: setting('Der Anteil muss zwischen 0 und 100\u00a0% liegen', 0, 100),
  notify_customers: z.boolean({ error: 'Bitte wählen Sie, ob Kunden benachrichtigt werden' }),
  notify_staff: z.boolean({ error: 'Bitte wählen Sie, ob Mitarbeiter benachrichtigt werden' }),
});
export type BalanceAlertSettingsInput = z.infer<typeof zBalanceAlertSettingsInput>;

/**
 * A customer whose hours run short (decision 0742): all usable hours together (`usable.total`)
 * are at most the reserve their settings give, the sum of (100 − X) % of the ButlerPaket's
 * monthly hours and, with Stundenpakete, the larger of N h and P % of the newest package.
 * `kind` says which alert it is: the ButlerPaket's month ('butler') or, without a ButlerPaket
 * today, the packages ('package').
 */
export const zLowBalance = z.object({
  kind: z.enum(['butler', 'package']),
  usable: zUsableHours,
  reserve: z.number(),
});
export type LowBalance = z.infer<typeof zLowBalance>;

/** "Knappes Guthaben" on the admin dashboard: one row per customer. */
export const zLowBalanceCustomer = zLowBalance.extend({ customer_id: z.number(), customer_name: z.string() });
export type LowBalanceCustomer = z.infer<typeof zLowBalanceCustomer>;

/** "Mein Konto" → Benachrichtigungen (the customer's own choice; staff mails are not affected). */
export const zNotificationPreferences = z.object({
  balance_alert_mails: z.boolean({ error: 'Bitte wähle, ob du Hinweise per E-Mail erhalten möchtest' }),
  statement_mails: z.boolean({ error: 'Bitte wähle, ob du die Monatsübersicht per E-Mail erhalten möchtest' }),
  /** Mails about one's own Aufträge (decision 0810); the lounge shows every news anyway. */
  order_mails: z.boolean({ error: 'Bitte wähle, ob du E-Mails zu deinen Aufträgen erhalten möchtest' }),
});
export type NotificationPreferences = z.infer<typeof zNotificationPreferences>;

/** A Monatsübersicht the lounge lists (months with bookings, before the current one). */
/** One issued version of a month's statement: the one sent (0) or a marked correction (decision 0771). */
export const zStatementVersion = z.object({
  version: z.number(),
  issued_on: z.string(),
  kind: z.enum(['original', 'correction']),
  /** What a correction changed, in sentences ("Nachgetragen: 30.11.2026 · Haushalt · Einkauf · 2,00 h"). */
  changes: z.array(z.string()),
});
export const zStatementMonth = z.object({
  month: z.string(),
  month_display: z.string(),
  /** Issued versions, oldest first; empty for a month whose statement was never issued (shown as it is now). */
  versions: z.array(zStatementVersion),
});
export type StatementMonth = z.infer<typeof zStatementMonth>;
export const zStatementParams = z.object({
  id: z.coerce.number({ error: 'Ungültige ID' }).int('Ungültige ID').positive('Ungültige ID'),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Monat im Format JJJJ-MM angeben'),
});
export const zStatementVersionParams = zStatementParams.extend({
  version: z.coerce
    .number({ error: 'Ungültige Fassung' })
    .int('Ungültige Fassung')
    .min(0, 'Ungültige Fassung')
    .max(1000, 'Ungültige Fassung'),
});
