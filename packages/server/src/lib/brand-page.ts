import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { escapeHtml } from './escape-html.js';

/**
 * The owner's brand in the served HTML (decision 0635). The login pages are
 * pre-rendered at build time (decision 0411) with the portal's default brand; every HTML
 * page is sent through here, which puts the current name, logo and accent colour into it,
 * so a changed setting shows on the next load without a rebuild. Every value is escaped
 * for where it lands (text, attribute, JSON inside a script element).
 */
export type Brand = {
  /** The owner's company name; the product's word mark while none is set. */
  name: string | null;
  /** #rrggbb, checked for contrast when saved; null: the portal's gold. */
  accent: string | null;
  /** The logo blob's sha256 (the logo's version in its address); null: no logo. */
  logo: string | null;
};

/** JSON that cannot end its script element or open a comment (`</script>`, `<!--`). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export const logoUrl = (brand: Pick<Brand, 'logo'>) =>
  brand.logo ? `/api/brand/logo?v=${brand.logo.slice(0, 16)}` : null;

/** What the app reads from `#brand-data` (web/src/lib/brand.ts). */
export function brandData(brand: Brand) {
  return { name: brand.name, accent: brand.accent, logo_url: logoUrl(brand) };
}

export function injectBrand(page: string, brand: Brand): string {
  // Every replacement is a function: a replacement string would read $&, $`, $' or $1
  // in the owner's text as patterns and copy parts of the page into it.
  let out = page;
  if (brand.name) {
    const name = escapeHtml(brand.name);
    const initial = escapeHtml(brand.name.trim().charAt(0).toUpperCase());
    out = out
      .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
      // Elements the app marks with data-brand-name hold the name as their only text.
      .replace(
        /(<[a-z][^>]*\sdata-brand-name(?:="[^"]*")?[^>]*>)[^<]*(<\/)/g,
        (_m, open: string, close: string) => open + name + close,
      )
      .replace(
        /(<[a-z][^>]*\sdata-brand-initial(?:="[^"]*")?[^>]*>)[^<]*(<\/)/g,
        (_m, open: string, close: string) => open + initial + close,
      );
  }
  const logo = logoUrl(brand);
  if (logo) {
    // The seal becomes the logo, at the seal's height.
    out = out.replace(
      /<svg[^>]*\sdata-brand-seal="(\d+)"[^>]*>[\s\S]*?<\/svg>/g,
      (_m, size: string) =>
        `<img src="${escapeHtml(logo)}" alt="" height="${size}" style="height:${size}px;width:auto;max-width:${Number(size) * 4}px;object-fit:contain;display:block;flex-shrink:0" data-brand-logo>`,
    );
  }
  const head = [
    brand.accent ? `<style id="brand-style">:root{--brand-accent:${escapeHtml(brand.accent)}}</style>` : '',
    `<script type="application/json" id="brand-data">${scriptJson(brandData(brand))}</script>`,
  ].join('');
  return out.replace('</head>', () => `${head}</head>`);
}

/** The page's validator: changes with the built file and with the brand. */
export function brandEtag(page: string, brand: Brand): string {
  return `"${createHash('sha256').update(page).update(JSON.stringify(brand)).digest('base64url').slice(0, 27)}"`;
}

/** Built pages by file, read once per change of the file on disk. */
const pages = new Map<string, { mtimeMs: number; html: string }>();
export async function readPage(file: string): Promise<string> {
  const info = await stat(file);
  const cached = pages.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs) return cached.html;
  const html = await readFile(file, 'utf8');
  pages.set(file, { mtimeMs: info.mtimeMs, html });
  return html;
}

/** Compressed bodies by ETag (a handful of pages × brand versions; the oldest go first). */
const compressed = new Map<string, Buffer>();
export function compressPage(etag: string, encoding: 'br' | 'gzip', body: string): Buffer {
  const key = `${encoding}:${etag}`;
  const hit = compressed.get(key);
  if (hit) return hit;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(body, { level: 9 });
  compressed.set(key, bytes);
  if (compressed.size > 32) compressed.delete(compressed.keys().next().value as string);
  return bytes;
}
