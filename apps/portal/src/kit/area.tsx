// An area declares its routes once (`manifest.ts`); the route table is derived from these
// declarations. Its drawer entry is in the drawer (`layout/nav.ts`, loaded with the signed-in
// frame) and its permission texts (`permission.ts`) load with its pages: neither is part of every
// first download.
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import type { CurrentUser, PermissionArea } from '@portal/api/contract';
import { retryingImport } from '@portal/ui/retryingImport';
import { RequireUser, ValidParams } from '../guards.tsx';

/**
 * A lazily loaded module with a page: the page's own file, so that a page downloads and runs only
 * its own code (a list does not evaluate its area's wizard, dialogs and charts before its rows).
 */
export type PageModule = Record<string, unknown>;

/** Where a route sits: in the signed-in layout, signed in but bare (consoles), or public. */
export type RouteLayout = 'main' | 'bare' | 'public';

export interface AreaRoute {
  /** The path, relative to `/`: `compute/:id`. */
  path: string;
  /** The page's export name in `load`'s module. */
  page?: string;
  /** Loads the module with the page (a dynamic import: the area's code loads on first visit). */
  load?: () => Promise<PageModule>;
  /** Instead of a page: send the visitor there. */
  redirect?: string;
  /** Parameter rules (`ValidParams`); a parameter that breaks its rule sends to `fallback`. */
  params?: Record<string, RegExp>;
  /** Where a broken parameter goes; defaults to `/`. */
  fallback?: string;
  /** Only for some users (`RequireUser`): the others are sent to `/`. */
  allow?: (user: CurrentUser) => boolean;
  /** Defaults to `main`. */
  layout?: RouteLayout;
  /**
   * The paged read the page makes first when opened without a query string (path and query, as
   * `pageCallKey` writes it): started at boot, beside the page's code, instead of once the page
   * has rendered. A test renders each such page and holds it to what the page really asks.
   */
  firstCall?: string;
}

/** A route's page: the module that holds it and its export name. */
export type PageRef = Required<Pick<AreaRoute, 'load' | 'page'>>;

/**
 * An area's pages by name, from its page files as `import.meta.glob('./*Page.tsx')` gives them:
 * each file is a chunk of its own, so a page downloads and runs only its own code (a list does
 * not evaluate its area's wizard, dialogs and charts before its first rows).
 */
export function pagesIn(files: Record<string, () => Promise<unknown>>): (name: string) => PageRef {
  return (name) => {
    const load = files[`./${name}.tsx`];
    if (!load) throw new Error(`${name}.tsx is not among the area's page files`);
    return { load: load as () => Promise<PageModule>, page: name };
  };
}

/**
 * An area's list route: the page at `path` that reads a page of rows first (`firstCall`, as
 * `AreaRoute.firstCall` says).
 */
export const listRoute = (path: string, page: PageRef, firstCall: string): AreaRoute => ({
  path,
  ...page,
  firstCall,
});

/** The role permission an area's actions need, and why they are disabled for a role that may only look. */
export interface AreaPermission {
  area: PermissionArea;
  readOnly: string;
}

export interface AreaManifest {
  /** The route name: `compute`, `phishing-prevention`. */
  id: string;
  routes: readonly AreaRoute[];
}

/** The module loads of the lazy page routes, so the first page's code can start before it renders. */
const pageLoads = new WeakMap<RouteObject, () => Promise<unknown>>();
/** The first reads of the page routes that name one (`AreaRoute.firstCall`). */
const firstCalls = new WeakMap<RouteObject, string>();

type Loader = () => Promise<Record<string, unknown>>;

/** Modules already loaded, by their loader. */
const loadedModules = new WeakMap<Loader, Record<string, unknown>>();
const trackedLoads = new WeakMap<Loader, Loader>();

/**
 * `load`, tried again after a failed fetch (`retryingImport`), noting its module once it arrives
 * (one per loader).
 */
function tracked(load: Loader): Loader {
  let result = trackedLoads.get(load);
  if (!result) {
    const retrying = retryingImport(load);
    result = () =>
      retrying().then((module) => {
        loadedModules.set(load, module);
        return module;
      });
    trackedLoads.set(load, result);
  }
  return result;
}

