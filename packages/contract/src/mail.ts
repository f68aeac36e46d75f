import { z } from 'zod';
import { zPageQuery, zSearchParam } from './list-query.js';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Where mails go (decision 0755): 'smtp' to the mail server of SMTP_URL; 'outbox' only into
 * the outbox folder on the portal's computer, nothing is sent.
 */
export const MAIL_DELIVERIES = ['smtp', 'outbox'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** German names of the mail templates for the Postausgang (unknown ones show their key). */
export const MAIL_TEMPLATE_LABELS: Record<string, string> = {
  'account-invitation': 'Einladung',
  'password-reset': 'Neues Passwort',
  'security-notice': 'Sicherheitshinweis',
  invoice: 'Rechnung',
  'invoice-reminder': 'Zahlungserinnerung / Mahnung',
  'balance-alert': 'Hinweis: knappes Guthaben',
  'balance-digest': 'Tagesübersicht knappes Guthaben',
  statement: 'Monatsübersicht',
  'subscription-ending': 'ButlerPaket endet',
  'overdue-digest': 'Tagesübersicht überfällige Rechnungen',
  'direct-debit-returns': 'Rücklastschriften',
  'order-update': 'Auftrag',
  'visit-update': 'Termin',
  'hour-order-request': 'Stundenbestellung wartet auf Bestätigung',
  'hour-order-declined': 'Stundenbestellung abgelehnt',
  'month-confirmation': 'Monatsfreigabe',
  'month-question': 'Rückfrage zur Monatsfreigabe',
  'package-change': 'Paketwunsch',
  'mandate-signed': 'SEPA-Mandat online unterschrieben',
  'mandate-revoked': 'SEPA-Mandat widerrufen',
};

export const zMailListQuery = zPageQuery.extend({
  status: z.enum(MAIL_STATUSES, { error: 'Unbekannter Status (queued, sent oder failed)' }).optional(),
  search: zSearchParam,
});
export type MailListQuery = z.infer<typeof zMailListQuery>;

export const zMailListItem = z.object({
  id: z.number(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  /** queued: waiting (attempts 0) or retrying (attempts > 0, last_error set); sent; failed: retries used up. */
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  customer_id: z.number().nullable(),
  entity_type: z.string().nullable(),
  entity_id: z.number().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** For a sent mail: handed to the mail server, or only written to the outbox folder (null until sent). */
  delivered_via: z.enum(MAIL_DELIVERIES).nullable(),
  /**
   * Why "Erneut senden" is refused for this mail, or null: a mail with a set-password link
   * goes again only to the account's current address, while the account may use the link.
   */
  resend_refusal: z.string().nullable(),
});
export type MailListItem = z.infer<typeof zMailListItem>;

export const zMailDetail = zMailListItem.extend({
  from: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string() })),
  message_id: z.string().nullable(),
});
export type MailDetail = z.infer<typeof zMailDetail>;

export const zMailSummary = z.object({
  queued: z.number(),
  retrying: z.number(),
  sent: z.number(),
  failed: z.number(),
});
export type MailSummary = z.infer<typeof zMailSummary>;

export const zMailResendResult = z.object({ id: z.number(), status: z.enum(MAIL_STATUSES), copied: z.boolean() });

/** How this portal delivers mail, for the staff screens' wording (decision 0755). */
export const zMailSetup = z.object({
  transport: z.enum(MAIL_DELIVERIES),
  /** The folder mails are written to while no mail server is set (null with SMTP). */
  outbox_folder: z.string().nullable(),
  /** The address links in mails carry (PUBLIC_URL). */
  public_url: z.string(),
  /** PUBLIC_URL names this computer (localhost, 127.x, ::1): its links open nowhere else. */
  public_url_local: z.boolean(),
});
export type MailSetup = z.infer<typeof zMailSetup>;
