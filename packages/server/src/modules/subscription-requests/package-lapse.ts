import type { Executor } from '../../db/executor.js';
import { addDays } from '../../domain/calendar.js';
import { fromHundredths } from '../../domain/decimal.js';
import { usableHoursOf } from '../hour-accounting/usable-hours.repo.js';
import { priceItems } from '../quickbill/invoices/invoice-draft.js';
import type { ChangeTarget } from './package-plan.js';

/**
 * The hours a change lets lapse (decision 0851): when the change ends the running ButlerPaket
 * with its current period, what that ButlerPaket has left today (carried + this period's rest)
 * does not pass into the continuation, as a balance belongs to one ButlerPaket (DOMAIN-RULES
 * §4). Null when nothing is left or the change goes to a ButlerPaket that follows anyway.
 */
export async function lapsingHours(
  db: Executor,
  customerId: number,
  at: Pick<ChangeTarget, 'split' | 'effectiveFrom'>,
  today: string,
): Promise<{ hours: number; until: string } | null> {
  if (!at.split) return null;
  const usable = await usableHoursOf(db, customerId, today);
  const left = usable.butler?.usable ?? 0;
  return left > 0 ? { hours: left, until: addDays(at.effectiveFrom, -1) } : null;
}

/** A month's price as the ButlerPaket invoice states it: 20 % USt., none for a Kleinunternehmer. */
export function monthlyGross(net: number, smallBusiness: boolean) {
  const { totals } = priceItems(
    [{ description: 'ButlerPaket', quantity: 1, unit: 'Monat', unit_price: net, tax_rate: 20, tax_exemption: null }],
    smallBusiness,
  );
  return { monthly_price_gross: fromHundredths(totals.gross), tax_rate: smallBusiness ? null : 20 };
}
