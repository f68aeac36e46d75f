import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for wiki secrets. Each value is sealed with a fresh random 96-bit nonce and
 * stored as the envelope `v{key version}:{nonce base64}:{ciphertext+tag base64}`, so keys
 * can be rotated: the current key encrypts, every key of the ring decrypts
 * (docs/decisions/0140-wiki-key-ring.md).
 */
export type Keyring = {
  current: { version: number; key: Buffer };
  /** Every known key by version, the current one included. */
  keys: Map<number, Buffer>;
  /** Where the keys came from; `rotate-key` can only add keys to a file. */
  source: { kind: 'env' } | { kind: 'file'; path: string };
};

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const ENVELOPE = /^v(\d{1,6}):([A-Za-z0-9+/]{16}):([A-Za-z0-9+/]+={0,2})$/;

/** Thrown when a value cannot be decrypted: unknown key version, wrong key or tampering. */
export class SecretBoxError extends Error {}

export function generateKey(): Buffer {
  return randomBytes(32);
}

/** Encrypts with the current key. `context` (e.g. table, row and field) is authenticated too. */
export function seal(keyring: Keyring, plaintext: string, context: string): string {
  const { version, key } = keyring.current;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v${version}:${nonce.toString('base64')}:${body.toString('base64')}`;
}

/** Decrypts an envelope with the key of its version; throws SecretBoxError on any failure. */
export function open(keyring: Keyring, envelope: string, context: string): string {
  const match = ENVELOPE.exec(envelope);
  if (!match) throw new SecretBoxError('malformed envelope');
  const version = Number(match[1]);
  const key = keyring.keys.get(version);
  if (!key) throw new SecretBoxError(`no key for version ${version}`);
  const nonce = Buffer.from(match[2], 'base64');
  const body = Buffer.from(match[3], 'base64');
  if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) throw new SecretBoxError('malformed envelope');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError(`authentication failed (key version ${version})`);
  }
}

/** The key version an envelope was sealed with, or null if it is not an envelope. */
export function envelopeVersion(envelope: string): number | null {
  const match = ENVELOPE.exec(envelope);
  return match ? Number(match[1]) : null;
}

/** A ring from explicit keys; the highest version is the current one. */
export function keyringFrom(
  entries: Array<{ version: number; key: Buffer }>,
  source: Keyring['source'],
  currentVersion?: number,
): Keyring {
  if (entries.length === 0) throw new Error('The key ring needs at least one key');
  const keys = new Map<number, Buffer>();
  for (const { version, key } of entries) {
    if (!Number.isInteger(version) || version < 1) throw new Error(`Invalid key version ${version}`);
    if (key.length !== 32) throw new Error(`Key version ${version} must be 32 bytes`);
    const known = keys.get(version);
    if (known && !known.equals(key)) throw new Error(`Two different keys claim version ${version}`);
    keys.set(version, key);
  }
  const version = currentVersion ?? Math.max(...keys.keys());
  return { current: { version, key: keys.get(version)! }, keys, source };
}
