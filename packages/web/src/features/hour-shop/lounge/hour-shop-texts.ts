import type { HourOrder, HourShop, ShopOffer } from '@butler/contract/hour-shop';
import type { HourShopTexts } from '@butler/contract/hour-shop-texts';
import { formatDecimal, formatEuro, formatPercent } from '../../../lib/format';

/** `5 Stunden`, `2,5 Stunden`, `1 Stunde`: a package as the customer reads it. */
export const packageHours = (hours: number) => (hours === 1 ? '1 Stunde' : `${formatDecimal(hours)} Stunden`);

/**
 * The price per hour beside the gross total: net with "zzgl. USt." where the invoice adds VAT,
 * so 5 × € 58,00 next to € 348,00 does not read as a wrong sum (a Kleinunternehmer's is final).
 */
export const hourlyPrice = (offer: Pick<ShopOffer, 'price_per_hour' | 'tax_rate'>) =>
  `${formatEuro(offer.price_per_hour)} pro Stunde${offer.tax_rate === null ? '' : ' zzgl. USt.'}`;

/** Under the gross price: the VAT it holds, or the Kleinunternehmer note. */
export const taxNote = (offer: Pick<ShopOffer, 'tax_rate'>, t: HourShopTexts) =>
  offer.tax_rate === null ? t.smallBusinessNote : t.vatNote(formatPercent(offer.tax_rate));

/**
 * When the hours become usable and how it is paid, as the counter's rules say. While staff confirm
 * each order first, nothing happens "gleich": hours and payment details follow the confirmation.
 */
export function shopRules(shop: HourShop, t: HourShopTexts): string[] {
  const confirmed = shop.requires_confirmation;
  const release =
    shop.release === 'payment' ? t.releasePayment : confirmed ? t.releaseAfterConfirmation : t.releaseImmediate;
  const payment = shop.has_mandate
    ? t.payByDirectDebit
    : confirmed
      ? t.payByTransferAfterConfirmation
      : t.payByTransfer;
  return [release, payment];
}

export const orderStateText = (state: HourOrder['state'], t: HourShopTexts) =>
  ({
    requested: t.stateRequested,
    declined: t.stateDeclined,
    awaiting_payment: t.stateAwaitingPayment,
    completed: t.stateCompleted,
    cancelled: t.stateCancelled,
  })[state];

export const ORDER_STATE_COLORS: Record<HourOrder['state'], string> = {
  requested: 'yellow',
  declined: 'red',
  awaiting_payment: 'orange',
  completed: 'green',
  cancelled: 'gray',
};
