import { formatHours, MONTH_NAMES } from './format.js';
import type { UsableHours } from './usable-hours.js';

/**
 * The one hours figure in words (decision 0742), shared by screens, mails and PDFs. No zod
 * here: the lounge's first load imports it (its schema is in usable-hours.ts).
 */

/** Hours overdrawn (a positive number) or null: the ButlerPaket's Mehrverbrauch, the packages' Minus. */
export function overdrawn(value: number): number | null {
  return Math.round(value * 100) < 0 ? Math.round(-value * 100) / 100 : null;
}

const h = (value: number) => formatHours(Math.abs(value));

/** The ButlerPaket's usable hours: "noch 1,50 h", or "2,00 h Mehrverbrauch" below 0. */
export const butlerUsableText = (usable: number) =>
  overdrawn(usable) === null ? `noch ${h(usable)}` : `${h(usable)} Mehrverbrauch`;

/** The Stundenpakete's remaining hours: "noch 1,25 h", or "0,50 h im Minus" below 0 (SPEC §4's Minus). */
export const packagesText = (remaining: number) =>
  overdrawn(remaining) === null ? `noch ${h(remaining)}` : `${h(remaining)} im Minus`;

/**
 * What the earlier months of the ButlerPaket add, in words (the overuse is said, not shown as
 * a figure that reads like hours left): null when they add nothing.
 */
export function carriedText(carried: number): string | null {
  const hundredths = Math.round(carried * 100);
  if (hundredths > 0) return `inklusive ${h(carried)} Übertrag aus den Vormonaten`;
  if (hundredths < 0) return `abzüglich ${h(carried)} Mehrverbrauch aus den Vormonaten`;
  return null;
}

/** What "Jetzt verfügbar" means, on staff screens (no form of address); the lounge has its own in its voice. */
export const staffUsableExplained = (termEnd: string) =>
  `„Jetzt verfügbar“: alle Stunden, die ab heute genutzt werden können – die Monatsstunden abzüglich des Genutzten, dazu der Übertrag der Vormonate oder abzüglich ihres Mehrverbrauchs. Nicht genutzte Stunden bleiben bis zum Laufzeitende am ${termEnd} erhalten.`;

/** "Dezember" for a period starting in December (a period is named by the month of its first day). */
export const periodMonthName = (periodStart: string) => MONTH_NAMES[Number(periodStart.slice(5, 7)) - 1];

/**
 * The parts of the one figure as lines for staff screens: "ButlerPaket Dezember: 0,50 h
 * (abzüglich 17,25 h Mehrverbrauch aus den Vormonaten)", "Stundenpakete: 1,25 h".
 */
export function usableLines(usable: UsableHours): string[] {
  const lines: string[] = [];
  const b = usable.butler;
  if (b) {
    const carried = carriedText(b.carried);
    lines.push(
      `ButlerPaket ${periodMonthName(b.period_start)}: ${butlerUsableText(b.usable)}${carried ? ` (${carried})` : ''}`,
    );
  }
  if (usable.packages) lines.push(`Stundenpakete: ${packagesText(usable.packages.remaining)}`);
  return lines;
}
