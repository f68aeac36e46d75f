import { PACKAGE_REQUEST_KIND_LABELS, PACKAGE_REQUEST_STATE_LABELS } from '@butler/contract/package-change-texts';
import type { StaffPackageRequest } from '@butler/contract/subscription-requests';
import { formatDate, formatDateTime, formatEuro, formatHours } from '../../../lib/format';

/** "Classic 10,00 h → Premium 8,00 h ab 01.04.2026" or "Verlängern: 01.01.2027 – 31.12.2027". */
export function wishSummary(r: StaffPackageRequest): string {
  if (r.kind === 'renew') {
    return `${PACKAGE_REQUEST_KIND_LABELS.renew}: ${formatDate(r.effective_from)} – ${formatDate(r.end_date)}, ${r.template_name} mit ${formatHours(r.monthly_hours)}`;
  }
  const now = `${r.current.template_name} ${formatHours(r.current.monthly_hours)}`;
  return `${now} → ${r.template_name} ${formatHours(r.monthly_hours)} ab ${formatDate(r.effective_from)} (bis ${formatDate(r.end_date)})`;
}

/**
 * The wished price as staff keep prices, net: "€ 750,00 netto pro Monat (jetzt € 500,00)". The
 * lounge quoted the customer the gross price of the invoice; "netto" keeps a phone call about
 * "the price" from comparing two different figures.
 */
export const wishPrice = (r: StaffPackageRequest) =>
  `${formatEuro(r.monthly_price)} netto pro Monat (jetzt ${formatEuro(r.current.monthly_price)})`;

/** "Gewünscht am 10.03.2026, 10:00" and, once answered, by whom. */
export function wishDates(r: StaffPackageRequest): string {
  const asked = `Gewünscht am ${formatDateTime(r.created_at)}`;
  if (!r.answered_at) return asked;
  return `${asked} · ${PACKAGE_REQUEST_STATE_LABELS[r.state]} am ${formatDateTime(r.answered_at)}${r.answered_by ? ` von ${r.answered_by}` : ''}`;
}
