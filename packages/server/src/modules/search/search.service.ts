import { type OrderState, orderNumber } from '@butler/contract/orders';
import {
  parseSearchAmount,
  SEARCH_GROUP_LIMIT,
  type SearchCustomerHit,
  type SearchInvoiceHit,
  type SearchOrderHit,
  type SearchProjectHit,
  type SearchResults,
  type SearchVisitHit,
  type SearchWikiHit,
} from '@butler/contract/search';
import type { VisitState } from '@butler/contract/visits';
import { and, asc, desc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers, invoices, orders, projects, visits, wikiCategories, wikiEntries } from '../../db/schema/index.js';
import { viennaParts } from '../../domain/vienna-time.js';
import { can, type SessionContext } from '../../lib/access.js';
import { customerScope, scopeWhere } from '../../lib/customer-scope.js';
import { containsPattern } from '../../lib/pagination.js';
import { customerFullName } from '../customers/customers.repo.js';
import { orderSearch, titleQuery } from '../orders/order-queries.js';
import { activityHits } from './activity-search.js';

/**
 * The top bar's search (decision 0650). Each group is one query over a trigram index
 * (ILIKE '%…%', pg_trgm GIN) limited to SEARCH_GROUP_LIMIT rows, all five in parallel;
 * activities go by words over a full-text index (activity-search.ts).
 * Columns searched and returned are the ones every role that sees the group may read: names,
 * numbers, titles and activities, never notes, family data, wiki contents, usernames or secrets.
 */

type Matcher = (column: SQLWrapper) => SQL;

/**
 * How a column matches the term: anywhere in it from three characters on (a trigram index
 * finds '%abc%'); a two-character term has no inner trigram, so it matches the start of the
 * value or of a word in it ('ab%', '% ab%'), which the same index finds by its word-start trigrams.
 */
function termMatcher(term: string): Matcher {
  if (term.length >= 3) {
    const pattern = containsPattern(term);
    return (column) => sql`${column} ILIKE ${pattern}`;
  }
  const start = containsPattern(term).slice(1);
  const wordStart = `% ${start}`;
  return (column) => sql`(${column} ILIKE ${start} OR ${column} ILIKE ${wordStart})`;
}

async function customerHits(db: Database, match: Matcher, session: SessionContext): Promise<SearchCustomerHit[]> {
  const rows = await db
    .select({
      id: customers.id,
      name: customerFullName(),
      company: customers.company,
      email: customers.email,
      city: customers.city,
      isActive: customers.isActive,
    })
    .from(customers)
    .where(
      and(
        or(
          match(customers.firstName),
          match(customers.lastName),
          match(customerFullName()),
          match(customers.email),
          match(customers.company),
        ),
        scopeWhere(customerScope(session), customers.id),
      ),
    )
    .orderBy(desc(customers.isActive), asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    company: r.company,
    email: r.email,
    city: r.city,
    is_active: r.isActive,
  }));
}

async function projectHits(db: Database, match: Matcher, session: SessionContext): Promise<SearchProjectHit[]> {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      customerId: projects.customerId,
      customerName: customerFullName(),
      isActive: projects.isActive,
    })
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(and(match(projects.name), scopeWhere(customerScope(session), projects.customerId)))
    .orderBy(desc(projects.isActive), asc(projects.name), asc(projects.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    customer_id: r.customerId,
    customer_name: r.customerName,
    is_active: r.isActive,
  }));
}

async function invoiceHits(
  db: Database,
  term: string,
  match: Matcher,
  session: SessionContext,
): Promise<SearchInvoiceHit[]> {
  const cents = parseSearchAmount(term);
  const amount = cents === null ? null : (cents / 100).toFixed(2);
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      kind: invoices.kind,
      status: invoices.status,
      customerName: invoices.customerName,
      invoiceDate: invoices.invoiceDate,
      totalGross: invoices.totalGross,
    })
    .from(invoices)
    .where(
      and(
        or(
          match(invoices.invoiceNumber),
          match(invoices.customerName),
          // A credit note's total is negative; "80" finds it as well as an invoice of € 80.
          amount === null ? undefined : sql`${invoices.totalGross} IN (${amount}::numeric, -${amount}::numeric)`,
        ),
        scopeWhere(customerScope(session), invoices.customerId),
      ),
    )
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    invoice_number: r.number,
    kind: r.kind as SearchInvoiceHit['kind'],
    status: r.status as SearchInvoiceHit['status'],
    customer_name: r.customerName,
    invoice_date: r.invoiceDate,
    total_gross: Number(r.totalGross),
  }));
}

