import { USER_CACHE_STALE_MS, type CurrentUser } from '@portal/api/contract';

export interface CurrentUserCacheOptions {
  /** Fetches the signed-in user's record from the server. */
  fetchUser: () => Promise<CurrentUser>;
  /** Called whenever the cached user changes (null when cleared). */
  onChange?: (user: CurrentUser | null) => void;
  staleMs?: number;
  now?: () => number;
}

/**
 * The current-user rule (specification section 4): cached, stale after 5 minutes, concurrent
 * fetches share one request, cleared when the identity provider reports no signed-in user.
 */
export function createCurrentUserCache({
  fetchUser,
  onChange,
  staleMs = USER_CACHE_STALE_MS,
  now = Date.now,
}: CurrentUserCacheOptions) {
  let cached: { user: CurrentUser; at: number } | null = null;
  let inflight: Promise<CurrentUser> | null = null;
  // bumped on clear, so a request started before sign-out cannot refill the cache afterwards
  let generation = 0;

  const load = (options: { force?: boolean } = {}): Promise<CurrentUser> => {
    if (!options.force && cached && now() - cached.at < staleMs)
      return Promise.resolve(cached.user);
    if (inflight) return inflight;
    const started = generation;
    const request = fetchUser()
      .then((user) => {
        if (started === generation) {
          cached = { user, at: now() };
          onChange?.(user);
        }
        return user;
      })
      .finally(() => {
        if (inflight === request) inflight = null;
      });
    inflight = request;
    return request;
  };

  return {
    load,
    /** The cached user, fresh or stale, without fetching. */
    peek: (): CurrentUser | null => cached?.user ?? null,
    clear() {
      generation += 1;
      cached = null;
      inflight = null;
      onChange?.(null);
    },
  };
}
