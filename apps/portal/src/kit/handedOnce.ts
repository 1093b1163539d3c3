// What the server tells only once (a secret in a creation's 202), handed by a wizard to the page
// it opens: that page shows it while it stays open; reloading it or coming back shows it no more.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const stateOf = (state: unknown): Record<string, unknown> | null =>
  state && typeof state === 'object' ? (state as Record<string, unknown>) : null;

/**
 * The value a page was opened with under `key` in the router's state, kept while the page is
 * shown and taken out of the history entry at once (the browser keeps that state across reloads).
 */
export function useHandedOnce<T>(key: string): T | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [value] = useState(() => stateOf(location.state)?.[key] as T | undefined);
  const inHistory = stateOf(location.state)?.[key] !== undefined;
  useEffect(() => {
    if (inHistory)
      void navigate(`${location.pathname}${location.search}${location.hash}`, {
        replace: true,
        state: null,
      });
  }, [inHistory, navigate, location.pathname, location.search, location.hash]);
  return value;
}
