import '@portal/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorState, ThemeProvider } from '@portal/ui';
import { errorText, fetchPublicConfig } from '@portal/api/client';
import { openStoredSession } from '@portal/api/identity';
import { initServices, type Services } from './services.ts';
import { AppRoutes, routes } from './routes.tsx';
import { firstCallAt, preloadPages } from './kit/area.tsx';
import { FullPage } from './layout/FullPage.tsx';

/** How long the first render waits for the first page's code at most. */
const FIRST_PAGE_WAIT_MS = 1_000;

/**
 * A list page's first read leaves now, signed in, while the page's code loads and the frame
 * renders: the page takes it when it asks (`prefetchPage`). Opened with a query string (a search,
 * a tab), the page's first read is another one, and it makes it itself.
 */
function startFirstCall({ identity, api }: Services) {
  if (window.location.search !== '') return;
  const call = firstCallAt(routes, window.location.pathname);
  if (!call) return;
  void identity.isSignedIn().then(
    (signedIn) => {
      if (signedIn) api.prefetchPage(call);
    },
    () => undefined,
  );
}

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  // The stored session's database opens while the configuration (which names its key) is read.
  openStoredSession();
  // The page's code (and the signed-in frame's) downloads while the configuration and the session
  // are read.
  const firstPage = preloadPages(routes, window.location.pathname);
  try {
    // One build serves every environment: the identity configuration comes from the server.
    const services = initServices(await fetchPublicConfig());
    startFirstCall(services);
    // The first render waits for the page's code (briefly: on a slow network the loading page
    // shows). Rendered before it, the page suspends and its fallback shows, and React then holds
    // every later content back until 300 ms after that (its fallback throttle): one first load in
    // three showed its rows 200–250 ms later for it (`npm run bench:list`).
    await Promise.race([firstPage, new Promise((wait) => setTimeout(wait, FIRST_PAGE_WAIT_MS))]);
    root.render(
      <StrictMode>
        <ThemeProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ThemeProvider>
      </StrictMode>,
    );
  } catch (error) {
    root.render(
      <ThemeProvider>
        <FullPage>
          <ErrorState
            title="The portal cannot start"
            description={`${errorText(error)}. Check your connection, then reload the page.`}
          />
        </FullPage>
      </ThemeProvider>,
    );
  }
}

void boot();
