/**
 * The owner's accent colour (decision 0635). No zod here: the login page and the
 * app shell read it. The accent is drawn on the dark header and brand panel (the seal, the
 * highlighted menu button, the eyebrow text), with the header's navy as text on it, so one
 * pair decides: accent against HEADER_NAVY must reach WCAG AA for text, 4.5:1.
 */

/** The header's and the login brand panel's background (theme navy.9). */
export const HEADER_NAVY = '#1c3d5a';
/** The portal's gold, used while the owner has chosen no colour. */
export const DEFAULT_ACCENT = '#e0b746';
export const MIN_ACCENT_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** '#AbC123' → '#abc123'; null for anything that is not a six-digit hex colour. */
export function normalizeHex(value: string): string | null {
  const v = value.trim();
  return HEX.test(v) ? v.toLowerCase() : null;
}

/** The colour mixed with white step by step until it reaches the ratio on the navy: a suggestion. */
export function lightenToContrast(hex: string, min = MIN_ACCENT_CONTRAST): string {
  const base = channels(hex);
  for (let step = 0; step <= 20; step++) {
    const t = step / 20;
    const mixed = `#${base
      .map((c) =>
        Math.round(c + (255 - c) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(mixed, HEADER_NAVY) >= min) return mixed;
  }
  return '#ffffff';
}

const ratioText = (r: number) => r.toFixed(1).replace('.', ',');

/**
 * Null when the colour may be used; otherwise the German sentence that says why not and
 * which lighter shade of it would work.
 */
export function accentColorProblem(value: string): string | null {
  const hex = normalizeHex(value);
  if (!hex) return 'Bitte geben Sie die Farbe als Hex-Wert an, z. B. #e0b746';
  const ratio = contrastRatio(hex, HEADER_NAVY);
  if (ratio >= MIN_ACCENT_CONTRAST) return null;
  return (
    `Zu wenig Kontrast: ${hex} hat auf dem dunkelblauen Kopfbereich nur ${ratioText(ratio)}:1, ` +
    `nötig sind mindestens 4,5:1. Eine hellere Variante wäre ${lightenToContrast(hex)}.`
  );
}
