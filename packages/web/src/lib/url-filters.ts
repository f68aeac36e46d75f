/**
 * A list's filters in the address (decision 0660): each filter is one German query parameter
 * (`?suche=...&status=...&seite=...`). Reading never fails: a missing, unknown or malformed value is
 * the filter's default. Writing leaves defaults out, so the plain list has the plain address.
 */

/** How one query parameter is read and written. */
export type UrlParam<T> = {
  fallback: T;
  parse: (raw: string) => T | undefined;
  format: (value: T) => string;
};
export type UrlSchema = Record<
  string,
  { fallback: unknown; parse: (raw: string) => unknown; format: (value: never) => string }
>;
export type UrlValues<S extends UrlSchema> = { [K in keyof S]: S[K]['fallback'] };

/** The page parameter: it goes back to 1 whenever another filter changes. */
export const PAGE_PARAM = 'seite';
/** The free-text search parameter. */
export const SEARCH_PARAM = 'suche';
/** Highest page the API accepts (zPageQuery). */
const MAX_PAGE = 1_000_000;
const MAX_TEXT = 100;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function positiveInt(raw: string, max: number): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

export const urlParam = {
  /** One of a fixed set of values (a status, a period); anything else is `fallback`. */
  choice<T extends string>(values: readonly T[], fallback: T): UrlParam<T> {
    return {
      fallback,
      parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
      format: String,
    };
  },
  /** Free text (a search), trimmed and cut to the API's 100 characters; default empty. */
  text(): UrlParam<string> {
    return { fallback: '', parse: (raw) => raw.trim().slice(0, MAX_TEXT), format: String };
  },
  /** A key the server knows by its shape (an actor `admin:3`, a record kind); default none. */
  pattern(shape: RegExp): UrlParam<string | null> {
    return { fallback: null, parse: (raw) => (raw.length <= 40 && shape.test(raw) ? raw : undefined), format: String };
  },
  /** A page number from 1; default 1. */
  page(): UrlParam<number> {
    return { fallback: 1, parse: (raw) => positiveInt(raw, MAX_PAGE), format: String };
  },
  /** A record id (a customer); default none. */
  id(): UrlParam<number | null> {
    return { fallback: null, parse: (raw) => positiveInt(raw, 2_147_483_647), format: String };
  },
  /** A calendar date `JJJJ-MM-TT`; default none. */
  date(): UrlParam<string | null> {
    return { fallback: null, parse: (raw) => (isCalendarDate(raw) ? raw : undefined), format: String };
  },
};

/** The last page of `total` rows (1 when there are none). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The filters the address asks for, each one valid or its default. */
export function readUrlFilters<S extends UrlSchema>(schema: S, params: URLSearchParams): UrlValues<S> {
  const values: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(schema)) {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : param.parse(raw);
    values[key] = parsed === undefined || parsed === '' ? param.fallback : parsed;
  }
  return values as UrlValues<S>;
}

/**
 * The address after `patch`: defaults are removed, other parameters (a tab, an open dialog) stay,
 * and a change of any filter but the page starts again at page 1.
 */
export function writeUrlFilters<S extends UrlSchema>(
  schema: S,
  params: URLSearchParams,
  patch: Partial<UrlValues<S>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = readUrlFilters(schema, params);
  let filterChanged = false;
  for (const [key, value] of Object.entries(patch)) {
    const param = schema[key];
    if (!param) continue;
    if (key !== PAGE_PARAM && value !== current[key]) filterChanged = true;
    if (value === null || value === undefined || value === '' || value === param.fallback) next.delete(key);
    else next.set(key, param.format(value as never));
  }
  if (filterChanged && PAGE_PARAM in schema && !(PAGE_PARAM in patch)) next.delete(PAGE_PARAM);
  return next;
}
