import type { WikiCategory, WikiCategoryCount, WikiCategoryInput } from '@butler/contract/wiki';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { wikiCategories, wikiEntries } from '../../db/schema/index.js';
import { assertCan, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Keyring } from '../../lib/secret-box.js';
import { categoryForcesPassword, encryptClearEntries } from './password-entries.js';

type CategoryRow = typeof wikiCategories.$inferSelect;

const NAME_TAKEN = 'Eine Kategorie mit diesem Namen gibt es bereits';

export function presentCategory(row: CategoryRow): WikiCategory {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    description: row.description,
    allows_encryption: row.allowsEncryption,
    allows_files: row.allowsFiles,
    butler_may_reveal: row.butlerMayReveal,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Only who may see the stored passwords can let Butlers see them. */
export const SHARE_REVEAL = 'Nur wer gespeicherte Passwörter anzeigen darf, kann sie für Butler freigeben';

export function createCategoryService(db: Database, keyring: Keyring) {
  async function assertNameFree(executor: Pick<Database, 'select'>, name: string, exceptId?: number) {
    const [taken] = await executor
      .select({ id: wikiCategories.id })
      .from(wikiCategories)
      .where(
        and(
          sql`lower(${wikiCategories.name}) = lower(${name})`,
          exceptId ? ne(wikiCategories.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('CONFLICT', NAME_TAKEN, { name: NAME_TAKEN });
  }

  return {
    async list(): Promise<WikiCategory[]> {
      const rows = await db.select().from(wikiCategories).orderBy(asc(wikiCategories.name), asc(wikiCategories.id));
      return rows.map(presentCategory);
    },

    /** Entries per category of one customer, every category listed (0 when empty). */
    async counts(customerId: number): Promise<WikiCategoryCount[]> {
      const rows = await db
        .select({ categoryId: wikiCategories.id, count: sql<number>`count(${wikiEntries.id})::int` })
        .from(wikiCategories)
        .leftJoin(
          wikiEntries,
          and(eq(wikiEntries.categoryId, wikiCategories.id), eq(wikiEntries.customerId, customerId)),
        )
        .groupBy(wikiCategories.id)
        .orderBy(asc(wikiCategories.id));
      return rows.map((row) => ({ category_id: row.categoryId, entry_count: row.count }));
    },

    async create(session: SessionContext, input: WikiCategoryInput): Promise<WikiCategory> {
      if (input.butler_may_reveal) assertCan(session, 'wiki.secret.reveal', SHARE_REVEAL);
      return db.transaction(async (tx) => {
        await assertNameFree(tx, input.name);
        const [row] = await tx
          .insert(wikiCategories)
          .values({
            name: input.name,
            icon: input.icon,
            description: input.description,
            allowsEncryption: input.allows_encryption,
            allowsFiles: input.allows_files,
            butlerMayReveal: input.butler_may_reveal,
            createdBy: session.displayName,
          })
          .returning();
        await writeAudit(tx, session, 'create', 'wiki_category', row.id, null, row);
        return presentCategory(row);
      });
    },

    async update(session: SessionContext, id: number, input: WikiCategoryInput): Promise<WikiCategory> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(wikiCategories).where(eq(wikiCategories.id, id)).for('update');
        if (!before) throw new AppError('WIKI_CATEGORY_NOT_FOUND');
        if (input.butler_may_reveal !== undefined && input.butler_may_reveal !== before.butlerMayReveal) {
          assertCan(session, 'wiki.secret.reveal', SHARE_REVEAL);
        }
        await assertNameFree(tx, input.name, id);
        const [row] = await tx
          .update(wikiCategories)
          .set({
            name: input.name,
            icon: input.icon,
            description: input.description,
            allowsEncryption: input.allows_encryption,
            allowsFiles: input.allows_files,
            butlerMayReveal: input.butler_may_reveal,
            updatedBy: session.displayName,
            updatedAt: sql`now()`,
          })
          .where(eq(wikiCategories.id, id))
          .returning();
        await writeAudit(tx, session, 'update', 'wiki_category', id, before, row);
        if (categoryForcesPassword(row) && !categoryForcesPassword(before)) {
          await encryptClearEntries(tx, session, keyring, id);
        }
        return presentCategory(row);
      });
    },

    /** Deletes the category, its entries and their files (database cascade, bytes by trigger). */
    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(wikiCategories).where(eq(wikiCategories.id, id)).for('update');
        if (!before) throw new AppError('WIKI_CATEGORY_NOT_FOUND');
        const [{ count }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(wikiEntries)
          .where(eq(wikiEntries.categoryId, id));
        await tx.delete(wikiCategories).where(eq(wikiCategories.id, id));
        await writeAudit(tx, session, 'delete', 'wiki_category', id, { ...before, deletedEntries: count }, null);
      });
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
