import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { Database } from '../../db/client.js';
import { wikiFiles } from '../../db/schema/index.js';

const STORED_NAME = /^[0-9a-f]{32}$/;

/** What a browser may render from a download; anything else is sent as octet-stream. */
const SAFE_TYPES =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|tiff|heic|heif)|application\/pdf|application\/zip|application\/gzip|application\/x-7z-compressed|application\/x-rar-compressed|application\/vnd\.(openxmlformats-officedocument|oasis\.opendocument|ms-excel|ms-powerpoint)[\w.+-]*|application\/msword|audio\/(mpeg|mp4|ogg|wav|x-wav|flac|aac)|video\/(mp4|webm|ogg|quicktime|x-msvideo|x-matroska))$/;

export function safeContentType(mimeType: string): string {
  return SAFE_TYPES.test(mimeType) ? mimeType : 'application/octet-stream';
}

export type StoredUpload = { storedName: string; sizeBytes: number; sha256: string; mimeType: string };

/**
 * Wiki uploads live in DATA_DIR/uploads under random names (never the client's name),
 * outside any folder the web server serves (docs/decisions/0146-wiki-files.md).
 */
export function createFileStore(dataDir: string) {
  const dir = path.join(dataDir, 'uploads');

  function pathOf(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error('invalid stored file name');
    return path.join(dir, storedName);
  }

  async function remove(storedNames: string[]) {
    await Promise.all(storedNames.map((name) => fs.rm(pathOf(name), { force: true })));
  }

  return {
    dir,
    pathOf,
    remove,

    /**
     * Streams an upload to disk, hashing and counting on the way; the type comes from the
     * bytes. `tooLarge` is asked after the stream ended (multipart truncates at the limit).
     */
    async save(stream: Readable, tooLarge: () => boolean): Promise<StoredUpload | 'too-large'> {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const storedName = randomBytes(16).toString('hex');
      const target = pathOf(storedName);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(stream, meter, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await remove([storedName]);
        throw error;
      }
      if (tooLarge()) {
        await remove([storedName]);
        return 'too-large';
      }
      const detected = sizeBytes > 0 ? await fileTypeFromFile(target) : undefined;
      return {
        storedName,
        sizeBytes,
        sha256: hash.digest('hex'),
        mimeType: detected?.mime ?? 'application/octet-stream',
      };
    },

    async open(storedName: string) {
      const file = pathOf(storedName);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: createReadStream(file), size: stat.size };
    },

    /**
     * Removes files that no database row names (e.g. left by a customer deletion, which
     * cascades in the database only). Files younger than `graceMs` are kept: an upload
     * writes its file before its row.
     */
    async sweepOrphans(db: Database, graceMs = 60 * 60_000): Promise<string[]> {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const candidates = names.filter((name) => STORED_NAME.test(name));
      if (candidates.length === 0) return [];
      const known = new Set(
        (await db.select({ storedName: wikiFiles.storedName }).from(wikiFiles)).map((row) => row.storedName),
      );
      const removed: string[] = [];
      for (const name of candidates) {
        if (known.has(name)) continue;
        const stat = await fs.stat(pathOf(name)).catch(() => null);
        if (!stat || Date.now() - stat.mtimeMs < graceMs) continue;
        await fs.rm(pathOf(name), { force: true });
        removed.push(name);
      }
      return removed;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

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
