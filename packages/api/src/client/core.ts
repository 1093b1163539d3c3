// The generic client: ky under `/api`, the bearer token, the `data` envelope, errors as ApiError.
// ky is fetched with the first call, not with the sign-in page (which calls nothing through it).
import type ky from 'ky';
import type { KyInstance, Options } from 'ky';
import { ACTING_TENANT_HEADER } from '../contract/admin-values.ts';
import { API_BASE } from '../contract/constants.ts';
import type { Health, PublicConfig } from '../contract/config.ts';
import type { CurrentUser } from '../contract/user.ts';
import { apiErrorOf, toApiError } from './errors.ts';

export interface ApiClientOptions {
  /** Where the API lives; `/api` in the browser, an absolute URL elsewhere. */
  prefixUrl?: string;
  /** Supplies the bearer ID token for every call. */
  getToken: () => Promise<string>;
  /** A fetch to use instead of the global one (tests, server-side callers). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The customer tenant an internal user acts for (sent as `x-acting-tenant`), or null. */
  getActingTenant?: () => string | null;
  /** Called each time the last call in flight has settled (nothing is being waited for). */
  onQuiet?: () => void;
}

/** Every successful reply wraps its payload in `data`. */
interface Envelope<T> {
  data: T;
}

/** A page of a list: the items in `data`, the next page's cursor (and the lists' total) in `page`. */
export interface PageReply<T> {
  data: T[];
  page: { next_cursor: string | null; total?: number };
}

export interface ApiClient {
  /** Generic verbs, for areas without a typed module yet. Each resolves to the reply's `data`. */
  get<T>(path: string, options?: Options): Promise<T>;
  post<T>(path: string, json?: unknown, options?: Options): Promise<T>;
  put<T>(path: string, json?: unknown, options?: Options): Promise<T>;
  patch<T>(path: string, json?: unknown, options?: Options): Promise<T>;
  delete<T>(path: string, options?: Options): Promise<T>;
  /** A paged list: the whole reply, items and the next page's cursor. */
  page<T>(path: string, options?: Options): Promise<PageReply<T>>;
  /**
   * Starts a paged read before its page asks for it (`path` with its query string: the call the
   * page will make, as `pageCallKey` writes it). The page's own `page` call of the same path and
   * query takes it, once; one not taken within `EARLY_CALL_TTL_MS` is let go.
   */
  prefetchPage(pathAndQuery: string): void;
  /** A file download. */
  blob(path: string, options?: Options): Promise<Blob>;
  /**
   * A POST that outlives the page, for `pagehide` (`fetch` with `keepalive`; `sendBeacon` cannot
   * send headers): the headers every call carries, with the bearer token the client last sent,
   * since the page cannot wait for one. False when no token is known yet (nothing was sent).
   */
  postOnUnload(path: string, json: unknown): boolean;
  /** Reads a current token now, so that `postOnUnload` later has a fresh one. */
  primeToken(): Promise<void>;
  user: {
    /** `GET /services/user/{email}` */
    get(email: string): Promise<CurrentUser>;
  };
}

/** How long a read started ahead of its page waits to be taken (a page that never asks). */
export const EARLY_CALL_TTL_MS = 10_000;

