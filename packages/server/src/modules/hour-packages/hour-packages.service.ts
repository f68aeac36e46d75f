import type { zCustomerHourPackageCreate, zHourPackageUpdate } from '@butler/contract/hour-packages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { hourPackages } from '../../db/schema/index.js';
import { hundredthsToString, packageTotal, toHundredths } from '../../domain/decimal.js';
import { assertCan, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { draftForHourPackage } from '../quickbill/sources/hour-package-draft.js';
import { onCustomerPurchase } from '../referrals/referral-purchase-hook.js';
import { findHourPackage, listHourPackages } from './hour-packages.repo.js';

type CreateInput = z.output<typeof zCustomerHourPackageCreate> & { create_invoice?: boolean };
type UpdateInput = z.output<typeof zHourPackageUpdate>;

const exact = (value: number) => hundredthsToString(toHundredths(value));

/** Stored amounts; total = hours × price × (1 − discount/100), half-up to cents (DOMAIN-RULES §4). */
function amounts(input: { hours: number; price_per_hour: number; discount_percentage: number }) {
  return {
    hours: exact(input.hours),
    pricePerHour: exact(input.price_per_hour),
    discountPercentage: exact(input.discount_percentage),
    totalPrice: hundredthsToString(packageTotal(input.hours, input.price_per_hour, input.discount_percentage)),
  };
}

export function createHourPackagesService(db: Database) {
  async function present(id: number, executor: Executor = db) {
    const found = await findHourPackage(executor, id);
    if (!found) throw new AppError('HOUR_PACKAGE_NOT_FOUND');
    return found;
  }

  return {
    /** One page of the list (newest first) and the total count. */
    list: (query: Parameters<typeof listHourPackages>[1]) => listHourPackages(db, query),

    /**
     * Sells a package; the referral hook runs in the same transaction (first purchase of a
     * referred customer). "Verkaufen und Rechnung erstellen" adds its invoice draft in that
     * transaction too: package and draft exist together or not at all.
     */
    async create(session: SessionContext, customerId: number, input: CreateInput) {
      if (input.create_invoice) assertCan(session, 'invoices.write', 'Sie dürfen keine Rechnungen erstellen');
      return db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        const [row] = await tx
          .insert(hourPackages)
          .values({
            customerId,
            ...amounts(input),
            purchaseDate: input.purchase_date ?? todayVienna(),
            createdBy: session.displayName,
          })
          .returning();
        await writeAudit(tx, session, 'create', 'hour_package', row.id, null, row);
        const bonus = await onCustomerPurchase(tx, customerId, session);
        if (input.create_invoice) await draftForHourPackage(tx, session, row.id, todayVienna());
        const answer = await present(row.id, tx);
        return bonus ? { ...answer, referral_bonus: bonus } : answer;
      });
    },

    /** Hours, price and discount are re-priced; the referral flag and seller stay. */
    async update(session: SessionContext, id: number, input: UpdateInput) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(hourPackages).where(eq(hourPackages.id, id)).for('update');
        if (!before) throw new AppError('HOUR_PACKAGE_NOT_FOUND');
        const customerId = input.customer_id ?? before.customerId;
        if (customerId !== before.customerId && !(await lockCustomer(tx, customerId))) {
          throw new AppError('CUSTOMER_NOT_FOUND');
        }
        const discount = input.discount_percentage ?? Number(before.discountPercentage);
        const [after] = await tx
          .update(hourPackages)
          .set({
            customerId,
            ...amounts({ ...input, discount_percentage: discount }),
            purchaseDate: input.purchase_date ?? before.purchaseDate,
          })
          .where(eq(hourPackages.id, id))
          .returning();
        await writeAudit(tx, session, 'update', 'hour_package', id, before, after);
      });
      return present(id);
    },

    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(hourPackages).where(eq(hourPackages.id, id)).returning();
        if (!before) throw new AppError('HOUR_PACKAGE_NOT_FOUND');
        await writeAudit(tx, session, 'delete', 'hour_package', id, before, null);
      });
    },
  };
}
