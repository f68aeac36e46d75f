import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { reachableCustomers, type SessionContext } from './access.js';

/**
 * The one scoping function of list and aggregate queries (decision 0540): a Butler sees
 * only the customers they look after, a customer only themself, everyone else every
 * customer. Routes whose handler filters with it declare `scoped: true`.
 */
export type CustomerScope = { all: true } | { all: false; ids: readonly number[] };

/** Every customer (jobs and exports that already chose their customer). */
export const EVERY_CUSTOMER: CustomerScope = { all: true };

export function customerScope(session: SessionContext | null): CustomerScope {
  if (!session) return { all: false, ids: [] };
  const ids = reachableCustomers(session);
  return ids === null ? { all: true } : { all: false, ids };
}

/** A condition on a customer-id column: true for every customer, else `column = ANY(ids)`. */
export function scopeFilter(scope: CustomerScope, column: SQLWrapper): SQL {
  if (scope.all) return sql`true`;
  // One parameter (an array literal of integers): the statement's text stays the same for every Butler.
  return sql`${column} = ANY(${`{${scope.ids.join(',')}}`}::int[])`;
}

/** For drizzle's and(): nothing for every customer (the query stays as it was), else the filter. */
export function scopeWhere(scope: CustomerScope, column: SQLWrapper): SQL | undefined {
  return scope.all ? undefined : scopeFilter(scope, column);
}

/** Whether one customer is in the scope. */
export function inScope(scope: CustomerScope, customerId: number): boolean {
  return scope.all || scope.ids.includes(customerId);
}

/** A short key of the scope for answer caches (figures over all customers, or over these). */
export function scopeKey(scope: CustomerScope): string {
  return scope.all ? 'all' : `c${[...scope.ids].sort((a, b) => a - b).join('.')}`;
}
