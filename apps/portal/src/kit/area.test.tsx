import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyComponent, lazyRoute, preloadPages, usePreloadPage } from './area.tsx';

const Page = () => <p>The page</p>;

describe('lazily loaded components', () => {
  it('start loading the page a wizard opens next while the wizard is in use', () => {
    const wizard = vi.fn(async () => ({ Page }));
    const detail = vi.fn(async () => ({ Page }));
    preloadPages(
      [
        lazyRoute({ path: '/things/create', element: null }, wizard),
        lazyRoute({ path: '/things/:id', element: null }, detail),
      ],
      '/things/create',
    );
    expect(detail).not.toHaveBeenCalled();
    function Wizard() {
      usePreloadPage('/things/0');
      return <p>Step 1</p>;
    }
    render(<Wizard />);
    expect(detail).toHaveBeenCalledTimes(1);
  });

  it('render at once when their module was preloaded: no fallback, no throttled reveal', async () => {
    const module = { Page };
    const load = vi.fn(async () => module);
    preloadPages([lazyRoute({ path: '/here', element: null }, load)], '/here');
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => expect(await load.mock.results[0]?.value).toBe(module));
    await Promise.resolve();
    const Lazy = lazyComponent(load, 'Page');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    // Rendered in the same pass: the fallback never showed.
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspend until a module that was not preloaded arrives, loading it once', async () => {
    const load = vi.fn(async () => ({ Page }));
    const Lazy = lazyComponent(load, 'Page');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('The page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