/**
 * The component `name` of a module loaded on first render (`React.lazy`: the nearest `Suspense`
 * waits). When the module is already there (preloaded at boot, or visited before), it renders
 * at once: a suspended render would show the fallback, and React then holds the content back
 * for its fallback throttle (300 ms), which made a third of the first loads 300 ms slower.
 */
export function lazyComponent<P extends object = object>(load: Loader, name: string) {
  const pick = (module: Record<string, unknown>) => {
    const Component = module[name];
    if (typeof Component !== 'function') throw new Error(`${name} is missing from its module`);
    return Component as ComponentType<P>;
  };
  const Lazy = lazy(async () => ({ default: pick(await tracked(load)()) }));
  function LazyComponent(props: P) {
    // Decided once per mounted instance: switching from the lazy element to the loaded one would
    // remount what it shows.
    const [loaded] = useState(() => {
      const module = loadedModules.get(load);
      return module ? pick(module) : null;
    });
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  LazyComponent.displayName = `Lazy(${name})`;
  return LazyComponent;
}

/** The props of the component `name` of a module `M`. */
export type PropsOf<M, K extends keyof M> = M[K] extends ComponentType<infer P> ? P : never;

/**
 * `lazyComponent`, typed by its module: for a part of a page (a dialog, a panel, a banner) that
 * renders inside a `Suspense` of the caller's.
 */
export const lazyNamed = <M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyComponent<PropsOf<M, K> & object>(load, name);

/**
 * A route whose code loads on first visit: `load` is remembered, so that `preloadPages` starts it
 * at boot when the address matches the route.
 */
export function lazyRoute(route: RouteObject, load: Loader): RouteObject {
  pageLoads.set(route, tracked(load));
  return route;
}

/** A route's page, loaded on first visit (a `React.lazy` element: the nearest `Suspense` waits). */
function pageRoute(route: AreaRoute): RouteObject {
  if (route.redirect)
    return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  const { load, page } = route;
  if (!load || !page) throw new Error(`Route ${route.path} has neither a page nor a redirect`);
  const Page = lazyComponent(load, page);
  const object = lazyRoute({ path: route.path, element: <Page /> }, load);
  if (route.firstCall) firstCalls.set(object, route.firstCall);
  return object;
}

/** The read the page at `pathname` makes first, opened without a query string, if it names one. */
export const firstCallAt = (routes: RouteObject[], pathname: string): string | undefined =>
  (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => firstCalls.get(route))
    .find((call) => call !== undefined);

/** Every route, as the boot preload was given them: what `usePreloadPage` looks paths up in. */
let knownRoutes: RouteObject[] = [];

/**
 * Starts loading the page at `pathname` while the current one is in use: a wizard that opens the
 * new object's page when the server accepts it (`/compute/0` for "a VM's page") shows that page
 * at once, instead of holding the summary on screen while its code downloads.
 */
export function usePreloadPage(pathname: string) {
  useEffect(() => {
    preloadPages(knownRoutes, pathname);
  }, [pathname]);
}

/** Starts loading the page at `pathname` (a navigation link the pointer or focus is on). */
export const preloadPage = (pathname: string) => void preloadPages(knownRoutes, pathname);

/**
 * Starts loading the pages `pathname` matches, at boot: their code then downloads while the
 * session is read, not after the guards let the page render. Settles once they have loaded (or
 * failed: a failed load is the page's to report, when it renders).
 */
export function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  knownRoutes = routes;
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
    pageLoads
      .get(route)?.()
      .catch(() => undefined),
  );
  return Promise.all(loads).then(() => undefined);
}

/** A manifest route as a router route, its guards as wrapper elements around it. */
export function toRouteObject(route: AreaRoute): RouteObject {
  let result = pageRoute(route);
  if (route.params)
    result = {
      element: <ValidParams rules={route.params} fallback={route.fallback} />,
      children: [result],
    };
  if (route.allow) result = { element: <RequireUser allow={route.allow} />, children: [result] };
  return result;
}

/** The routes of every area that sit in one layout, in the areas' order. */
export const routesIn = (areas: readonly AreaManifest[], layout: RouteLayout): RouteObject[] =>
  areas
    .flatMap((area) => area.routes)
    .filter((route) => (route.layout ?? 'main') === layout)
    .map(toRouteObject);
