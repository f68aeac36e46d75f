import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { blobs, providerSettings } from '../../../db/schema/index.js';
import { readBlob } from '../../../lib/blob-store.js';
import { escapeHtml } from '../../../lib/escape-html.js';
import { type ScaledImage, scaleImage } from '../../../lib/image-scale.js';
import type { MailAttachment } from '../../../lib/mail.js';

/**
 * Where the layout's header takes the owner's logo (decision 0665). The stored mail keeps
 * this comment; the logo is put in when the mail is delivered, so the outbox row, the
 * Postausgang and a backup never carry the image, and a mail without it gets none.
 */
export const LOGO_SLOT = '<!--brand-logo-->';

/** The image part's Content-ID: the HTML says `cid:` + this. */
export const LOGO_CID = 'brand-logo@butler-portal';

/** The stored size: 3 × the drawn size, sharp on phones, about 5–30 KB for a real logo. */
const RASTER = { maxWidth: 480, maxHeight: 120 };
/** The drawn size in the header (CSS pixels), as the portal's header draws it: height 40, at most 4 × as wide. */
const DRAWN = { maxWidth: 160, maxHeight: 40 };

export type MailLogo = ScaledImage & { drawnWidth: number; drawnHeight: number };

/** The company name and the logo's blob and version now (one primary-key read). */
async function currentLogo(executor: Executor) {
  const [row] = await executor
    .select({ name: providerSettings.companyName, blobId: blobs.id, sha: blobs.sha256 })
    .from(providerSettings)
    .leftJoin(blobs, eq(blobs.id, providerSettings.logoBlobId))
    .where(eq(providerSettings.id, 1));
  return { name: row?.name.trim() || 'Mein BUTLER', blobId: row?.blobId ?? null, sha: row?.sha ?? null };
}

/** The prepared logo of the last logo version seen (by its SHA-256): scaled once per process and logo. */
let prepared: { sha: string; logo: MailLogo } | null = null;

/** The logo scaled for mails and the size the header draws it at. */
export function prepareMailLogo(bytes: Buffer): MailLogo {
  const image = scaleImage(bytes, RASTER);
  const factor = Math.min(1, DRAWN.maxWidth / image.width, DRAWN.maxHeight / image.height);
  return {
    ...image,
    drawnWidth: Math.max(1, Math.round(image.width * factor)),
    drawnHeight: Math.max(1, Math.round(image.height * factor)),
  };
}

/**
 * The owner's logo as mails carry it, and their company name for its alt text, as they are
 * now (when the mail is delivered); logo null without one. Throws when the stored image cannot
 * be decoded (the caller sends the mail without it).
 */
export async function loadMailLogo(executor: Executor): Promise<{ logo: MailLogo | null; name: string }> {
  const row = await currentLogo(executor);
  const name = row.name;
  if (!row.blobId || !row.sha) return { logo: null, name };
  if (prepared?.sha !== row.sha) {
    const bytes = await readBlob(executor, row.blobId);
    if (!bytes) return { logo: null, name };
    prepared = { sha: row.sha, logo: prepareMailLogo(bytes) };
  }
  return { logo: prepared.logo, name };
}

/** The header's image: drawn size in attributes too (mail programs that ignore CSS obey them). */
const logoImage = (src: string, logo: MailLogo, name: string) =>
  `<img src="${src}" alt="${escapeHtml(name)}" width="${logo.drawnWidth}" height="${logo.drawnHeight}" style="display:block;border:0;outline:none;width:${logo.drawnWidth}px;height:${logo.drawnHeight}px;margin:0 0 12px;color:#ffffff;">`;

/**
 * The mail's HTML with the logo in its slot and the image part that goes with it, or the
 * HTML without the slot and no part (no logo, or a mail stored without a slot).
 */
export function withMailLogo(
  htmlBody: string,
  brand: { logo: MailLogo | null; name: string },
): { html: string; parts: MailAttachment[] } {
  const { logo, name } = brand;
  if (!logo || !htmlBody.includes(LOGO_SLOT)) return { html: htmlBody.replace(LOGO_SLOT, ''), parts: [] };
  const img = logoImage(`cid:${LOGO_CID}`, logo, name);
  const filename = logo.contentType === 'image/png' ? 'logo.png' : 'logo.jpg';
  return {
    html: htmlBody.replace(LOGO_SLOT, () => img),
    parts: [
      { filename, content: logo.content, contentType: logo.contentType, cid: LOGO_CID, contentDisposition: 'inline' },
    ],
  };
}

/**
 * A stored mail's HTML for the Postausgang's preview: the slot shows the logo a delivery
 * would carry now, the same scaled image, as a data address (the preview's sandboxed frame
 * may not load the portal's own addresses, and the CSP allows `data:` images).
 */
export async function withLogoPreview(executor: Executor, htmlBody: string): Promise<string> {
  if (!htmlBody.includes(LOGO_SLOT)) return htmlBody;
  const brand = await loadMailLogo(executor).catch(() => ({ logo: null, name: '' }));
  if (!brand.logo) return htmlBody.replace(LOGO_SLOT, '');
  const src = `data:${brand.logo.contentType};base64,${brand.logo.content.toString('base64')}`;
  const img = logoImage(src, brand.logo, brand.name);
  return htmlBody.replace(LOGO_SLOT, () => img);
}