const rel = (path: string) => path.replace(/^\//, '');

/**
 * A paged read as one string: its path (no leading slash) and its query string. Null for a call
 * with other options than its query (those are never started ahead).
 */
export function pageCallKey(path: string, options?: Options): string | null {
  const { searchParams, ...rest } = options ?? {};
  if (Object.keys(rest).length > 0) return null;
  const pairs: [string, string][] =
    searchParams === undefined
      ? []
      : searchParams instanceof URLSearchParams || typeof searchParams === 'string'
        ? [...new URLSearchParams(searchParams)]
        : (Array.isArray(searchParams) ? searchParams : Object.entries(searchParams)).flatMap(
            ([name, value]) => (value === undefined ? [] : [[String(name), String(value)]]),
          );
  const query = new URLSearchParams(pairs).toString();
  return query ? `${rel(path)}?${query}` : rel(path);
}

let kyModule: Promise<{ default: typeof ky }> | undefined;
/** ky's code, fetched once (again after a failed fetch); the signed-in frame starts it early. */
export const preloadHttp = () =>
  (kyModule ??= import('ky').catch((error: unknown) => {
    kyModule = undefined;
    throw error;
  }));

/** The typed API client on ky: bearer token on every call, replies read from `data`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let instance: Promise<KyInstance> | undefined;
  // The newest token a call was sent with: what a request sent while the page unloads carries.
  let lastToken: string | null = null;
  const token = async () => (lastToken = await options.getToken());
  const http = () =>
    (instance ??= preloadHttp().then(({ default: ky }) =>
      ky.create({
        prefixUrl: options.prefixUrl ?? API_BASE,
        credentials: 'include',
        timeout: options.timeoutMs ?? 30_000,
        retry: 0,
        fetch: options.fetch,
        hooks: {
          beforeRequest: [
            async (request) => {
              request.headers.set('Authorization', `Bearer ${await token()}`);
              const acting = options.getActingTenant?.();
              if (acting) request.headers.set(ACTING_TENANT_HEADER, acting);
            },
          ],
        },
      }),
    ));
  let inFlight = 0;
  /** Runs a call and reads its reply; what ky throws becomes an ApiError. */
  const read = async <T>(run: (client: KyInstance) => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await run(await http());
    } catch (error) {
      throw await toApiError(error);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) options.onQuiet?.();
    }
  };
  const call = async <T>(run: (client: KyInstance) => Promise<Envelope<T>>): Promise<T> =>
    (await read(run)).data;
  // Paged reads started ahead of their page (the first page's first call, at boot), by key.
  const early = new Map<string, Promise<PageReply<unknown>>>();
  return {
    get: (path, o) => call((c) => c.get(rel(path), o).json()),
    post: (path, json, o) => call((c) => c.post(rel(path), { ...o, json }).json()),
    put: (path, json, o) => call((c) => c.put(rel(path), { ...o, json }).json()),
    patch: (path, json, o) => call((c) => c.patch(rel(path), { ...o, json }).json()),
    delete: (path, o) => call((c) => c.delete(rel(path), o).json()),
    page: <T>(path: string, o?: Options) => {
      const key = pageCallKey(path, o);
      const started = key === null ? undefined : early.get(key);
      if (key !== null && started) {
        early.delete(key);
        return started as Promise<PageReply<T>>;
      }
      return read((c) => c.get(rel(path), o).json<PageReply<T>>());
    },
    prefetchPage: (pathAndQuery) => {
      const key = rel(pathAndQuery);
      if (early.has(key)) return;
      const started = read((c) => c.get(key).json<PageReply<unknown>>());
      // A failure is the page's to report, when it takes the call; untaken, it is let go.
      started.catch(() => undefined);
      early.set(key, started);
      setTimeout(() => {
        if (early.get(key) === started) early.delete(key);
      }, EARLY_CALL_TTL_MS);
    },
    blob: (path, o) => read((c) => c.get(rel(path), o).blob()),
    postOnUnload: (path, json) => {
      if (lastToken === null) return false;
      const headers: Record<string, string> = {
        Authorization: `Bearer ${lastToken}`,
        'content-type': 'application/json',
      };
      const acting = options.getActingTenant?.();
      if (acting) headers[ACTING_TENANT_HEADER] = acting;
      const prefix = (options.prefixUrl ?? API_BASE).replace(/\/$/, '');
      void (options.fetch ?? fetch)(`${prefix}/${rel(path)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(json),
        credentials: 'include',
        keepalive: true,
      }).catch(() => undefined);
      return true;
    },
    primeToken: async () => {
      await token();
    },
    user: {
      get: (email) =>
        call((c) =>
          c.get(`services/user/${encodeURIComponent(email)}`).json<Envelope<CurrentUser>>(),
        ),
    },
  };
}

/** A GET without ky: the portal's first call, before any page needs the client. */
async function getJson<T>(url: string, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'include' });
    } catch (error) {
      if (attempt < attempts) continue;
      throw await toApiError(error);
    }
    if (response.ok) return (await response.json()) as T;
    if (response.status >= 500 && attempt < attempts) continue;
    throw await apiErrorOf(response);
  }
}

/** Calls that need no sign-in: the portal reads these before the identity service exists. */
export const fetchPublicConfig = (prefixUrl = API_BASE): Promise<PublicConfig> =>
  getJson<PublicConfig>(`${prefixUrl.replace(/\/$/, '')}/config`, 2);

export const fetchHealth = (prefixUrl = API_BASE): Promise<Health> =>
  getJson<Health>(`${prefixUrl.replace(/\/$/, '')}/health`, 1);
