import { z } from 'zod';
import { zId } from './common.js';

/** Lists that can grow answer one page; the total count travels in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
/** Searches filter only from this many characters on (SPEC §9); shorter terms list everything. */
export const MIN_SEARCH_LENGTH = 3;

export const zPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const zSearchParam = z.string().trim().max(100).optional();
export const zOptionalCustomerId = zId.optional();

export type PageQuery = z.infer<typeof zPageQuery>;

/** A required reference id; missing, empty or invalid all get `message`. */
export const zRequiredId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
