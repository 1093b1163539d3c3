import type { UserRecord } from '../db/users.ts';
import { rememberBounded } from '../platform/bounded-map.ts';

interface Entry {
  principal: Promise<UserRecord | null>;
  /** Until when (ms since the epoch) the answer may be reused. */
  until: number;
}

/** Every live cache in this process, so that one call invalidates them all. */
const caches = new Set<PrincipalCache>();

/**
 * The portal user (tenant, role, permissions) behind a verified e-mail address, remembered for a
 * few seconds so that a page load of parallel calls, or a poller, costs one look-up per user and
 * window instead of one per request. Concurrent requests of one user share one look-up; a failed
 * look-up is not kept. Changes made by an administrator take effect at once through
 * `invalidatePrincipal`, and within the window anyway (other processes, direct SQL).
 */
export class PrincipalCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly lookUp: (email: string) => Promise<UserRecord | null>,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 50_000,
  ) {}

  /** The portal user with this (lower-case, verified) e-mail address, or null if there is none. */
  get(email: string): Promise<UserRecord | null> {
    if (this.windowMs <= 0) return this.lookUp(email);
    const now = this.now();
    const cached = this.#entries.get(email);
    if (cached && cached.until > now) return cached.principal;
    if (cached) this.#entries.delete(email);
    const entry: Entry = { principal: this.lookUp(email), until: now + this.windowMs };
    rememberBounded(this.#entries, this.maxEntries, email, entry, now);
    // A database error is for this request only; the next one asks again.
    entry.principal.catch(() => {
      if (this.#entries.get(email) === entry) this.#entries.delete(email);
    });
    return entry.principal;
  }

  /** Forgets one user (any case), or everyone when no e-mail is given. */
  invalidate(email?: string): void {
    if (email === undefined) this.#entries.clear();
    else this.#entries.delete(email.toLowerCase());
  }

  /** How many users are remembered (tests). */
  get size(): number {
    return this.#entries.size;
  }

  /** Makes `invalidatePrincipal` reach this cache until `close()`. */
  open(): this {
    caches.add(this);
    return this;
  }

  close(): void {
    caches.delete(this);
    this.#entries.clear();
  }
}

/**
 * Call after changing a portal user (role, tenant, deletion, creation): that user's next request
 * in this process looks them up again. For the administration area (not built yet); other server
 * processes catch up within `AUTH_PRINCIPAL_CACHE_SECONDS`.
 */
export function invalidatePrincipal(email: string): void {
  for (const cache of caches) cache.invalidate(email);
}

/** Call after a change that touches many users at once (a role's permissions, a tenant). */
export function invalidateAllPrincipals(): void {
  for (const cache of caches) cache.invalidate();
}
