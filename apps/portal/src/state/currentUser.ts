import { USER_CACHE_STALE_MS, isCurrentUser, type CurrentUser } from '@portal/api/contract';
import { IDENTITY_MESSAGES, IdentityError } from '@portal/api/identity';

export interface CurrentUserCacheOptions {
  /** Fetches the signed-in user's record from the server (checked before it is trusted). */
  fetchUser: () => Promise<unknown>;
  /** Called whenever the cached user changes (null when cleared). */
  onChange?: (user: CurrentUser | null) => void;
  staleMs?: number;
  now?: () => number;
}

/**
 * The current-user rule (specification section 4): cached, stale after 5 minutes, concurrent
 * fetches share one request, cleared when the identity provider reports no signed-in user. A
 * record without the expected shape is refused with 'Invalid user data received' (section 8)
 * and not cached.
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
        if (!isCurrentUser(user))
          throw new IdentityError(IDENTITY_MESSAGES.invalidUserData, 'invalid-user-data');
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
