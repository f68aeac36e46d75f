import type { ReferralBonus } from '@butler/contract/referrals';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import { customers } from '../../db/schema/index.js';
import { normalizeReferralCode } from '../../domain/referral-code.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { repriceReferrer } from './referral-pricing.js';
import { bonusForReferrer, countPurchases } from './referral-purchase-hook.js';

export const REFERRER_NOT_FOUND = 'Empfehlungsgeber nicht gefunden';
export const SELF_REFERRAL = 'Ein Kunde kann sich nicht selbst empfehlen';
export const REFERRER_ALREADY_SET = 'Dieser Kunde hat bereits einen Empfehlungsgeber';
export const MUTUAL_REFERRAL = 'Zwei Kunden können sich nicht gegenseitig empfehlen';
export const REFERRAL_CYCLE =
  'Empfehlungen dürfen keinen Kreis bilden: Dieser Empfehlungsgeber wurde selbst (über andere) von diesem Kunden empfohlen';
export const NO_REFERRER = 'Dieser Kunde hat keinen Empfehlungsgeber';

const fullName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;

export async function findReferrerByCode(db: Executor, code: string) {
  const [row] = await db
    .select({
      id: customers.id,
      name: fullName,
      referralCode: customers.referralCode,
      referredById: customers.referredById,
    })
    .from(customers)
    .where(eq(customers.referralCode, normalizeReferralCode(code)))
    .limit(1);
  return row ?? null;
}

/**
 * Every change of who referred whom runs one at a time (an advisory lock for the referral
 * graph): a cycle check needs a graph nobody else changes meanwhile, and two changes that
 * lock each other's rows in opposite order (A refers B while B refers A: each update's
 * foreign key waits for the other's row) deadlocked and answered 500 (decision 0504).
 * The rows are then locked child before referrer, the order purchases use too.
 */
async function lockReferralGraph(tx: Transaction) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('referral-graph', 0))`);
}

/** Whether `customerId` is `referrerId` or above it in its chain of referrers (a cycle if linked). */
async function referredUpTheChain(tx: Transaction, referrerId: number, customerId: number) {
  const { rows } = await tx.execute<{ found: boolean }>(sql`
    WITH RECURSIVE chain(id) AS (
      SELECT referred_by_id FROM customers WHERE id = ${referrerId}
      UNION
      SELECT c.referred_by_id FROM customers c JOIN chain ON c.id = chain.id WHERE c.referred_by_id IS NOT NULL
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE id = ${customerId}) AS found`);
  return rows[0]?.found === true;
}

/** The customer row, locked for the transaction so two admins cannot set two referrers. */
async function lockCustomer(tx: Transaction, id: number) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  return row;
}

/**
 * Sets the referrer of a customer who has none (DOMAIN-RULES §5). When the customer has
 * already bought something the referral is successful at once, so the referrer's price
 * follows now, as it would have at the purchase (decision 0183).
 */
export async function addReferral(db: Database, session: SessionContext, customerId: number, code: string) {
  return db.transaction(async (tx) => {
    await lockReferralGraph(tx);
    const customer = await lockCustomer(tx, customerId);
    const referrer = await findReferrerByCode(tx, code);
    if (!referrer) throw fieldError('referral_code', REFERRER_NOT_FOUND);
    if (referrer.id === customer.id) throw fieldError('referral_code', SELF_REFERRAL);
    if (customer.referredById !== null) throw new AppError('CONFLICT', REFERRER_ALREADY_SET);
    if (referrer.referredById === customer.id) throw fieldError('referral_code', MUTUAL_REFERRAL);
    // A → B → C → A: every customer of the ring would earn a discount from the next.
    if (await referredUpTheChain(tx, referrer.id, customer.id)) throw fieldError('referral_code', REFERRAL_CYCLE);
    await tx
      .update(customers)
      .set({ referredById: referrer.id, updatedAt: new Date() })
      .where(eq(customers.id, customerId));
    await writeAudit(
      tx,
      session,
      'add_referral',
      'customer',
      customerId,
      { referred_by_id: null },
      {
        referred_by_id: referrer.id,
      },
    );
    let bonus: ReferralBonus | null = null;
    if ((await countPurchases(tx, customerId)) > 0) bonus = await bonusForReferrer(tx, referrer.id, session);
    return {
      referrer: { id: referrer.id, name: referrer.name, referral_code: referrer.referralCode },
      referral_bonus: bonus,
    };
  });
}

/**
 * Clears the referrer ('Direkt registriert' again). If the referral had counted (the
 * customer bought something), the former referrer's price follows the lower discount.
 */
export async function removeReferral(db: Database, session: SessionContext, customerId: number) {
  return db.transaction(async (tx) => {
    await lockReferralGraph(tx);
    const customer = await lockCustomer(tx, customerId);
    const referrerId = customer.referredById;
    if (referrerId === null) throw new AppError('CONFLICT', NO_REFERRER);
    await tx.update(customers).set({ referredById: null, updatedAt: new Date() }).where(eq(customers.id, customerId));
    await writeAudit(
      tx,
      session,
      'remove_referral',
      'customer',
      customerId,
      { referred_by_id: referrerId },
      {
        referred_by_id: null,
      },
    );
    if ((await countPurchases(tx, customerId)) > 0) await repriceReferrer(tx, referrerId, session);
  });
}
