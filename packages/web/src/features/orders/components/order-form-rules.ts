import { ORDER_LIMITS, type OrderChannel, type OrderCreate } from '@butler/contract/orders';

export type OrderFormValues = {
  title: string;
  details: string;
  due_date: string | null;
  where: 'home' | 'other';
  location: string;
  urgent: boolean;
  channel: OrderChannel;
};

export const emptyOrderForm = (channel: OrderChannel = 'lounge'): OrderFormValues => ({
  title: '',
  details: '',
  due_date: null,
  where: 'home',
  location: '',
  urgent: false,
  channel,
});

/** The form's checks in the words of the contract (the server checks again). */
export function orderFormErrors(v: OrderFormValues): Partial<Record<keyof OrderFormValues, string>> {
  const errors: Partial<Record<keyof OrderFormValues, string>> = {};
  if (!v.title.trim()) errors.title = 'Bitte geben Sie an, worum es geht';
  else if (v.title.trim().length > ORDER_LIMITS.titleChars) errors.title = 'Höchstens 150 Zeichen';
  if (v.details.trim().length > ORDER_LIMITS.detailsChars) errors.details = 'Höchstens 5.000 Zeichen';
  if (v.where === 'other' && !v.location.trim()) errors.location = 'Bitte geben Sie die Adresse an';
  else if (v.location.trim().length > 300) errors.location = 'Höchstens 300 Zeichen';
  return errors;
}

/** The request body; the lounge sends no channel (the server records 'lounge'). */
export function orderCreateBody(v: OrderFormValues, idempotencyKey: string, staff: boolean): OrderCreate {
  return {
    title: v.title.trim(),
    details: v.details.trim(),
    due_date: v.due_date,
    location: v.where === 'other' ? v.location.trim() : null,
    urgent: v.urgent,
    ...(staff ? { channel: v.channel } : {}),
    idempotency_key: idempotencyKey,
  };
}
