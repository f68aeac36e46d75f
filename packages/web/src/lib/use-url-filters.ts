import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lastPage, readUrlFilters, SEARCH_PARAM, type UrlSchema, type UrlValues, writeUrlFilters } from './url-filters';

/**
 * A list's filters kept in the address (decision 0660). `schema` must be a module constant.
 * `set` pushes a history entry, so Back restores the previous filter or page. `search` is the
 * search box of `?suche=` (when the schema has it): typing replaces the entry instead.
 */
export function useUrlFilters<S extends UrlSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address string is the identity of the values
  const values = useMemo(() => readUrlFilters(schema, params), [schema, address]);
  // The address each write builds on: the last one written, not the last one rendered. Two
  // writes before the next render (the search box settling while a tab is clicked) would
  // otherwise both start from the rendered address, and the second would undo the first.
  const latest = useRef(address);
  useEffect(() => {
    latest.current = address;
  }, [address]);
  const write = useCallback(
    (patch: Partial<UrlValues<S>>, replace: boolean) => {
      const next = writeUrlFilters(schema, new URLSearchParams(latest.current), patch);
      latest.current = next.toString();
      setParams(next, { replace });
    },
    [schema, setParams],
  );
  const set = useCallback((patch: Partial<UrlValues<S>>) => write(patch, false), [write]);
  const replace = useCallback((patch: Partial<UrlValues<S>>) => write(patch, true), [write]);
  const settled = typeof values[SEARCH_PARAM] === 'string' ? (values[SEARCH_PARAM] as string) : '';
  const search = useUrlSearch(settled, (text) => write({ [SEARCH_PARAM]: text } as Partial<UrlValues<S>>, true));
  const reset = () => {
    search.setText('');
    set(Object.fromEntries(Object.entries(schema).map(([key, p]) => [key, p.fallback])) as Partial<UrlValues<S>>);
  };
  return { values, set, replace, reset, search };
}

/**
 * The box follows the keyboard at once; the address gets the settled text after 300 ms
 * (`onSettled`). When the address changes from outside (Back, a link), the box shows its text.
 */
function useUrlSearch(settled: string, onSettled: (text: string) => void) {
  const [text, setText] = useState(settled);
  const [debounced] = useDebouncedValue(text.trim().slice(0, 100), 300);
  const written = useRef(settled);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    setText(settled);
  }, [settled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly settled text goes into the address
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    onSettled(debounced);
  }, [debounced]);
  return { text, setText };
}

/**
 * A page past the end (an old link, the last row of the last page deleted) shows the last page
 * instead of an empty list; the address is corrected in place.
 */
export function usePageInRange(
  page: number,
  total: number | undefined,
  pageSize: number,
  onOutOfRange: (lastPage: number) => void,
) {
  const last = lastPage(total ?? 0, pageSize);
  const outOfRange = total !== undefined && total > 0 && page > last;
  // biome-ignore lint/correctness/useExhaustiveDependencies: act once per page and total
  useEffect(() => {
    if (outOfRange) onOutOfRange(last);
  }, [outOfRange, last]);
}
