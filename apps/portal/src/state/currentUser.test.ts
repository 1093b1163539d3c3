import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@portal/api/contract';
import { createCurrentUserCache } from './currentUser.ts';

const user = (email: string): CurrentUser => ({
  email,
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: { compute: 'manage' } },
});

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('current-user cache', () => {
  it('serves the cached user until it is 5 minutes old, then fetches again', async () => {
    let now = 0;
    const fetchUser = vi.fn(async () => user(`u${fetchUser.mock.calls.length}@x.test`));
    const cache = createCurrentUserCache({ fetchUser, now: () => now });
    expect((await cache.load()).email).toBe('u1@x.test');
    now = 5 * 60 * 1000 - 1;
    expect((await cache.load()).email).toBe('u1@x.test');
    expect(fetchUser).toHaveBeenCalledTimes(1);
    now = 5 * 60 * 1000;
    expect((await cache.load()).email).toBe('u2@x.test');
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });

  it('lets concurrent loads share one request', async () => {
    const pending = deferred<CurrentUser>();
    const fetchUser = vi.fn(() => pending.promise);
    const cache = createCurrentUserCache({ fetchUser });
    const all = Promise.all([cache.load(), cache.load(), cache.load({ force: true })]);
    pending.resolve(user('a@x.test'));
    expect((await all).map((u) => u.email)).toEqual(['a@x.test', 'a@x.test', 'a@x.test']);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('does not share a failed request with later loads', async () => {
    const fetchUser = vi
      .fn<() => Promise<CurrentUser>>()
      .mockRejectedValueOnce(new Error('No response'))
      .mockResolvedValueOnce(user('b@x.test'));
    const cache = createCurrentUserCache({ fetchUser });
    await expect(cache.load()).rejects.toThrow('No response');
    expect((await cache.load()).email).toBe('b@x.test');
  });

  it('clears on sign-out, and a request started before it cannot refill the cache', async () => {
    const pending = deferred<CurrentUser>();
    const onChange = vi.fn();
    const fetchUser = vi.fn<() => Promise<CurrentUser>>().mockReturnValueOnce(pending.promise);
    const cache = createCurrentUserCache({ fetchUser, onChange });
    const late = cache.load();
    cache.clear();
    pending.resolve(user('old@x.test'));
    await late;
    expect(cache.peek()).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(null);

    fetchUser.mockResolvedValueOnce(user('new@x.test'));
    expect((await cache.load()).email).toBe('new@x.test');
    expect(cache.peek()?.email).toBe('new@x.test');
  });
});
