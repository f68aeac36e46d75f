import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestTempDir } from '../../test/temp-dirs.js';
import { addKeyVersion, KEY_FILE_NAME, loadKeyring, readKeyFile } from './encryption-key.js';
import { envelopeVersion, generateKey, keyringFrom, open, SecretBoxError, seal } from './secret-box.js';

const dirs: string[] = [];
async function tempDir() {
  const dir = await makeTestTempDir('key');
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const ring = (version = 1, key = generateKey()) => keyringFrom([{ version, key }], { kind: 'env' });

describe('seal / open (AES-256-GCM)', () => {
  it('round-trips text and writes v{version}:{nonce}:{ciphertext+tag}', () => {
    const keyring = ring(3);
    const envelope = seal(keyring, 'Grüße, Passwort! 🔐', 'ctx');
    expect(envelope).toMatch(/^v3:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]+={0,2}$/);
    expect(envelopeVersion(envelope)).toBe(3);
    expect(open(keyring, envelope, 'ctx')).toBe('Grüße, Passwort! 🔐');
  });

  it('uses a fresh 96-bit nonce for every value', () => {
    const keyring = ring();
    const nonces = new Set(Array.from({ length: 200 }, () => seal(keyring, 'gleich', 'ctx').split(':')[1]));
    expect(nonces.size).toBe(200);
    expect(Buffer.from([...nonces][0], 'base64')).toHaveLength(12);
  });

  it('refuses tampered ciphertexts, another context, a wrong key and unknown versions', () => {
    const keyring = ring();
    const envelope = seal(keyring, 'geheim', 'wiki_entries:1:content');
    const [v, nonce, body] = envelope.split(':');
    const bytes = Buffer.from(body, 'base64');
    bytes[0] ^= 1;
    expect(() => open(keyring, `${v}:${nonce}:${bytes.toString('base64')}`, 'wiki_entries:1:content')).toThrow(
      SecretBoxError,
    );
    expect(() => open(keyring, envelope, 'wiki_entries:2:content')).toThrow(SecretBoxError);
    expect(() => open(ring(), envelope, 'wiki_entries:1:content')).toThrow(SecretBoxError);
    expect(() => open(ring(2), envelope.replace(/^v1/, 'v2'), 'wiki_entries:1:content')).toThrow(SecretBoxError);
    expect(() => open(keyring, 'klartext', 'x')).toThrow(SecretBoxError);
  });

  it('decrypts with old keys and encrypts with the current one', () => {
    const old = generateKey();
    const before = seal(keyringFrom([{ version: 1, key: old }], { kind: 'env' }), 'alt', 'c');
    const rotated = keyringFrom(
      [
        { version: 1, key: old },
        { version: 2, key: generateKey() },
      ],
      { kind: 'env' },
    );
    expect(open(rotated, before, 'c')).toBe('alt');
    expect(envelopeVersion(seal(rotated, 'neu', 'c'))).toBe(2);
  });

  it('refuses two different keys for one version', () => {
    expect(() =>
      keyringFrom(
        [
          { version: 1, key: generateKey() },
          { version: 1, key: generateKey() },
        ],
        { kind: 'env' },
      ),
    ).toThrow(/version 1/);
  });
});

describe('loadKeyring', () => {
  it('creates DATA_DIR/encryption.key with mode 0600 on first start and reuses it', async () => {
    const dir = await tempDir();
    const first = await loadKeyring({ DATA_DIR: dir });
    const stat = await fs.stat(path.join(dir, KEY_FILE_NAME));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(first.current.version).toBe(1);
    const again = await loadKeyring({ DATA_DIR: dir });
    expect(again.current.key.equals(first.current.key)).toBe(true);
    expect(again.source).toEqual({ kind: 'file', path: path.join(dir, KEY_FILE_NAME) });
  });

  it('reads a key file of the first format (one bare base64 line) as version 1', async () => {
    const dir = await tempDir();
    const key = generateKey();
    await fs.writeFile(path.join(dir, KEY_FILE_NAME), `${key.toString('base64')}\n`, { mode: 0o600 });
    const keyring = await loadKeyring({ DATA_DIR: dir });
    expect(keyring.current.version).toBe(1);
    expect(keyring.current.key.equals(key)).toBe(true);
  });

  it('addKeyVersion appends a new current key, keeps the old ones and mode 0600', async () => {
    const dir = await tempDir();
    const first = await loadKeyring({ DATA_DIR: dir });
    const second = await addKeyVersion(first);
    expect(second.current.version).toBe(2);
    expect(second.keys.get(1)!.equals(first.current.key)).toBe(true);
    const reread = await readKeyFile(path.join(dir, KEY_FILE_NAME));
    expect([...reread.keys.keys()]).toEqual([1, 2]);
    expect((await fs.stat(path.join(dir, KEY_FILE_NAME))).mode & 0o777).toBe(0o600);
    expect(await fs.readdir(dir)).toEqual([KEY_FILE_NAME]);
  });

  it('takes ENCRYPTION_KEY (bare = version 1, or v{n}:) and ENCRYPTION_KEY_PREVIOUS, and writes no file', async () => {
    const dir = await tempDir();
    const [a, b] = [generateKey(), generateKey()];
    const bare = await loadKeyring({ DATA_DIR: dir, ENCRYPTION_KEY: a.toString('base64') });
    expect(bare.current.version).toBe(1);
    const rotated = await loadKeyring({
      DATA_DIR: dir,
      ENCRYPTION_KEY: `v2:${b.toString('base64')}`,
      ENCRYPTION_KEY_PREVIOUS: ` v1:${a.toString('base64')} `,
    });
    expect(rotated.current).toEqual({ version: 2, key: b });
    expect(rotated.keys.get(1)!.equals(a)).toBe(true);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('stops the start with a clear message for a malformed key', async () => {
    const dir = await tempDir();
    await expect(loadKeyring({ DATA_DIR: dir, ENCRYPTION_KEY: 'zu-kurz' })).rejects.toThrow(/32 bytes/);
    await expect(
      loadKeyring({ DATA_DIR: dir, ENCRYPTION_KEY: generateKey().toString('base64'), ENCRYPTION_KEY_PREVIOUS: 'v1:x' }),
    ).rejects.toThrow(/ENCRYPTION_KEY_PREVIOUS/);
  });
});
