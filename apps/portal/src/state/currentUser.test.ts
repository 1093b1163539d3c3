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

  it.each([
    ['no role', { email: 'a@x.test', tenant: { cdb_id: 'UZZ100001', name: 'Acme' } }],
    ['a tenant without its code', { ...user('a@x.test'), tenant: { name: 'Acme' } }],
    [
      'a permission that is no level',
      {
        ...user('a@x.test'),
        role: { name: 'Op', builtin: false, permissions: { compute: 'all' } },
      },
    ],
    ['a list', [user('a@x.test')]],
    ['no body', undefined],
  ])(
    "refuses a record with %s as 'Invalid user data received', and keeps nothing",
    async (_, reply) => {
      const onChange = vi.fn();
      const fetchUser = vi.fn<() => Promise<unknown>>().mockResolvedValueOnce(reply);
      const cache = createCurrentUserCache({ fetchUser, onChange });
      await expect(cache.load()).rejects.toThrow('Invalid user data received');
      expect(cache.peek()).toBeNull();
      expect(onChange).not.toHaveBeenCalled();
      fetchUser.mockResolvedValueOnce(user('a@x.test'));
      expect((await cache.load()).email).toBe('a@x.test');
    },
  );

  it('accepts the record of someone acting for a customer', async () => {
    const acting = { ...user('staff@x.test'), home_tenant: { cdb_id: 'UZZ999997', name: 'Staff' } };
    const cache = createCurrentUserCache({ fetchUser: async () => acting });
    expect(await cache.load()).toEqual(acting);
  });
});
