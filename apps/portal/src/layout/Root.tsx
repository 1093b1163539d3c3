import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LinkProvider, Snackbar, Spinner, type LinkComponentProps } from '@portal/ui';
import { FullPage } from './FullPage.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { appState } from '../state/app.ts';
import { pageShown, snackbar } from '../services.ts';

/** Cleared before each navigation (specification section 2, route guard). */
export function clearFetchRequired() {
  appState.fetchRequired = false;
}

/** ui's links (buttons, breadcrumbs, the drawer, task targets) route client-side through this. */
export function AppLink({ href, ...rest }: LinkComponentProps) {
  return <RouterLink to={href} {...rest} />;
}

/**
 * Everything the whole app shares: the page and the one global snackbar at top right. The
 * server-state cache comes with the signed-in frame (`MainLayout`, `BareLayout`): the public
 * pages do not read through it.
 */
export function Root() {
  const { snackbar: current } = useSnapshot(appState);
  const { key, pathname } = useLocation();
  // The specification clears the fetch-required flag before each navigation. A layout effect on
  // every new location (the key changes even for the same path) runs in the commit that shows the
  // new page, before the page's effects (a lazy page commits later still).
  useLayoutEffect(() => clearFetchRequired(), [key]);
  return (
    <>
      <LinkProvider component={AppLink}>
        {/* The first page's code loads behind this; later navigations keep the old page meanwhile
            (the router renders them in a transition). */}
        <PageErrorBoundary at={pathname}>
          <Suspense fallback={<Booting />}>
            <Outlet />
            <PageShown />
          </Suspense>
        </PageErrorBoundary>
      </LinkProvider>
      <Snackbar
        open={current.show}
        message={current.message}
        color={current.color}
        onClose={snackbar.dismiss}
      />
    </>
  );
}

/**
 * Rendered after a page, inside its `Suspense`: its effect runs once the page's code has arrived
 * and the page is on screen (a page of the signed-in frame: `inFrame`), which lets the identity
 * SDK load.
 */
export function PageShown({ inFrame = false }: { inFrame?: boolean }) {
  useEffect(() => pageShown(inFrame), [inFrame]);
  return null;
}

/** Shown for the instant before the first page's code has loaded. */
export function Booting() {
  return (
    <FullPage>
      <Spinner label="Loading the portal" />
    </FullPage>
  );
}
