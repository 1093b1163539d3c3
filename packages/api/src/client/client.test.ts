import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  EARLY_CALL_TTL_MS,
  errorText,
  fetchPublicConfig,
  NO_RESPONSE,
  pageCallKey,
} from './index.ts';

const reply = (status: number, body: unknown, type = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': type },
  });

const clientWith = (fetchImpl: (request: Request) => Promise<Response>) =>
  createApiClient({
    prefixUrl: 'http://portal.test/api',
    getToken: async () => 'token-123',
    fetch: ((input: Request) => fetchImpl(input)) as typeof fetch,
  });

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('api client', () => {
  it('sends the bearer token and reads the reply from data', async () => {
    const seen = vi.fn();
    const client = clientWith(async (request) => {
      seen(request.url, request.headers.get('authorization'), request.credentials);
      return reply(200, {
        data: {
          email: 'a@b.c',
          tenant: { cdb_id: 'UZZ1', name: 'T' },
          role: { name: 'R', builtin: false, permissions: { compute: 'read' } },
        },
      });
    });
    const user = await client.user.get('a@b.c');
    expect(user.email).toBe('a@b.c');
    expect(seen).toHaveBeenCalledWith(
      'http://portal.test/api/services/user/a%40b.c',
      'Bearer token-123',
      'include',
    );
  });
});

describe('a paged read started ahead of its page', () => {
  const pageReply = (name: string) => reply(200, { data: [{ name }], page: { next_cursor: null } });

  it('is taken once by the same read: one request, the same reply', async () => {
    const urls: string[] = [];
    const client = clientWith(async (request) => {
      urls.push(request.url);
      return pageReply(`reply ${urls.length}`);
    });
    client.prefetchPage('services/backup?limit=100&sort=name');
    const search = new URLSearchParams({ limit: '100', sort: 'name' });
    const first = await client.page<{ name: string }>('/services/backup', { searchParams: search });
    expect(first.data).toEqual([{ name: 'reply 1' }]);
    expect(urls).toEqual(['http://portal.test/api/services/backup?limit=100&sort=name']);
    // Taken: the next read of the same list asks again.
    const second = await client.page<{ name: string }>('/services/backup', {
      searchParams: search,
    });
    expect(second.data).toEqual([{ name: 'reply 2' }]);
    expect(urls).toHaveLength(2);
  });

  it('is not taken by another read, and is let go when no page asks', async () => {
    vi.useFakeTimers();
    try {
      const urls: string[] = [];
      const client = clientWith(async (request) => {
        urls.push(request.url);
        return pageReply('x');
      });
      client.prefetchPage('services/backup?limit=100&sort=name');
      await client.page('services/backup', { searchParams: { limit: 100, sort: '-name' } });
      expect(urls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(EARLY_CALL_TTL_MS);
      await client.page('services/backup', { searchParams: { limit: 100, sort: 'name' } });
      expect(urls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands its failure to the page that takes it', async () => {
    const client = clientWith(async () => reply(403, { message: 'Not allowed' }));
    client.prefetchPage('admin/log?limit=100');
    const error = await failure(client.page('admin/log', { searchParams: { limit: 100 } }));
    expect(errorText(error)).toBe('Not allowed');
  });

  it('is keyed by path and query as the page asks, whatever form the query takes', () => {
    const key = 'services/storage?limit=100&sort=name';
    expect(pageCallKey('/services/storage', { searchParams: { limit: 100, sort: 'name' } })).toBe(
      key,
    );
    expect(pageCallKey('services/storage', { searchParams: 'limit=100&sort=name' })).toBe(key);
    expect(
      pageCallKey('services/storage', { searchParams: { limit: 100, q: undefined, sort: 'name' } }),
    ).toBe(key);
    expect(pageCallKey('services/storage')).toBe('services/storage');
    // A read with other options is never started ahead.
    expect(pageCallKey('services/storage', { timeout: 5 })).toBeNull();
  });
});

describe('error text rule', () => {
  it('uses data.message when the reply has one', async () => {
    const error = await failure(
      clientWith(async () => reply(400, { message: 'name: is required', field: 'name' })).get('x'),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(errorText(error)).toBe('name: is required');
    expect((error as ApiError).field).toBe('name');
    expect((error as ApiError).status).toBe(400);
  });

  it('uses the raw data when there is no message', async () => {
    const text = await failure(
      clientWith(async () => reply(502, 'Bad gateway from proxy', 'text/plain')).get('x'),
    );
    expect(errorText(text)).toBe('Bad gateway from proxy');
    const json = await failure(clientWith(async () => reply(500, { detail: 'x' })).get('x'));
    expect(errorText(json)).toBe('{"detail":"x"}');
  });

  it("says 'No response' when the request got no response", async () => {
    const error = await failure(
      clientWith(async () => {
        throw new TypeError('Failed to fetch');
      }).get('x'),
    );
    expect(errorText(error)).toBe(NO_RESPONSE);
  });

  it("otherwise uses the error's own message", () => {
    expect(errorText(new Error('token expired'))).toBe('token expired');
    expect(errorText('plain')).toBe('plain');
  });
});

describe('public configuration (read before the client, without ky)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tries once more after a failed request', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(reply(200, { totp: false }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchPublicConfig('http://portal.test/api/')).toEqual({ totp: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith('http://portal.test/api/config', {
      credentials: 'include',
    });
  });

  it('reports a refused reply by the error-text rule, and no reply as No response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(403, { message: 'Not from this address.' })),
    );
    const refused = await failure(fetchPublicConfig('http://portal.test/api'));
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect(errorText(refused)).toBe('Not from this address.');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(errorText(await failure(fetchPublicConfig('http://portal.test/api')))).toBe(NO_RESPONSE);
  });
});
