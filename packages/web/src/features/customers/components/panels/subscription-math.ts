import { INDIVIDUAL_TEMPLATE_NAME } from '@butler/contract/subscriptions';

/** end = start + months − 1 day, the month end clamped like the server (DOMAIN-RULES §4). */
export function subscriptionEndDate(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month - 1, Math.min(d, last) - 1));
  return end.toISOString().slice(0, 10);
}

/** monthly price = monthly hours × template price per hour, in cents-exact euros. */
export function subscriptionMonthlyPrice(hours: number, pricePerHour: number): number {
  return Math.round(hours * pricePerHour * 100) / 100;
}

/** A ButlerPaket's name: its template's, or "Individuell" without one. */
export const templateName = (s: { template_name: string | null }) => s.template_name || INDIVIDUAL_TEMPLATE_NAME;
