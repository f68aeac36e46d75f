import { imageDimensions } from '../../../lib/image-dimensions.js';

/**
 * Bildpunkte a letterhead logo may have. Drawn 140 × 60 pt, it needs about 600 × 250 pixels
 * at print resolution; every PDF decodes the whole image, and a 428 KB PNG of 10,500 ×
 * 10,500 pixels made each invoice and Monatsübersicht take half a minute and 1.9 GB
 * (decision 0505). Two megapixels leave room for any real logo.
 */
export const MAX_LOGO_PIXELS = 2_000_000;
export const MAX_LOGO_SIDE = 4_000;

/** `10.500`: whole numbers grouped with dots, as the portal writes amounts. */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Why an image cannot be the logo (German), or null when it can. */
export function logoProblem(bytes: Buffer): string | null {
  const size = imageDimensions(bytes);
  if (!size || size.width === 0 || size.height === 0) return 'Das Logo muss ein PNG- oder JPEG-Bild sein';
  if (size.width * size.height <= MAX_LOGO_PIXELS && Math.max(size.width, size.height) <= MAX_LOGO_SIDE) return null;
  return `Das Logo hat zu viele Bildpunkte: höchstens ${count(MAX_LOGO_PIXELS / 1_000_000)} Megapixel und ${count(MAX_LOGO_SIDE)} Pixel je Seite (z. B. 1.600 × 1.200). Dieses Bild hat ${count(size.width)} × ${count(size.height)} Pixel.`;
}