/** Titles only: a password entry's title is what staff named it, its secrets stay encrypted and unsearched. */
async function wikiHits(db: Database, match: Matcher, session: SessionContext): Promise<SearchWikiHit[]> {
  const rows = await db
    .select({
      id: wikiEntries.id,
      title: wikiEntries.title,
      customerId: wikiEntries.customerId,
      customerName: customerFullName(),
      categoryId: wikiEntries.categoryId,
      categoryName: wikiCategories.name,
      categoryIcon: wikiCategories.icon,
    })
    .from(wikiEntries)
    .innerJoin(customers, eq(customers.id, wikiEntries.customerId))
    .innerJoin(wikiCategories, eq(wikiCategories.id, wikiEntries.categoryId))
    .where(and(match(wikiEntries.title), scopeWhere(customerScope(session), wikiEntries.customerId)))
    .orderBy(desc(wikiEntries.updatedAt), desc(wikiEntries.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    customer_id: r.customerId,
    customer_name: r.customerName,
    category_id: r.categoryId,
    category_name: r.categoryName,
    category_icon: r.categoryIcon,
  }));
}

/** Aufträge by number or title words, newest change first. */
async function orderHits(db: Database, term: string, session: SessionContext): Promise<SearchOrderHit[]> {
  const rows = await db
    .select({
      id: orders.id,
      title: orders.title,
      state: orders.state,
      customerId: orders.customerId,
      customerName: customerFullName(),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(orderSearch(term), scopeWhere(customerScope(session), orders.customerId)))
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    number: orderNumber(r.id),
    title: r.title,
    state: r.state as OrderState,
    customer_id: r.customerId,
    customer_name: r.customerName,
  }));
}

/** Termine by words of their purpose as prefixes (the purpose's full-text index), the coming ones first. */
async function visitHits(db: Database, term: string, session: SessionContext): Promise<SearchVisitHit[]> {
  const words = titleQuery(term);
  if (!words) return [];
  const rows = await db
    .select({
      id: visits.id,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      purpose: visits.purpose,
      state: visits.state,
      customerId: visits.customerId,
      customerName: customerFullName(),
    })
    .from(visits)
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .where(
      and(
        sql`to_tsvector('simple', ${visits.purpose}) @@ to_tsquery('simple', ${words})`,
        scopeWhere(customerScope(session), visits.customerId),
      ),
    )
    // The coming open ones first (nearest first), then the rest, latest first.
    .orderBy(
      sql`(${visits.state} IN ('planned','confirmed','moved') AND ${visits.endsAt} > now()) DESC`,
      sql`CASE WHEN ${visits.state} IN ('planned','confirmed','moved') AND ${visits.endsAt} > now() THEN ${visits.startsAt} END ASC`,
      desc(visits.startsAt),
      desc(visits.id),
    )
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => {
    const start = viennaParts(r.startsAt);
    return {
      id: r.id,
      date: start.date,
      start_time: start.time,
      end_time: viennaParts(r.endsAt).time,
      purpose: r.purpose,
      state: r.state as VisitState,
      customer_id: r.customerId,
      customer_name: r.customerName,
    };
  });
}

/** The groups the session may see, each searched over the customers in its scope. */
export async function searchEverything(
  db: Database,
  session: SessionContext,
  q: string,
  _today: string,
): Promise<SearchResults> {
  const term = q.trim();
  const match = termMatcher(term);
  const none = Promise.resolve(undefined);
  const [customerGroup, projectGroup, invoiceGroup, wikiGroup, timeGroup, orderGroup, visitGroup] = await Promise.all([
    can(session, 'customers.read') ? customerHits(db, match, session) : none,
    can(session, 'projects.read') ? projectHits(db, match, session) : none,
    can(session, 'invoices.read') ? invoiceHits(db, term, match, session) : none,
    can(session, 'wiki.read') ? wikiHits(db, match, session) : none,
    can(session, 'time_entries.read') ? activityHits(db, term, customerScope(session)) : none,
    can(session, 'orders.read') ? orderHits(db, term, session) : none,
    can(session, 'visits.read') ? visitHits(db, term, session) : none,
  ]);
  return {
    customers: customerGroup,
    projects: projectGroup,
    invoices: invoiceGroup,
    wiki_entries: wikiGroup,
    time_entries: timeGroup,
    orders: orderGroup,
    visits: visitGroup,
  };
}
