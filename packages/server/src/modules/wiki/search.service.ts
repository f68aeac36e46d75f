import { WIKI_RECENT_CUSTOMERS, type WikiEntry, type WikiRecentCustomer } from '@butler/contract/wiki';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers, wikiCategories, wikiEntries } from '../../db/schema/index.js';
import { type CustomerScope, scopeFilter, scopeWhere } from '../../lib/customer-scope.js';
import { containsPattern } from '../../lib/pagination.js';
import { flatten, presentEntries, selectEntries } from './entries.repo.js';

const SEARCH_LIMIT = 50;

export function createSearchService(db: Database) {
  return {
    /**
     * Titles, clear contents and usernames, customer and category names. Secrets are
     * never searched: password entries keep them only encrypted (their clear columns are null).
     */
    async search(q: string, scope: CustomerScope): Promise<WikiEntry[]> {
      const pattern = containsPattern(q);
      const rows = flatten(
        await selectEntries(db)
          .where(
            sql`${scopeFilter(scope, wikiEntries.customerId)} AND (${wikiEntries.title} ILIKE ${pattern}
              OR (NOT ${wikiEntries.isPasswordEntry} AND ${wikiEntries.content} ILIKE ${pattern})
              OR (NOT ${wikiEntries.isPasswordEntry} AND ${wikiEntries.username} ILIKE ${pattern})
              OR ${customers.firstName} || ' ' || ${customers.lastName} ILIKE ${pattern}
              OR ${customers.company} ILIKE ${pattern}
              OR ${wikiCategories.name} ILIKE ${pattern})`,
          )
          .orderBy(desc(wikiEntries.updatedAt), desc(wikiEntries.id))
          .limit(SEARCH_LIMIT),
      );
      return presentEntries(db, rows);
    },

    /** The customers whose wiki changed last, newest first (SPEC §9: 6), of those in the caller's scope. */
    async recentCustomers(scope: CustomerScope): Promise<WikiRecentCustomer[]> {
      const activity = db
        .select({
          customerId: wikiEntries.customerId,
          lastUpdate: sql<Date>`max(${wikiEntries.updatedAt})`.as('last_update'),
          entryCount: sql<number>`count(*)::int`.as('entry_count'),
        })
        .from(wikiEntries)
        .where(scopeWhere(scope, wikiEntries.customerId))
        .groupBy(wikiEntries.customerId)
        .as('activity');
      const rows = await db
        .select({
          id: customers.id,
          firstName: customers.firstName,
          lastName: customers.lastName,
          company: customers.company,
          lastUpdate: activity.lastUpdate,
          entryCount: activity.entryCount,
        })
        .from(activity)
        .innerJoin(customers, eq(customers.id, activity.customerId))
        .orderBy(desc(activity.lastUpdate), desc(customers.id))
        .limit(WIKI_RECENT_CUSTOMERS);
      return rows.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        company: row.company,
        last_update: new Date(row.lastUpdate).toISOString(),
        entry_count: row.entryCount,
      }));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
