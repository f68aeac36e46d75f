import { isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { wikiEntries } from '../../db/schema/index.js';
import { addKeyVersion, formatKeyLine, type KeySettings, loadKeyring } from '../../lib/encryption-key.js';
import { envelopeVersion, generateKey, type Keyring } from '../../lib/secret-box.js';
import { openSecrets, type ReencryptResult, reencryptAll } from './crypto.js';

export type RotationOutcome =
  | ({ kind: 'rotated'; keyFile: string | null } & ReencryptResult)
  /** ENCRYPTION_KEY is set and already current everywhere: the operator installs a new key. */
  | { kind: 'install-env-key'; encryptionKey: string; previousKeys: string };

/** Fails (changing nothing) when any stored secret does not open with the ring. */
async function assertAllDecrypt(db: Database, keyring: Keyring) {
  const rows = await db
    .select({
      id: wikiEntries.id,
      encryptedContent: wikiEntries.encryptedContent,
      encryptedUsername: wikiEntries.encryptedUsername,
    })
    .from(wikiEntries)
    .where(or(isNotNull(wikiEntries.encryptedContent), isNotNull(wikiEntries.encryptedUsername)));
  for (const row of rows) {
    try {
      openSecrets(keyring, row.id, row);
    } catch {
      throw new Error(`Wiki entry ${row.id} does not decrypt with the configured keys; nothing was changed`);
    }
  }
  return rows;
}

/**
 * `npm run rotate-key` (docs/decisions/0140-wiki-key-ring.md).
 * Key file: adds a new current key to DATA_DIR/encryption.key (old ones stay for old
 * backups), then re-encrypts every secret with it in one transaction.
 * ENCRYPTION_KEY: re-encrypts every secret not on the configured current key; when all
 * already are, prints a new key to install (the environment cannot be written from here).
 */
export async function rotateKey(db: Database, settings: KeySettings): Promise<RotationOutcome> {
  const keyring = await loadKeyring(settings);
  const rows = await assertAllDecrypt(db, keyring);
  if (keyring.source.kind === 'file') {
    const rotated = await addKeyVersion(keyring);
    return { kind: 'rotated', keyFile: keyring.source.path, ...(await reencryptAll(db, rotated)) };
  }
  const current = keyring.current.version;
  const stale = rows.some((row) =>
    [row.encryptedContent, row.encryptedUsername].some((value) => value !== null && envelopeVersion(value) !== current),
  );
  if (stale) return { kind: 'rotated', keyFile: null, ...(await reencryptAll(db, keyring)) };
  const next = Math.max(...keyring.keys.keys()) + 1;
  return {
    kind: 'install-env-key',
    encryptionKey: formatKeyLine(next, generateKey()),
    previousKeys: [...keyring.keys]
      .sort(([a], [b]) => b - a)
      .map(([version, key]) => formatKeyLine(version, key))
      .join(','),
  };
}
