import '@portal/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorState, ThemeProvider } from '@portal/ui';
import { errorText, fetchPublicConfig } from '@portal/api/client';
import { initServices } from './services.ts';
import { AppRoutes, routes } from './routes.tsx';
import { preloadPages } from './kit/area.tsx';
import { FullPage } from './layout/FullPage.tsx';

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  // The page's code (and the signed-in frame's) downloads while the configuration and the session
  // are read.
  preloadPages(routes, window.location.pathname);
  try {
    // One build serves every environment: the identity configuration comes from the server.
    initServices(await fetchPublicConfig());
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
