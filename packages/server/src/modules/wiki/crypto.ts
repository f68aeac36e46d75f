import { isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { wikiEntries } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { envelopeVersion, type Keyring, open, SecretBoxError, seal } from '../../lib/secret-box.js';

export type Secrets = { content: string | null; username: string | null };
type Envelopes = { encryptedContent: string | null; encryptedUsername: string | null };

/**
 * Each envelope is bound to its row and field (authenticated data), so a ciphertext
 * copied into another entry or field does not decrypt.
 */
const context = (entryId: number, field: 'content' | 'username') => `wiki_entries:${entryId}:${field}`;

export function sealSecret(keyring: Keyring, entryId: number, field: 'content' | 'username', value: string | null) {
  return value === null ? null : seal(keyring, value, context(entryId, field));
}

/** Decrypts the secrets of a password entry; a failure is a server problem, said in German. */
export function openSecrets(keyring: Keyring, entryId: number, row: Envelopes): Secrets {
  try {
    return {
      content: row.encryptedContent === null ? null : open(keyring, row.encryptedContent, context(entryId, 'content')),
      username:
        row.encryptedUsername === null ? null : open(keyring, row.encryptedUsername, context(entryId, 'username')),
    };
  } catch (error) {
    if (error instanceof SecretBoxError) throw new AppError('WIKI_DECRYPT_FAILED');
    throw error;
  }
}

export type ReencryptResult = { entries: number; values: number; version: number };

/**
 * Re-encrypts every secret that is not sealed with the current key, in one transaction.
 * Everything is decrypted first: if any value does not open, nothing is changed.
 */
export async function reencryptAll(db: Database, keyring: Keyring): Promise<ReencryptResult> {
  const version = keyring.current.version;
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE wiki_entries IN SHARE ROW EXCLUSIVE MODE`);
    const rows = await tx
      .select({
        id: wikiEntries.id,
        encryptedContent: wikiEntries.encryptedContent,
        encryptedUsername: wikiEntries.encryptedUsername,
      })
      .from(wikiEntries)
      .where(or(isNotNull(wikiEntries.encryptedContent), isNotNull(wikiEntries.encryptedUsername)));
    const stale = rows.filter(
      (row) =>
        (row.encryptedContent !== null && envelopeVersion(row.encryptedContent) !== version) ||
        (row.encryptedUsername !== null && envelopeVersion(row.encryptedUsername) !== version),
    );
    const opened = stale.map((row) => {
      try {
        return { id: row.id, secrets: openSecrets(keyring, row.id, row) };
      } catch {
        throw new Error(`Wiki entry ${row.id} does not decrypt with the known keys; nothing was changed`);
      }
    });
    let values = 0;
    for (const { id, secrets } of opened) {
      values += (secrets.content === null ? 0 : 1) + (secrets.username === null ? 0 : 1);
      await tx
        .update(wikiEntries)
        .set({
          encryptedContent: sealSecret(keyring, id, 'content', secrets.content),
          encryptedUsername: sealSecret(keyring, id, 'username', secrets.username),
        })
        .where(sql`${wikiEntries.id} = ${id}`);
    }
    await writeAudit(
      tx,
      { userType: 'system', displayName: 'rotate-key' },
      'rotate-key',
      'wiki_entry',
      null,
      { keyVersion: null, reencryptedEntries: 0 },
      { keyVersion: version, reencryptedEntries: opened.length },
    );
    return { entries: opened.length, values, version };
  });
}
