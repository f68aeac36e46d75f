import {
  revealRefusedText,
  WIKI_REQUIRED,
  type WikiEntry,
  type WikiEntryCreate,
  type WikiEntryUpdate,
} from '@butler/contract/wiki';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers, wikiCategories, wikiEntries } from '../../db/schema/index.js';
import { can, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { AppError, fieldError } from '../../lib/errors.js';
import type { Keyring } from '../../lib/secret-box.js';
import { openSecrets, sealSecret } from './crypto.js';
import { filesOf, findEntry, flatten, presentEntries, presentEntry, selectEntries } from './entries.repo.js';
import { categoryForcesPassword } from './password-entries.js';
import { linkProject, PASSWORD_NO_PROJECT, PASSWORD_NOT_PUBLIC } from './projects.service.js';
import { htmlToText, sanitizeContent, textToHtml } from './sanitize.js';

type EntryValues = Partial<typeof wikiEntries.$inferInsert>;

/** Sanitised HTML; content that is nothing but removed markup counts as missing. */
function cleanContent(html: string): string {
  const clean = sanitizeContent(html);
  if (clean === '') throw fieldError('content', WIKI_REQUIRED);
  return clean;
}

/**
 * The audit never holds secrets: when either side is a password entry, content and
 * username are left out and only the (redacted) envelope change is recorded.
 */
function auditPair(before: typeof wikiEntries.$inferSelect | null, after: typeof wikiEntries.$inferSelect | null) {
  const secret = !!(before?.isPasswordEntry || after?.isPasswordEntry);
  const view = (row: typeof wikiEntries.$inferSelect | null) =>
    row && (secret ? { ...row, content: null, username: null } : row);
  return [view(before), view(after)] as const;
}

export function createEntryService(db: Database, keyring: Keyring) {
  /** Everyone with `wiki.secret.reveal`; a Butler where the category allows it ("Butler dürfen Passwörter anzeigen"). */
  async function mayReveal(session: SessionContext, categoryId: number) {
    if (can(session, 'wiki.secret.reveal')) return true;
    if (!can(session, 'wiki.secret.reveal_allowed')) return false;
    const [category] = await db
      .select({ allowed: wikiCategories.butlerMayReveal })
      .from(wikiCategories)
      .where(eq(wikiCategories.id, categoryId));
    return category?.allowed ?? false;
  }

  async function getPresented(id: number): Promise<WikiEntry> {
    const row = await findEntry(db, id);
    if (!row) throw new AppError('WIKI_ENTRY_NOT_FOUND');
    return presentEntry(row, (await filesOf(db, [id])).get(id) ?? []);
  }

  return {
    async list(
      query: { customer_id?: number; category_id?: number; limit: number; offset: number },
      scope: CustomerScope,
    ) {
      const filters: SQL[] = [];
      const scoped = scopeWhere(scope, wikiEntries.customerId);
      if (scoped) filters.push(scoped);
      if (query.customer_id) filters.push(eq(wikiEntries.customerId, query.customer_id));
      if (query.category_id) filters.push(eq(wikiEntries.categoryId, query.category_id));
      const rows = flatten(
        await selectEntries(db)
          .where(and(...filters))
          .orderBy(desc(wikiEntries.updatedAt), desc(wikiEntries.id))
          .limit(query.limit)
          .offset(query.offset),
      );
      return presentEntries(db, rows);
    },

    /**
     * One entry; its secrets only for staff who may reveal them in its category (decision
     * 0540), and that is audited. A refused reveal is audited too, then answered 403.
     */
    async get(session: SessionContext, id: number, decrypt: boolean): Promise<WikiEntry> {
      const row = await findEntry(db, id);
      if (!row) throw new AppError('WIKI_ENTRY_NOT_FOUND');
      const entryFiles = (await filesOf(db, [id])).get(id) ?? [];
      if (!decrypt || !row.isPasswordEntry || session.userType !== 'admin') return presentEntry(row, entryFiles);
      if (!(await mayReveal(session, row.categoryId))) {
        await writeAudit(db, session, 'reveal_refused', 'wiki_entry', id, null, null, { customerId: row.customerId });
        throw new AppError('FORBIDDEN', revealRefusedText(session.role));
      }
      const secrets = openSecrets(keyring, id, row);
      await writeAudit(db, session, 'reveal', 'wiki_entry', id, null, null, { customerId: row.customerId });
      return presentEntry(row, entryFiles, secrets);
    },

    async create(session: SessionContext, input: WikiEntryCreate): Promise<WikiEntry> {
      const id = await db.transaction(async (tx) => {
        const [category] = await tx.select().from(wikiCategories).where(eq(wikiCategories.id, input.category_id));
        if (!category) throw new AppError('WIKI_CATEGORY_NOT_FOUND');
        const [customer] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, input.customer_id));
        if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
        const isPassword = input.is_password_entry || categoryForcesPassword(category);
        if (isPassword && input.is_featured) throw fieldError('is_featured', PASSWORD_NOT_PUBLIC);
        if (isPassword && input.create_project) throw fieldError('create_project', PASSWORD_NO_PROJECT);
        // The id is taken first: each envelope is bound to its row.
        const { rows } = await tx.execute<{ id: number }>(
          sql`SELECT nextval(pg_get_serial_sequence('wiki_entries', 'id'))::int AS id`,
        );
        const newId = rows[0].id;
        const secretValues: EntryValues = isPassword
          ? {
              content: null,
              username: null,
              encryptedContent: sealSecret(keyring, newId, 'content', input.content),
              encryptedUsername: sealSecret(keyring, newId, 'username', input.username),
            }
          : { content: cleanContent(input.content), username: input.username };
        const [row] = await tx
          .insert(wikiEntries)
          .values({
            id: newId,
            customerId: input.customer_id,
            categoryId: input.category_id,
            title: input.title,
            ...secretValues,
            isPasswordEntry: isPassword,
            externalLink: input.external_link,
            isFeatured: input.is_featured,
            createdBy: session.displayName,
          })
          .returning();
        await writeAudit(tx, session, 'create', 'wiki_entry', newId, ...auditPair(null, row));
        if (input.create_project) {
          const named = (await findEntry(tx, newId))!;
          await linkProject(tx, session, named);
        }
        return newId;
      });
      return getPresented(id);
    },

    async update(session: SessionContext, id: number, input: WikiEntryUpdate): Promise<WikiEntry> {
      // Turning a password entry into a clear one shows its secrets: only for who may reveal them.
      const current = await findEntry(db, id);
      if (current?.isPasswordEntry && input.is_password_entry === false) {
        if (!(await mayReveal(session, current.categoryId))) {
          await writeAudit(db, session, 'reveal_refused', 'wiki_entry', id, null, null, {
            customerId: current.customerId,
          });
          throw new AppError('FORBIDDEN', revealRefusedText(session.role));
        }
      }
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(wikiEntries).where(eq(wikiEntries.id, id)).for('update');
        if (!before) throw new AppError('WIKI_ENTRY_NOT_FOUND');
        const [category] = await tx.select().from(wikiCategories).where(eq(wikiCategories.id, before.categoryId));
        const isPassword = categoryForcesPassword(category) || (input.is_password_entry ?? before.isPasswordEntry);
        const isFeatured = input.is_featured ?? before.isFeatured;
        if (isPassword && isFeatured) throw fieldError('is_featured', PASSWORD_NOT_PUBLIC);
        if (isPassword && input.sync_to_project) throw fieldError('sync_to_project', PASSWORD_NO_PROJECT);
        const values: EntryValues = {
          title: input.title ?? before.title,
          externalLink: input.external_link === undefined ? before.externalLink : input.external_link,
          isFeatured,
          isPasswordEntry: isPassword,
          updatedBy: session.displayName,
          updatedAt: new Date(),
        };
        // null or absent keeps a value; username '' clears it.
        const newUsername = input.username == null ? undefined : input.username.trim() || null;
        if (isPassword) {
          // Switching to a password entry encrypts the clear values it had (as text, not markup).
          const current = before.isPasswordEntry
            ? null
            : { content: htmlToText(before.content ?? ''), username: before.username };
          const content = input.content ?? current?.content;
          const username = newUsername !== undefined ? newUsername : current?.username;
          Object.assign(values, { content: null, username: null });
          if (content !== undefined) values.encryptedContent = sealSecret(keyring, id, 'content', content);
          if (username !== undefined) values.encryptedUsername = sealSecret(keyring, id, 'username', username);
        } else {
          // Switching back decrypts into clear (sanitised) fields, as the admin chose.
          const current = before.isPasswordEntry ? openSecrets(keyring, id, before) : before;
          const previous = before.isPasswordEntry ? textToHtml(current.content ?? '') : current.content;
          values.content = cleanContent(input.content ?? previous ?? '');
          values.username = newUsername !== undefined ? newUsername : current.username;
          Object.assign(values, { encryptedContent: null, encryptedUsername: null });
        }
        const [after] = await tx.update(wikiEntries).set(values).where(eq(wikiEntries.id, id)).returning();
        await writeAudit(tx, session, 'update', 'wiki_entry', id, ...auditPair(before, after));
        if (input.sync_to_project) await linkProject(tx, session, (await findEntry(tx, id))!);
      });
      return getPresented(id);
    },

    /** Deletes the entry and its files (rows by cascade, bytes by the blob owner trigger). */
    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(wikiEntries).where(eq(wikiEntries.id, id)).for('update');
        if (!before) throw new AppError('WIKI_ENTRY_NOT_FOUND');
        await tx.delete(wikiEntries).where(eq(wikiEntries.id, id));
        await writeAudit(tx, session, 'delete', 'wiki_entry', id, ...auditPair(before, null));
      });
    },
  };
}

export type EntryService = ReturnType<typeof createEntryService>;
