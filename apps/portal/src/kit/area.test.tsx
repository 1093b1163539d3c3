import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyComponent, lazyRoute, preloadPages, usePreloadPage } from './area.tsx';

const Page = () => <p>The page</p>;

describe('lazily loaded components', () => {
  it('try a failed fetch of their code twice more before they fail', async () => {
    const failed = () => new TypeError('Failed to fetch dynamically imported module');
    const load = vi
      .fn<() => Promise<Record<string, unknown>>>()
      .mockRejectedValueOnce(failed())
      .mockRejectedValueOnce(failed())
      .mockResolvedValue({ Page });
    const Lazy = lazyComponent(load, 'Page');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(await screen.findByText('The page', undefined, { timeout: 5000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('give up after the third failed fetch', async () => {
    const load = vi
      .fn<() => Promise<Record<string, unknown>>>()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
      override state: { error?: Error } = {};
      static getDerivedStateFromError = (error: Error) => ({ error });
      override render = () =>
        this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
    }
    const Lazy = lazyComponent(load, 'Page');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <Lazy />
        </Suspense>
      </Boundary>,
    );
    expect(
      await screen.findByText('Failed to fetch dynamically imported module', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

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
    // The boot renders once this settles: by then the page renders without suspending.
    await preloadPages([lazyRoute({ path: '/here', element: null }, load)], '/here');
    expect(load).toHaveBeenCalledTimes(1);
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

  it('settle the boot preload once every matched load has, a failed one too', async () => {
    let finish = () => {};
    const frame = vi.fn(
      () => new Promise<{ Page: typeof Page }>((done) => (finish = () => done({ Page }))),
    );
    const page = vi.fn(async () => Promise.reject(new Error('offline')));
    let settled = false;
    const layout = lazyRoute({ element: null }, frame);
    layout.children = [lazyRoute({ path: '/x', element: null }, page)];
    const boot = preloadPages([layout], '/x').then(() => (settled = true));
    await new Promise((wait) => setTimeout(wait, 10));
    expect(page).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    finish();
    await boot;
    expect(settled).toBe(true);
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
