import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorText, fetchPublicConfig, NO_RESPONSE } from './index.ts';

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
