import { describe, expect, it } from 'vitest';
import { createApiClient } from './index.ts';
import { listCalls } from './list.ts';

/** A client whose fetch records each URL and answers `{ data, page }`. */
const recording = () => {
  const urls: string[] = [];
  const api = createApiClient({
    prefixUrl: 'http://portal.test/api',
    getToken: async () => 'token',
    fetch: (async (request: Request) => {
      urls.push(request.url.replace('http://portal.test/api', ''));
      return new Response(
        JSON.stringify({ data: [{ id: 1 }], page: { next_cursor: 'c2', total: 3 } }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch,
  });
  return { calls: listCalls<{ id: number }>(api, '/services/things'), urls };
};

describe('listCalls', () => {
  it('reads the whole list at its path', async () => {
    const { calls, urls } = recording();
    expect(await calls.list()).toEqual([{ id: 1 }]);
    expect(urls).toEqual(['/services/things']);
  });

  it('reads a page with the paging parameters, keeping the whole reply', async () => {
    const { calls, urls } = recording();
    const reply = await calls.page({ limit: 100, cursor: 'c1', sort: '-name', q: 'web' });
    expect(reply).toEqual({ data: [{ id: 1 }], page: { next_cursor: 'c2', total: 3 } });
    expect(urls).toEqual(['/services/things?limit=100&cursor=c1&sort=-name&q=web']);
  });
});
