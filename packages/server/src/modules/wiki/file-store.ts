/** What a browser may render from a download; anything else is sent as octet-stream. */
const SAFE_TYPES =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|tiff|heic|heif)|application\/pdf|application\/zip|application\/gzip|application\/x-7z-compressed|application\/x-rar-compressed|application\/vnd\.(openxmlformats-officedocument|oasis\.opendocument|ms-excel|ms-powerpoint)[\w.+-]*|application\/msword|audio\/(mpeg|mp4|ogg|wav|x-wav|flac|aac)|video\/(mp4|webm|ogg|quicktime|x-msvideo|x-matroska))$/;

export function safeContentType(mimeType: string): string {
  return SAFE_TYPES.test(mimeType) ? mimeType : 'application/octet-stream';
}

/** Legacy wiki uploads (before 0341): DATA_DIR/uploads/<32 hex>; moved into PostgreSQL at start (0342). */
export const LEGACY_STORED_NAME = /^[0-9a-f]{32}$/;

/** A client's file name, made safe to store and show: no path, no control characters, bounded. */
export function cleanFilename(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  name = name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, 200 - extension.length) + extension;
  }
  return name === '' || name === '.' || name === '..' ? 'datei' : name;
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(filename: string): string {
  const fallback =
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%;]/g, '_')
      .trim() || 'datei';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
