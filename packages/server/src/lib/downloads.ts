import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Stored bytes sent to a browser, and the names and types they are sent with: the one place
 * for the wiki's files, the Aufträge' attachments and the SEPA and bank XML files.
 */

/** What a browser may render from a download; anything else is sent as octet-stream. */
const SAFE_TYPES =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|tiff|heic|heif)|application\/pdf|application\/zip|application\/gzip|application\/x-7z-compressed|application\/x-rar-compressed|application\/vnd\.(openxmlformats-officedocument|oasis\.opendocument|ms-excel|ms-powerpoint)[\w.+-]*|application\/msword|audio\/(mpeg|mp4|ogg|wav|x-wav|flac|aac)|video\/(mp4|webm|ogg|quicktime|x-msvideo|x-matroska))$/;

export function safeContentType(mimeType: string): string {
  return SAFE_TYPES.test(mimeType) ? mimeType : 'application/octet-stream';
}

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

/** `attachment` (or `inline`) with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
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
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface StoredFile {
  /** The type to send: `safeContentType()` of an upload's claimed type, or the type the server wrote. */
  contentType: string;
  /** A name the server chose (ASCII, sent as it is) or an upload's name (sent with its UTF-8 form). */
  fileName: string;
  size: number;
  stream: Readable;
}

/**
 * Streams stored bytes: nosniff, never cached, and a sandboxing policy in case a browser renders
 * them anyway. `inline` lets photos and PDFs show in the page (the Aufträge' thread); anything
 * else is an attachment.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  {
    disposition = 'attachment',
    serverNamed = false,
  }: { disposition?: 'attachment' | 'inline'; serverNamed?: boolean } = {},
) {
  return reply
    .header('Content-Type', file.contentType)
    .header(
      'Content-Disposition',
      serverNamed ? `${disposition}; filename="${file.fileName}"` : contentDisposition(file.fileName, disposition),
    )
    .header('Content-Length', String(file.size))
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Security-Policy',
      disposition === 'inline' ? "default-src 'none'; img-src 'self'; sandbox" : "default-src 'none'; sandbox",
    )
    .header('Cache-Control', 'private, no-store')
    .send(file.stream);
}

/** A stored XML file the server wrote (SEPA, bank statements) as a download, bytes exactly as kept. */
export function sendXml(reply: FastifyReply, opened: { sizeBytes: number; stream: Readable }, fileName: string) {
  return sendStoredFile(
    reply,
    { contentType: 'application/xml; charset=utf-8', fileName, size: opened.sizeBytes, stream: opened.stream },
    { serverNamed: true },
  );
}
