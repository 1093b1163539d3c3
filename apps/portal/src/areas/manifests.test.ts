import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { preloadPages, routesIn, type AreaManifest } from '../kit/area.tsx';
import { AREAS } from './index.ts';
import { routes } from '../routes.tsx';
import { NAV_ENTRIES } from '../layout/nav.ts';

/** Every path of a route tree, joined from its parents. */
const pathsOf = (tree: readonly RouteObject[], parent = ''): string[] =>
  tree.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.path ? [here] : [];
    return [...own, ...pathsOf(route.children ?? [], here)];
  });

describe('area manifests', () => {
  it('give the specification route table, every path once', () => {
    const paths = pathsOf(routes);
    expect(paths.sort()).toEqual(
      [
        '/*',
        '/auth',
        '/auth/signin',
        '/auth/forgot',
        '/auth/action',
        '/legal/agreement',
        '/legal/terms_ms',
        '/legal/aup',
        '/compute',
        '/compute/create',
        '/compute/:id',
        '/compute/:id/console',
        '/vwseries',
        '/vwseries/:serviceid',
        '/vwseries/:serviceid/:id/console',
        '/dseries',
        '/backup',
        '/backup/create',
        '/backup/:uuid',
        '/networking',
        '/networking/create',
        '/networking/:id',
        '/storage',
        '/storage/create',
        '/storage/:id',
        '/monitoring',
        '/monitoring/create',
        '/monitoring/:id',
        '/license',
        '/crowdstrike',
        '/crowdstrike/medr/:id',
        // Issue 21: a host page and a detection page, below the subscription they belong to.
        '/crowdstrike/medr/:id/hosts/:hostId',
        '/crowdstrike/medr/:id/detections/:detectionId',
        '/crowdstrike/mssp/:id',
        '/phishing-prevention',
        '/phishing-prevention/:id',
        '/user',
        '/role',
        '/role/:id',
        '/log',
        '/account',
        '/account/second-factor',
      ].sort(),
    );
  });

  it('wrap a route in its guards: parameter rules outside the page, the user check outside those', () => {
    const area: AreaManifest = {
      id: 'demo',
      routes: [
        {
          path: 'demo/:id',
          load: async () => ({}),
          page: 'DemoPage',
          params: { id: /^\d+$/ },
          allow: () => true,
        },
        { path: 'demo/console', redirect: '/demo', layout: 'bare' },
      ],
    };
    const [guarded] = routesIn([area], 'main');
    expect(guarded?.path).toBeUndefined();
    const params = guarded?.children?.[0];
    expect(params?.children?.[0]?.path).toBe('demo/:id');
    expect(routesIn([area], 'bare').map((route) => route.path)).toEqual(['demo/console']);
    expect(routesIn([area], 'public')).toEqual([]);
  });

  it('start loading the page a path matches at boot, and no other', () => {
    const detail = vi.fn(async () => ({}));
    const other = vi.fn(async () => ({}));
    const area: AreaManifest = {
      id: 'demo',
      routes: [
        { path: 'demo/:id', load: detail, page: 'DemoPage', params: { id: /^\d+$/ } },
        { path: 'other', load: other, page: 'OtherPage' },
      ],
    };
    preloadPages(routesIn([area], 'main'), '/demo/5');
    expect(detail).toHaveBeenCalledOnce();
    expect(other).not.toHaveBeenCalled();
  });

  it('give the drawer, in order, administration last and for administrators only', () => {
    expect(NAV_ENTRIES.map((entry) => entry.id)).toEqual([
      'compute',
      'vwseries',
      'dseries',
      'backup',
      'storage',
      'networking',
      'monitoring',
      'license',
      'crowdstrike',
      'phishing-prevention',
      'user',
      'role',
      'log',
    ]);
    expect(NAV_ENTRIES.filter((entry) => entry.adminOnly).map((entry) => entry.href)).toEqual([
      '/user',
      '/role',
      '/log',
    ]);
    expect(NAV_ENTRIES.every((entry) => entry.icon.length > 0)).toBe(true);
  });

  it('lead every drawer entry to a page of the area it names', () => {
    for (const entry of NAV_ENTRIES) {
      const paths = AREAS.flatMap((area) => area.routes.map((route) => `/${route.path}`));
      expect(paths, entry.id).toContain(entry.href);
    }
    const areaIds = new Set(AREAS.map((area) => area.id));
    expect(
      NAV_ENTRIES.filter((entry) => !entry.adminOnly).every((entry) => areaIds.has(entry.id)),
    ).toBe(true);
  });
});
