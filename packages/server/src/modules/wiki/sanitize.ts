import sanitizeHtml from 'sanitize-html';

/**
 * The only markup wiki content may keep (DOMAIN-RULES §6): what the rich-text editor
 * writes, nothing that runs. Everything else is dropped; the text of dropped tags stays
 * (escaped) except inside script/style-like tags, whose text goes too.
 */
export const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'mark',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
] as const;

/** Link targets a stored link may have; relative and protocol-relative links are dropped too. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'], code: ['class'] },
  // Code blocks of the editor carry their language for highlighting, nothing else.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'iframe', 'noembed', 'noframes'],
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      // Browsers ignore control characters and spaces inside schemes ("java\tscript:").
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters browsers skip in a scheme.
      const href = (attribs.href ?? '').replace(/[\x00-\x20]+/g, '');
      const safe: sanitizeHtml.Attributes = SAFE_HREF.test(href)
        ? { href: attribs.href.trim(), rel: 'noopener noreferrer nofollow', target: '_blank' }
        : {};
      return { tagName, attribs: safe };
    },
  },
};

/** Keeps only the allow-listed markup of wiki content. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Plain text of (sanitised) HTML: for project descriptions and previews. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<(br|\/p|\/li|\/h[1-6]|\/blockquote|\/pre|hr)\b[^>]*>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** A plain-text value (e.g. a former password) as HTML that shows exactly that text. */
export function textToHtml(text: string): string {
  const escaped = text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
  );
  return `<p>${escaped.replace(/\r?\n/g, '<br />')}</p>`;
}

/** First `length` characters of the plain text, with an ellipsis when cut. */
export function preview(html: string, length: number): string {
  const text = htmlToText(html).replace(/\n+/g, ' ');
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}
