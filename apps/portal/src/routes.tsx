import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './guards.tsx';
import { Booting, Root, clearFetchRequired } from './layout/Root.tsx';
import { MainLayout, MainLayoutPending } from './layout/MainLayout.tsx';
import { routesIn } from './kit/area.tsx';
import { AREAS } from './areas/index.ts';

/**
 * The route table of the specification's section 2, assembled from the area manifests
 * (`areas/<area>/manifest.ts`, listed in `areas/index.ts`): each route with its parameter rules
 * and guards as wrapper elements. Public pages; the signed-in layout with every area's pages;
 * console pages signed in but outside the main layout; unknown paths → `/`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    // Runs before every navigation: the specification clears the fetch-required flag there.
    loader: clearFetchRequired,
    shouldRevalidate: () => true,
    hydrateFallbackElement: <Booting />,
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
