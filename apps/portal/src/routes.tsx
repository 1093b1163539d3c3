import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './guards.tsx';
import { Root } from './layout/Root.tsx';
import { MainLayout, MainLayoutPending } from './layout/MainLayout.tsx';
import { routesIn } from './kit/area.tsx';
import { AREAS } from './areas/index.ts';

/**
 * The route table of the specification's section 2, assembled from the area manifests
 * (`areas/<area>/manifest.ts`, listed in `areas/index.ts`): each route with its parameter rules
 * and guards as wrapper elements. Public pages; the signed-in layout with every area's pages;
 * console pages signed in but outside the main layout; unknown paths → `/`. Rendered with
 * `useRoutes` in the router's declarative mode (`AppRoutes`): the portal uses none of the data
 * APIs (loaders, actions, fetchers), which would add their code to the first download.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    // Clears the fetch-required flag on every navigation, and shows the loading first page.
    element: <Root />,
    children: [
      ...routesIn(AREAS, 'public'),
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
      { element: <RequireAuth />, children: routesIn(AREAS, 'bare') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The page for the current location: the route table, inside a `BrowserRouter` or `MemoryRouter`. */
export const AppRoutes = () => useRoutes(routes);
