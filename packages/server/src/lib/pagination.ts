import { MIN_SEARCH_LENGTH, type PageQuery, TOTAL_COUNT_HEADER } from '@butler/contract/list-query';
import type { FastifyReply } from 'fastify';

/** LIMIT/OFFSET of one page. */
export function pageBounds(query: PageQuery) {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `%term%` for ILIKE with LIKE wildcards escaped, or null when the term is shorter than 3 characters. */
export function searchPattern(search: string | undefined): string | null {
  const term = search?.trim() ?? '';
  if (term.length < MIN_SEARCH_LENGTH) return null;
  return containsPattern(term);
}

/** Lists answer an array (DOMAIN-RULES §2); the total of all pages goes into a header. */
export function sendTotalCount(reply: FastifyReply, total: number) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver error in `cause`). */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.cause?.code) return e.cause;
  return e ?? {};
}
