import { z } from 'zod';
import { zMoney, zPositiveHours } from './decimals.js';

/**
 * "Stunden nachkaufen" (decision 0850): the owner's catalogue of Stundenpakete for sale in
 * the lounge, the settings of the counter, and the customer's orders.
 */

/** When bought hours become usable: at once, or when the invoice is paid. */
export const HOUR_SHOP_RELEASES = ['immediate', 'payment'] as const;
export type HourShopRelease = (typeof HOUR_SHOP_RELEASES)[number];
export const HOUR_SHOP_RELEASE_LABELS: Record<HourShopRelease, string> = {
  immediate: 'Sofort nach der Bestellung',
  payment: 'Sobald die Zahlung eingegangen ist',
};

export const HOUR_SHOP_DAILY_LIMIT = { min: 1, max: 20, default: 3 } as const;
export const HOUR_OFFER_HOURS_STEP = 0.5;
export const HOUR_OFFER_MAX_HOURS = 200;
export const HOUR_OFFERS_MAX = 12;

export const zHourShopSettings = z.object({
  release: z.enum(HOUR_SHOP_RELEASES, { error: 'Bitte wählen Sie, wann die Stunden nutzbar werden' }),
  requires_confirmation: z.boolean({ error: 'Bitte wählen Sie, ob Bestellungen bestätigt werden müssen' }),
  daily_limit: z
    .number({ error: 'Bitte geben Sie an, wie viele Bestellungen ein Kunde pro Tag aufgeben darf' })
    .int('Bitte eine ganze Zahl')
    .min(HOUR_SHOP_DAILY_LIMIT.min, `Mindestens ${HOUR_SHOP_DAILY_LIMIT.min} Bestellung pro Tag`)
    .max(HOUR_SHOP_DAILY_LIMIT.max, `Höchstens ${HOUR_SHOP_DAILY_LIMIT.max} Bestellungen pro Tag`),
});
export type HourShopSettings = z.infer<typeof zHourShopSettings>;

const OFFER_REQUIRED = 'Bitte geben Sie Stunden und Preis pro Stunde an';
export const zHourOfferInput = z.object({
  hours: zPositiveHours(OFFER_REQUIRED, HOUR_OFFER_HOURS_STEP).refine(
    (v) => v <= HOUR_OFFER_MAX_HOURS,
    `Höchstens ${HOUR_OFFER_MAX_HOURS} Stunden`,
  ),
  price_per_hour: zMoney(OFFER_REQUIRED).refine((v) => v > 0, 'Der Preis pro Stunde muss größer als 0 sein'),
  is_active: z.boolean().default(true),
});
export type HourOfferInput = z.input<typeof zHourOfferInput>;

export const zHourOffer = z.object({
  id: z.number(),
  hours: z.number(),
  price_per_hour: z.number(),
  is_active: z.boolean(),
  /** How many lounge orders name it (an offer once ordered is deactivated, not deleted). */
  orders: z.number(),
});
export type HourOffer = z.infer<typeof zHourOffer>;

/** GET /api/settings/hour-shop: what Einstellungen → Stunden nachkaufen edits. */
export const zHourShopAdmin = zHourShopSettings.extend({ offers: z.array(zHourOffer) });
export type HourShopAdmin = z.infer<typeof zHourShopAdmin>;

/** An offer as the lounge shows it: the price as the invoice will state it. */
export const zShopOffer = z.object({
  id: z.number(),
  hours: z.number(),
  price_per_hour: z.number(),
  net: z.number(),
  /** 20 (the invoice's VAT), or null for a Kleinunternehmer invoice. */
  tax_rate: z.number().nullable(),
  gross: z.number(),
});
export type ShopOffer = z.infer<typeof zShopOffer>;

export const HOUR_ORDER_STATES = ['requested', 'declined', 'awaiting_payment', 'completed', 'cancelled'] as const;
export type HourOrderState = (typeof HOUR_ORDER_STATES)[number];
/** The state as staff read it (the lounge words them in the customer's voice). */
export const HOUR_ORDER_STATE_LABELS: Record<HourOrderState, string> = {
  requested: 'Wartet auf Bestätigung',
  declined: 'Abgelehnt',
  awaiting_payment: 'Wartet auf Zahlung',
  completed: 'Stunden gutgeschrieben',
  cancelled: 'Storniert',
};

export const zHourOrder = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  hours: z.number(),
  price_per_hour: z.number(),
  total_gross: z.number(),
  state: z.enum(HOUR_ORDER_STATES),
  release: z.enum(HOUR_SHOP_RELEASES),
  ordered_at: z.string(),
  decided_by: z.string().nullable(),
  decision_note: z.string().nullable(),
  hour_package_id: z.number().nullable(),
  invoice: z
    .object({
      id: z.number(),
      invoice_number: z.string().nullable(),
      due_date: z.string(),
      /** Paid by SEPA-Lastschrift: the pre-notification's collection date and account. */
      direct_debit: z.object({ collection_date: z.string(), account: z.string() }).nullable(),
      paid: z.boolean(),
    })
    .nullable(),
});
export type HourOrder = z.infer<typeof zHourOrder>;

/** GET /api/customers/{id}/hour-shop: the counter as the customer sees it. */
export const zHourShop = z.object({
  open: z.boolean(),
  /** Why the counter is closed (no offers, invoicing not set up), in the customer's voice. */
  closed_reason: z.string().nullable(),
  offers: z.array(zShopOffer),
  release: z.enum(HOUR_SHOP_RELEASES),
  requires_confirmation: z.boolean(),
  small_business: z.boolean(),
  has_mandate: z.boolean(),
  orders_left_today: z.number(),
  orders: z.array(zHourOrder),
});
export type HourShop = z.infer<typeof zHourShop>;

/** POST /api/customers/{id}/hour-orders; the key makes a double tap one order. */
export const zHourOrderCreate = z.object({
  offer_id: z
    .number({ error: 'Bitte wählen Sie ein Stundenpaket' })
    .int()
    .positive('Bitte wählen Sie ein Stundenpaket'),
  idempotency_key: z
    .string({ error: 'Die Bestellung braucht einen Schlüssel' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Der Schlüssel der Bestellung ist ungültig'),
});
export type HourOrderCreate = z.infer<typeof zHourOrderCreate>;

export const zHourOrderDecline = z.object({
  note: z
    .string({ error: 'Bitte geben Sie einen Grund an' })
    .trim()
    .min(1, 'Bitte geben Sie einen Grund an')
    .max(500, 'Höchstens 500 Zeichen'),
});

export const zHourOrderListQuery = z.object({
  state: z.enum(HOUR_ORDER_STATES, { error: 'Unbekannter Status' }).optional(),
});
