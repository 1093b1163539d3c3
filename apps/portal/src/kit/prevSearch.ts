import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter that keeps a list's search (section 2: `/compute?prevSearch=…`). */
export const PREV_SEARCH = 'prevSearch';

/** How long typing must pause before the URL follows the search box. */
export const URL_DELAY_MS = 250;

/** The search kept in a URL's query, or `''`. */
export const searchOf = (params: URLSearchParams): string => params.get(PREV_SEARCH) ?? '';

/** The same query with the search set (or removed when blank); other parameters stay. */
export function withSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (search.trim()) next.set(PREV_SEARCH, search);
  else next.delete(PREV_SEARCH);
  return next;
}

/** A path with the search carried along as `prevSearch` (to a detail page, or back to a list). */
export function withPrevSearch(path: string, search: string): string {
  if (!search.trim()) return path;
  return `${path}?${new URLSearchParams({ [PREV_SEARCH]: search }).toString()}`;
}

/**
 * A list's search box kept in the URL as `prevSearch`: the box answers every keystroke at once,
 * the URL follows once typing pauses (replacing the entry, so Back leaves the list instead of
 * undoing letters), and a URL that changes from outside (Back from a detail page) fills the box.
 */
export function useUrlSearch(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = searchOf(params);
  const [search, setSearch] = useState(inUrl);
  const written = useRef(inUrl);

  useEffect(() => {
    if (inUrl !== written.current) {
      written.current = inUrl;
      setSearch(inUrl);
    }
  }, [inUrl]);

  useEffect(() => {
    if (search === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = search.trim() ? search : '';
      setParams((current) => withSearch(current, search), { replace: true });
    }, URL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, setParams]);

  return [search, setSearch];
}
