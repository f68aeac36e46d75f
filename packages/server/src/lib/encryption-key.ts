import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export const KEY_FILE_NAME = 'encryption.key';

/**
 * The wiki secret key: ENCRYPTION_KEY (base64 of 32 bytes) or a key file in DATA_DIR,
 * created with mode 0600 on first start and reused. Losing it loses the secrets.
 */
export async function loadEncryptionKey(envKey: string | undefined, dataDir: string): Promise<Buffer> {
  if (envKey) return parseKey(envKey, 'ENCRYPTION_KEY');
  const file = path.join(dataDir, KEY_FILE_NAME);
  if (existsSync(file)) return parseKey((await fs.readFile(file, 'utf8')).trim(), file);
  await fs.mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await fs.writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

function parseKey(value: string, source: string): Buffer {
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${source} must be base64 of exactly 32 bytes`);
  return key;
}
