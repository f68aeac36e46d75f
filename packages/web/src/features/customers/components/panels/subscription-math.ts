import { INDIVIDUAL_TEMPLATE_NAME } from '@butler/contract/subscriptions';

/** monthly price = monthly hours × template price per hour, in cents-exact euros. */
export function subscriptionMonthlyPrice(hours: number, pricePerHour: number): number {
  return Math.round(hours * pricePerHour * 100) / 100;
}

/** A ButlerPaket's name: its template's, or "Individuell" without one. */
export const templateName = (s: { template_name: string | null }) => s.template_name || INDIVIDUAL_TEMPLATE_NAME;
