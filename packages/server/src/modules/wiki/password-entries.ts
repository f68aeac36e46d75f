import { WIKI_PASSWORD_CATEGORY_NAME } from '@butler/contract/wiki';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { wikiEntries } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { sealAuditHistory, writeAudit } from '../../lib/audit.js';
import type { Keyring } from '../../lib/secret-box.js';
import { sealSecret } from './crypto.js';
import { htmlToText } from './sanitize.js';

/** SPEC §4: a password entry when asked, or always in an encrypting or 'Passwörter' category. */
export function categoryForcesPassword(category: { allowsEncryption: boolean; name: string }) {
  return category.allowsEncryption || category.name.trim().toLowerCase() === WIKI_PASSWORD_CATEGORY_NAME.toLowerCase();
}

/** The fields a password entry seals; their earlier clear values leave the Protokoll too (decision 0704). */
export const SEALED_FIELDS = ['content', 'username'];

/** The entry's earlier audit rows keep no clear copy of what is sealed now. */
export const sealSecretHistory = (tx: Transaction, entryId: number) =>
  sealAuditHistory(tx, 'wiki_entry', entryId, SEALED_FIELDS);

/**
 * A category that now encrypts (switched to `allows_encryption`, or renamed to
 * "Passwörter") makes every clear entry in it a password entry, in the transaction of the
 * change: content (as text) and username sealed with the key ring, the clear columns
 * emptied, taken out of the public references and unlinked from a project (a password entry
 * is neither). Nothing stays readable to customers or in clear at rest (decision 0504),
 * nor in the entry's earlier audit rows (decision 0704).
 * Answers how many entries were encrypted.
 */
export async function encryptClearEntries(
  tx: Transaction,
  session: SessionContext,
  keyring: Keyring,
  categoryId: number,
): Promise<number> {
  const clear = await tx
    .select()
    .from(wikiEntries)
    .where(and(eq(wikiEntries.categoryId, categoryId), eq(wikiEntries.isPasswordEntry, false)))
    .for('update');
  for (const entry of clear) {
    await tx
      .update(wikiEntries)
      .set({
        isPasswordEntry: true,
        encryptedContent: sealSecret(keyring, entry.id, 'content', htmlToText(entry.content ?? '')),
        encryptedUsername: sealSecret(keyring, entry.id, 'username', entry.username),
        content: null,
        username: null,
        isFeatured: false,
        projectId: null,
        updatedBy: session.displayName,
        updatedAt: new Date(),
      })
      .where(eq(wikiEntries.id, entry.id));
    await sealSecretHistory(tx, entry.id);
    await writeAudit(
      tx,
      session,
      'encrypt',
      'wiki_entry',
      entry.id,
      { isPasswordEntry: false, isFeatured: entry.isFeatured, projectId: entry.projectId },
      { isPasswordEntry: true, isFeatured: false, projectId: null },
      { customerId: entry.customerId },
    );
  }
  return clear.length;
}
