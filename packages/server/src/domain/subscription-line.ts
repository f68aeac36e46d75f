import { formatDecimal } from '@butler/contract/format';

/**
 * "ButlerPaket Komfort": a ButlerPaket's name with "ButlerPaket" in front once; a template
 * already named "ButlerPaket Komfort" is not prefixed again (decision 0758).
 */
export function packageTitle(templateName: string | null | undefined): string {
  const name = (templateName ?? '').trim() || 'Individuell';
  return /^butlerpaket(\s|$)/i.test(name) ? name : `ButlerPaket ${name}`;
}

/**
 * The position text of a ButlerPaket invoice, the same from the daily job, "Jetzt abrechnen"
 * and the Monatslauf: "ButlerPaket Komfort · Dezember 2026 · 9,5 h" (hours with a decimal
 * comma), "… · 3 × 10 h" for a quarter.
 */
export function subscriptionLineText(templateName: string | null, periodLabel: string, months: number, hours: number) {
  return `${packageTitle(templateName)} · ${periodLabel} · ${months > 1 ? `${months} × ` : ''}${formatDecimal(hours)} h`;
}
