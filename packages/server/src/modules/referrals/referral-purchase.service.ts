import type { ReferralBonus, zReferralPurchaseRequest } from '@butler/contract/referrals';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { customers, hourPackages } from '../../db/schema/index.js';
import { hundredthsToString, num, packageTotal } from '../../domain/decimal.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { findReferrerByCode, REFERRER_NOT_FOUND } from './referral-links.service.js';
import { onCustomerPurchase } from './referral-purchase-hook.js';
import { loadReferralSettings } from './referral-settings.repo.js';

export const PROGRAMME_INACTIVE = 'Das Empfehlungsprogramm ist derzeit deaktiviert';
export const OWN_CODE = 'Der eigene Empfehlungscode kann nicht verwendet werden';
export const NOT_REFERRED = 'Dieser Kunde wurde nicht empfohlen. Bitte hinterlegen Sie zuerst den Empfehlungsgeber.';
export const WRONG_REFERRER = 'Der Empfehlungscode gehört nicht zum Empfehlungsgeber dieses Kunden';
export const GIFT_ALREADY_GIVEN = 'Das Empfehlungsgeschenk wurde für diesen Kunden bereits eingelöst';

type Input = z.output<typeof zReferralPurchaseRequest>;

/**
 * The referral gift (SPEC §1: 2 hours free on the first order) as an hour package marked
 * is_referral_discount (DOMAIN-RULES §5). Only with the code of the buyer's own referrer,
 * once per customer, while the programme is active (decision 0185).
 */
export async function createReferralPurchase(db: Database, session: SessionContext, input: Input) {
  return db.transaction(async (tx) => {
    const [buyer] = await tx.select().from(customers).where(eq(customers.id, input.customer_id)).for('update');
    if (!buyer) throw new AppError('CUSTOMER_NOT_FOUND');
    const settings = await loadReferralSettings(tx);
    if (!settings.is_active) throw fieldError('referral_code', PROGRAMME_INACTIVE);
    const referrer = await findReferrerByCode(tx, input.referral_code);
    if (!referrer) throw fieldError('referral_code', REFERRER_NOT_FOUND);
    if (referrer.id === buyer.id) throw fieldError('referral_code', OWN_CODE);
    if (buyer.referredById === null) throw fieldError('referral_code', NOT_REFERRED);
    if (buyer.referredById !== referrer.id) throw fieldError('referral_code', WRONG_REFERRER);
    const [given] = await tx
      .select({ id: hourPackages.id })
      .from(hourPackages)
      .where(and(eq(hourPackages.customerId, buyer.id), eq(hourPackages.isReferralDiscount, true)))
      .limit(1);
    if (given) throw new AppError('CONFLICT', GIFT_ALREADY_GIVEN);

    const discount = input.custom_discount_percentage ?? settings.default_discount_percentage;
    const [row] = await tx
      .insert(hourPackages)
      .values({
        customerId: buyer.id,
        hours: String(input.hours),
        pricePerHour: String(input.price_per_hour),
        discountPercentage: String(discount),
        totalPrice: hundredthsToString(packageTotal(input.hours, input.price_per_hour, discount)),
        purchaseDate: input.purchase_date ?? todayVienna(),
        isReferralDiscount: true,
        createdBy: session.displayName,
      })
      .returning();
    await writeAudit(tx, session, 'create', 'hour_package', row.id, null, {
      ...row,
      referral_code: referrer.referralCode,
    });
    const bonus: ReferralBonus | null = await onCustomerPurchase(tx, buyer.id, session);
    return {
      id: row.id,
      customer_id: row.customerId,
      customer_name: `${buyer.firstName} ${buyer.lastName}`,
      hours: num(row.hours),
      price_per_hour: num(row.pricePerHour),
      discount_percentage: num(row.discountPercentage),
      total_price: num(row.totalPrice),
      purchase_date: row.purchaseDate,
      is_referral_discount: true as const,
      created_by: row.createdBy,
      created_at: row.createdAt.toISOString(),
      invoice: null,
      referral_bonus: bonus,
    };
  });
}
