// Component tests render an area's pages as the portal does: the theme, a fresh query cache, the
// app's links and a memory router, over the services the test hands in (its API calls are spies).
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import type { ApiClient } from '@portal/api/client';
import type { IdentityService } from '@portal/api/identity';
import { LinkProvider, ThemeProvider } from '@portal/ui';
import { createQueryClient } from './kit/query.ts';
import { AppLink } from './layout/Root.tsx';
import { provideServices, type Services } from './services.ts';
import { memoryRouter, type TestRouter } from './test-router.tsx';

export interface PageServices {
  /** The API calls the pages make (spies answering canned replies); only those given exist. */
  api: { [K in keyof ApiClient]?: (...args: never[]) => unknown };
  /** The current-user cache, when a page reads it. */
  currentUser?: Partial<Services['currentUser']>;
  /** The identity service, when a page reads it. */
  identity?: Partial<IdentityService>;
}

/** Renders `routes` at `path` over `services`; answers the router's handle. */
export function renderPages(
  routes: RouteObject[],
  path: string,
  services: PageServices,
): TestRouter {
  provideServices({
    identity: (services.identity ?? {}) as IdentityService,
    api: services.api as unknown as ApiClient,
    currentUser: (services.currentUser ?? {}) as Services['currentUser'],
  });
  const { element, router } = memoryRouter(routes, path);
  render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <LinkProvider component={AppLink}>{element}</LinkProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}
