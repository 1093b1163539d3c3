import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './guards.tsx';
import { Root } from './layout/Root.tsx';
import { preloadHttp } from '@portal/api/client';
import { lazyComponent, lazyRoute, routesIn } from './kit/area.tsx';
import { AREAS } from './areas/index.ts';

/**
 * The route table of the specification's section 2, assembled from the area manifests
 * (`areas/<area>/manifest.ts`, listed in `areas/index.ts`): each route with its parameter rules
 * and guards as wrapper elements. Public pages; the signed-in layout with every area's pages;
 * console pages signed in but outside the main layout; unknown paths → `/`. Rendered with
 * `useRoutes` in the router's declarative mode (`AppRoutes`): the portal uses none of the data
 * APIs (loaders, actions, fetchers), which would add their code to the first download.
 */
// The signed-in frame (app bar, drawer, the server-state cache) is not part of the sign-in page's
// download: it loads at boot beside the first page when the address is a signed-in one, with the
// HTTP client its first calls go through.
const loadFrame = () =>
  Promise.all([import('./layout/MainLayout.tsx'), preloadHttp()]).then(([frame]) => frame);
const MainLayout = lazyComponent(loadFrame, 'MainLayout');
const MainLayoutPending = lazyComponent(loadFrame, 'MainLayoutPending');
const BareLayout = lazyComponent(loadFrame, 'BareLayout');

export const routes: RouteObject[] = [
  {
    id: 'root',
    // Clears the fetch-required flag on every navigation, and shows the loading first page.
    element: <Root />,
    children: [
      ...routesIn(AREAS, 'public'),
      lazyRoute(
        {
          // The frame paints while the session is read: no blank page on a slow start.
          element: <RequireAuth pending={<MainLayoutPending />} />,
          children: [
            {
              element: <MainLayout />,
              children: [
                { index: true, element: <Navigate to="/compute" replace /> },
                ...routesIn(AREAS, 'main'),
              ],
            },
          ],
        },
        loadFrame,
      ),
      lazyRoute(
        {
          element: <RequireAuth />,
          children: [{ element: <BareLayout />, children: routesIn(AREAS, 'bare') }],
        },
        loadFrame,
      ),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The page for the current location: the route table, inside a `BrowserRouter` or `MemoryRouter`. */
export const AppRoutes = () => useRoutes(routes);
