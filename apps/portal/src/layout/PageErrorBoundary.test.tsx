import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@portal/ui';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

function Page({ fail }: { fail: Error | null }) {
  if (fail) throw fail;
  return <h1>The page</h1>;
}

const show = (at: string, fail: Error | null) => (
  <ThemeProvider>
    <PageErrorBoundary at={at}>
      <Page fail={fail} />
    </PageErrorBoundary>
  </ThemeProvider>
);

describe('PageErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what happened instead of a blank page, and tries again on another page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(show('/compute/5', new Error('boom')));
    expect(screen.getByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    rerender(show('/compute', null));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('tells a tab opened before a release to reload for the new version', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      show('/compute', new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    expect(
      screen.getByRole('heading', { name: 'A newer version of the portal is available' }),
    ).toBeTruthy();
  });
});
