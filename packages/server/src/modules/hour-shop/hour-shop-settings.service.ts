import {
  HOUR_OFFERS_MAX,
  HOUR_SHOP_DAILY_LIMIT,
  type HourOffer,
  type HourOfferInput,
  type HourShopAdmin,
  type HourShopRelease,
  type HourShopSettings,
} from '@butler/contract/hour-shop';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { hourOffers, hourShopSettings } from '../../db/schema/index.js';
import { hundredthsToString, num, toHundredths } from '../../domain/decimal.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

type SettingsRow = typeof hourShopSettings.$inferSelect;
type OfferRow = typeof hourOffers.$inferSelect;

const presentSettings = (
  row: Pick<SettingsRow, 'release' | 'requiresConfirmation' | 'dailyLimit'>,
): HourShopSettings => ({
  release: row.release as HourShopRelease,
  requires_confirmation: row.requiresConfirmation,
  daily_limit: row.dailyLimit,
});

const DEFAULTS = { release: 'immediate', requiresConfirmation: false, dailyLimit: HOUR_SHOP_DAILY_LIMIT.default };

/** Einstellungen → Stunden nachkaufen; the defaults (at once, no confirmation, 3 a day) while never saved. */
export async function loadHourShopSettings(executor: Executor): Promise<HourShopSettings> {
  const [row] = await executor.select().from(hourShopSettings).where(eq(hourShopSettings.id, 1));
  return presentSettings(row ?? DEFAULTS);
}

// Written out in full: drizzle renders `${hourOffers.id}` as a bare "id", which inside the subquery
// would mean o.id and count every order for every offer.
const ordersOf = sql<number>`(SELECT count(*)::int FROM hour_orders o WHERE o.offer_id = "hour_offers"."id")`;

const presentOffer = (row: OfferRow & { orders: number }): HourOffer => ({
  id: row.id,
  hours: num(row.hours),
  price_per_hour: num(row.pricePerHour),
  is_active: row.isActive,
  orders: row.orders,
});

/** The catalogue, smallest package first. */
export async function listHourOffers(executor: Executor, activeOnly = false): Promise<HourOffer[]> {
  const rows = await executor
    .select({ offer: hourOffers, orders: ordersOf })
    .from(hourOffers)
    .where(activeOnly ? eq(hourOffers.isActive, true) : undefined)
    .orderBy(asc(hourOffers.hours), asc(hourOffers.pricePerHour), asc(hourOffers.id));
  return rows.map((r) => presentOffer({ ...r.offer, orders: r.orders }));
}

const stored = (input: HourOfferInput) => ({
  hours: hundredthsToString(toHundredths(input.hours)),
  pricePerHour: hundredthsToString(toHundredths(input.price_per_hour)),
  isActive: input.is_active ?? true,
});

export function createHourShopSettingsService(db: Database) {
  return {
    async admin(): Promise<HourShopAdmin> {
      const [settings, offers] = await Promise.all([loadHourShopSettings(db), listHourOffers(db)]);
      return { ...settings, offers };
    },

    /** Saves the settings (upsert of row 1), audited in the same transaction. */
    async save(session: SessionContext, input: HourShopSettings): Promise<HourShopSettings> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(hourShopSettings).where(eq(hourShopSettings.id, 1)).for('update');
        const values = {
          release: input.release,
          requiresConfirmation: input.requires_confirmation,
          dailyLimit: input.daily_limit,
        };
        const [after] = await tx
          .insert(hourShopSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: hourShopSettings.id, set: values })
          .returning();
        await writeAudit(tx, session, before ? 'update' : 'create', 'hour_shop_settings', 1, before ?? null, after);
        return presentSettings(after);
      });
    },

    /** A new package for sale; the catalogue stays small (the lounge shows it as one list). */
    async createOffer(session: SessionContext, input: HourOfferInput): Promise<HourOffer> {
      return db.transaction(async (tx) => {
        // One catalogue: parallel additions queue here, so the limit holds.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('hour_offers'))`);
        const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(hourOffers);
        if (count >= HOUR_OFFERS_MAX) {
          throw new AppError(
            'CONFLICT',
            `Höchstens ${HOUR_OFFERS_MAX} Stundenpakete im Angebot: bitte ein altes Angebot ändern statt ein neues anzulegen`,
          );
        }
        const [row] = await tx.insert(hourOffers).values(stored(input)).returning();
        await writeAudit(tx, session, 'create', 'hour_offer', row.id, null, row);
        return presentOffer({ ...row, orders: 0 });
      });
    },

    /** Hours, price and active; orders already placed keep the terms they were placed with. */
    async updateOffer(session: SessionContext, id: number, input: HourOfferInput): Promise<HourOffer> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(hourOffers).where(eq(hourOffers.id, id)).for('update');
        if (!before) throw new AppError('HOUR_OFFER_NOT_FOUND');
        const [after] = await tx.update(hourOffers).set(stored(input)).where(eq(hourOffers.id, id)).returning();
        await writeAudit(tx, session, 'update', 'hour_offer', id, before, after);
        const [{ orders }] = await tx.select({ orders: ordersOf }).from(hourOffers).where(eq(hourOffers.id, id));
        return presentOffer({ ...after, orders });
      });
    },

    /** Only an offer nobody ordered; one that was ordered is switched off instead. */
    async deleteOffer(session: SessionContext, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(hourOffers).where(eq(hourOffers.id, id)).for('update');
        if (!before) throw new AppError('HOUR_OFFER_NOT_FOUND');
        const [{ orders }] = await tx.select({ orders: ordersOf }).from(hourOffers).where(eq(hourOffers.id, id));
        if (orders > 0) {
          throw new AppError(
            'CONFLICT',
            'Dieses Stundenpaket wurde schon bestellt: bitte deaktivieren statt löschen, damit die Bestellungen es behalten',
          );
        }
        await tx.delete(hourOffers).where(eq(hourOffers.id, id));
        await writeAudit(tx, session, 'delete', 'hour_offer', id, before, null);
      });
    },
  };
}
