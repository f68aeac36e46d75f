import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { generateKey, type Keyring, keyringFrom } from './secret-box.js';

export const KEY_FILE_NAME = 'encryption.key';

const FILE_HEADER = [
  '# Butler-Portal: key ring for the wiki secrets (one "v{version}:{base64 of 32 bytes}" per line).',
  '# The highest version encrypts; older versions still decrypt older values and backups.',
  '# Losing this file loses every wiki password. Back it up separately from the database.',
];

export type KeySettings = { ENCRYPTION_KEY?: string; ENCRYPTION_KEY_PREVIOUS?: string; DATA_DIR: string };

/**
 * The wiki key ring (docs/decisions/0140-wiki-key-ring.md):
 * - ENCRYPTION_KEY set: it is the current key (`v{n}:{base64}` or bare base64 = version 1),
 *   ENCRYPTION_KEY_PREVIOUS (comma list of `v{n}:{base64}`) adds keys that only decrypt.
 * - otherwise DATA_DIR/encryption.key, created with mode 0600 on first start; each line
 *   one version, the highest is current.
 */
export async function loadKeyring(settings: KeySettings): Promise<Keyring> {
  if (settings.ENCRYPTION_KEY) {
    const current = parseKeyLine(settings.ENCRYPTION_KEY, 'ENCRYPTION_KEY');
    const previous = (settings.ENCRYPTION_KEY_PREVIOUS ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => parseKeyLine(part, 'ENCRYPTION_KEY_PREVIOUS'));
    return keyringFrom([...previous, current], { kind: 'env' }, current.version);
  }
  const file = path.join(settings.DATA_DIR, KEY_FILE_NAME);
  if (!existsSync(file)) {
    await fs.mkdir(settings.DATA_DIR, { recursive: true });
    const first = { version: 1, key: generateKey() };
    // 'wx': never overwrite a key another process just created.
    await fs.writeFile(file, serialise([first]), { mode: 0o600, flag: 'wx' }).catch((error) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  return readKeyFile(file);
}

/** Reads a key file (bare base64 lines, as the first version wrote them, count as version 1). */
export async function readKeyFile(file: string): Promise<Keyring> {
  const lines = (await fs.readFile(file, 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return keyringFrom(
    lines.map((line) => parseKeyLine(line, file)),
    { kind: 'file', path: file },
  );
}

/**
 * Adds a new current key to the key file (file rings only) and returns the new ring.
 * Written to a temporary file and renamed, so a crash leaves either the old or the new ring.
 */
export async function addKeyVersion(keyring: Keyring): Promise<Keyring> {
  if (keyring.source.kind !== 'file') throw new Error('Only a key file can receive a new key');
  const file = keyring.source.path;
  const version = Math.max(...keyring.keys.keys()) + 1;
  const entries = [...keyring.keys].map(([v, key]) => ({ version: v, key }));
  entries.push({ version, key: generateKey() });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(serialise(entries));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
  return readKeyFile(file);
}

/** `v{n}:{base64}` with the key and its version, e.g. to print a new ENCRYPTION_KEY. */
export function formatKeyLine(version: number, key: Buffer): string {
  return `v${version}:${key.toString('base64')}`;
}

function serialise(entries: Array<{ version: number; key: Buffer }>): string {
  const lines = [...entries].sort((a, b) => a.version - b.version).map((e) => formatKeyLine(e.version, e.key));
  return `${[...FILE_HEADER, ...lines].join('\n')}\n`;
}

function parseKeyLine(value: string, source: string): { version: number; key: Buffer } {
  const match = /^(?:v(\d{1,6}):)?([A-Za-z0-9+/]+={0,2})$/.exec(value.trim());
  const key = match ? Buffer.from(match[2], 'base64') : Buffer.alloc(0);
  if (!match || key.length !== 32) {
    throw new Error(`${source} must be base64 of exactly 32 bytes, optionally prefixed with "v{version}:"`);
  }
  const version = match[1] ? Number(match[1]) : 1;
  if (version < 1) throw new Error(`${source}: key versions start at 1`);
  return { version, key };
}
