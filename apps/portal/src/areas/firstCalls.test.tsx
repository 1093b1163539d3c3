import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { ADMINISTRATOR_ROLE, permissionsOnAllAreas, type CurrentUser } from '@portal/api/contract';
import { pageCallKey } from '@portal/api/client';
import { routesIn, type AreaRoute } from '../kit/area.tsx';
import { session } from '../services.ts';
import { renderPages } from '../test-pages.tsx';
import { AREAS } from './index.ts';

// A route's `firstCall` is started at boot, before its page renders: it must be the read the page
// really makes first, or the page asks again and the early one is wasted.

const CUSTOMER: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};
const ADMIN: CurrentUser = {
  email: 'admin@portal.test',
  tenant: { cdb_id: 'UZZ000000', name: 'Provider' },
  role: { name: ADMINISTRATOR_ROLE, builtin: true, permissions: permissionsOnAllAreas('manage') },
};

const named = AREAS.flatMap((area) => area.routes).filter(
  (route): route is AreaRoute & { firstCall: string } => route.firstCall !== undefined,
);
type Options = Parameters<typeof pageCallKey>[1];
const unanswered = () => new Promise<never>(() => undefined);

afterEach(() => {
  cleanup();
});

describe('the reads a page opened at boot starts before it renders', () => {
  it('are named by every list that reads a page at a time', () => {
    expect(named.map((route) => route.path).sort()).toEqual(
      [
        'backup',
        'compute',
        'crowdstrike',
        'license',
        'log',
        'monitoring',
        'networking',
        'phishing-prevention',
        'storage',
        'user',
      ].sort(),
    );
  });

  it.each(named.map((route) => [route.path, route.firstCall, route] as const))(
    '/%s asks first for %s',
    async (path, firstCall, route) => {
      const user = route.allow && !route.allow(CUSTOMER) ? ADMIN : CUSTOMER;
      session.status = 'signedIn';
      session.email = user.email;
      session.user = user;
      const asked: (string | null)[] = [];
      renderPages(routesIn(AREAS, 'main'), `/${path}`, {
        api: {
          page: (pathAsked: string, options?: Options) => {
            asked.push(pageCallKey(pathAsked, options));
            return unanswered();
          },
          get: unanswered,
          post: unanswered,
          blob: unanswered,
          prefetchPage: () => undefined,
        },
        currentUser: { load: () => Promise.resolve(user), peek: () => user },
      });
      await waitFor(() => expect(asked.length).toBeGreaterThan(0), { timeout: 10_000 });
      expect(asked[0]).toBe(firstCall);
    },
  );
});
