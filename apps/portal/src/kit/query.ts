// The portal's server state: one QueryClient for the whole app (ADR 010).
import { QueryClient } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { ApiError } from '@portal/api/client';
import { session } from '../services.ts';

/** Data is fresh this long: moving between pages does not refetch what was just read. */
export const STALE_TIME_MS = 30_000;
/** Failed reads are tried again at most this many times (never for a 4xx). */
export const MAX_RETRIES = 2;

/**
 * The query keys every area with a list starts from: `all`, everything the area read (what a task
 * on it invalidates), and `list()`, the whole list (a long list's pages are kept under it).
 */
export const areaKeys = <A extends string>(area: A) => {
  const all = [area] as const;
  return { all, list: () => [...all, 'list'] as const };
};

/** A 4xx answer will not change by asking again: 404, 403, 400 fail at once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * A client with the portal's defaults: fresh for 30 s, no retry of a 4xx, no refetch when the
 * window regains focus (a task's end invalidates what it changed; a VM list that reloads on every
 * alt-tab would lose the reader's place and the scroll), mutations never retried (they start tasks).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's client (main.tsx provides it; `useTaskAction` and the task centre invalidate on it). */
export const queryClient = createQueryClient();

// Signed out: nothing read for this user may show for the next one.
subscribe(session, () => {
  if (session.status === 'signedOut') queryClient.clear();
});
