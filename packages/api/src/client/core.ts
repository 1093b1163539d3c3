// The generic client: ky under `/api`, the bearer token, the `data` envelope, errors as ApiError.
import ky, { type KyInstance, type Options } from 'ky';
import { ACTING_TENANT_HEADER } from '../contract/admin-values.ts';
import { API_BASE } from '../contract/constants.ts';
import type { Health, PublicConfig } from '../contract/config.ts';
import type { CurrentUser } from '../contract/user.ts';
import { toApiError } from './errors.ts';

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
  /** A file download. */
  blob(path: string, options?: Options): Promise<Blob>;
  user: {
    /** `GET /services/user/{email}` */
    get(email: string): Promise<CurrentUser>;
  };
  /** The underlying ky instance, with auth and error hooks. */
  http: KyInstance;
}

/** The typed API client on ky: bearer token on every call, replies read from `data`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = ky.create({
    prefixUrl: options.prefixUrl ?? API_BASE,
    credentials: 'include',
    timeout: options.timeoutMs ?? 30_000,
    retry: 0,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        async (request) => {
          request.headers.set('Authorization', `Bearer ${await options.getToken()}`);
          const acting = options.getActingTenant?.();
          if (acting) request.headers.set(ACTING_TENANT_HEADER, acting);
        },
      ],
    },
  });
  const call = async <T>(run: () => Promise<Envelope<T>>): Promise<T> => {
    try {
      return (await run()).data;
    } catch (error) {
      throw await toApiError(error);
    }
  };
  const rel = (path: string) => path.replace(/^\//, '');
  return {
    http,
    get: (path, o) => call(() => http.get(rel(path), o).json()),
    post: (path, json, o) => call(() => http.post(rel(path), { ...o, json }).json()),
    put: (path, json, o) => call(() => http.put(rel(path), { ...o, json }).json()),
    patch: (path, json, o) => call(() => http.patch(rel(path), { ...o, json }).json()),
    delete: (path, o) => call(() => http.delete(rel(path), o).json()),
    page: async <T>(path: string, o?: Options) => {
      try {
        return await http.get(rel(path), o).json<PageReply<T>>();
      } catch (error) {
        throw await toApiError(error);
      }
    },
    blob: async (path, o) => {
      try {
        return await http.get(rel(path), o).blob();
      } catch (error) {
        throw await toApiError(error);
      }
    },
    user: {
      get: (email) =>
        call(() =>
          http.get(`services/user/${encodeURIComponent(email)}`).json<Envelope<CurrentUser>>(),
        ),
    },
  };
}

/** Calls that need no sign-in: the portal reads these before the identity service exists. */
export async function fetchPublicConfig(prefixUrl = API_BASE): Promise<PublicConfig> {
  try {
    return await ky
      .get(`${prefixUrl.replace(/\/$/, '')}/config`, { retry: 1 })
      .json<PublicConfig>();
  } catch (error) {
    throw await toApiError(error);
  }
}

export async function fetchHealth(prefixUrl = API_BASE): Promise<Health> {
  return ky.get(`${prefixUrl.replace(/\/$/, '')}/health`).json<Health>();
}
