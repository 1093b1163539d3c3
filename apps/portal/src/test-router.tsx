// Tests render routes as the portal does (declarative mode, `useRoutes`) in a `MemoryRouter`, and
// read and move its location through the handle `memoryRouter` returns.
import type { ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router-dom';

export interface TestRouter {
  /** The router's current location. */
  readonly location: Location;
  /** Navigates as a link would. */
  navigate: (to: string) => void;
}

/** `routes` at `path`: the element to render, and the handle to the router's location. */
export function memoryRouter(
  routes: RouteObject[],
  path: string,
): { element: ReactElement; router: TestRouter } {
  let location: Location | undefined;
  let navigateTo: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  const Routes = () => useRoutes(routes);
  const router: TestRouter = {
    get location() {
      if (!location) throw new Error('The router has not rendered yet');
      return location;
    },
    navigate(to) {
      if (!navigateTo) throw new Error('The router has not rendered yet');
      void navigateTo(to);
    },
  };
  const element = (
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      <Routes />
    </MemoryRouter>
  );
  return { element, router };
}
