import { describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mdiViewDashboard } from '@mdi/js';
import { AppShell } from '../AppShell/AppShell.tsx';
import { BackButton } from '../BackButton/BackButton.tsx';
import { LinkButton } from '../LinkButton/LinkButton.tsx';
import { PageHeader } from '../PageHeader/PageHeader.tsx';
import { Link, LinkProvider, type LinkComponentProps } from './Link.tsx';

/** Stands in for react-router's `Link`: marks what it renders, routes on click. */
const routed = vi.fn<(href: string) => void>();
function RouterLink({ href, onClick, ref, ...rest }: LinkComponentProps) {
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      data-router="yes"
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        routed(href);
      }}
    />
  );
}

describe('Link', () => {
  it('is a plain anchor without a provider', async () => {
    const ref = createRef<HTMLAnchorElement>();
    render(
      <Link href="#vm-1" ref={ref}>
        web-01
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'web-01' });
    expect(link.getAttribute('href')).toBe('#vm-1');
    expect(ref.current).toBe(link);
  });

  it("renders through the provider's component, ref included", async () => {
    routed.mockClear();
    const ref = createRef<HTMLAnchorElement>();
    render(
      <LinkProvider component={RouterLink}>
        <Link href="/compute/vm-1" ref={ref} className="c">
          web-01
        </Link>
      </LinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'web-01' });
    expect(link.dataset.router).toBe('yes');
    expect(link.className).toBe('c');
    expect(ref.current).toBe(link);
    await userEvent.click(link);
    expect(routed).toHaveBeenCalledExactlyOnceWith('/compute/vm-1');
  });

  it("calls the provider's navigate on a plain left click only", async () => {
    const navigate = vi.fn();
    render(
      <LinkProvider navigate={navigate}>
        <Link href="/compute">Compute</Link>
        <Link href="https://example.com">Elsewhere</Link>
        <Link href="/report.csv" download>
          Report
        </Link>
      </LinkProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Compute' }));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/compute');
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Compute' }));
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('link', { name: 'Report' }));
    expect(navigate).toHaveBeenCalledOnce();
  });

  it('leaves navigation to an onClick that prevents it', async () => {
    const navigate = vi.fn();
    render(
      <LinkProvider navigate={navigate}>
        <Link href="/compute" onClick={(event) => event.preventDefault()}>
          Compute
        </Link>
      </LinkProvider>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Compute' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('routes LinkButton, BackButton, breadcrumbs and the drawer', async () => {
    routed.mockClear();
    render(
      <LinkProvider component={RouterLink}>
        <AppShell
          title="Portal"
          navItems={[{ id: 'home', label: 'Home', icon: mdiViewDashboard, href: '/home' }]}
          drawerOpen
          onDrawerOpenChange={() => {}}
        >
          <PageHeader
            title="web-01"
            back={<BackButton href="/compute" />}
            breadcrumbs={[{ label: 'Compute', href: '/compute' }, { label: 'web-01' }]}
            actions={<LinkButton href="/compute/vm-1/console">Console</LinkButton>}
          />
        </AppShell>
      </LinkProvider>,
    );
    const user = userEvent.setup();
    for (const name of ['Home', 'Back', 'Compute', 'Console']) {
      const link = screen.getByRole('link', { name });
      expect(link.dataset.router).toBe('yes');
      await user.click(link);
    }
    expect(routed.mock.calls).toEqual([
      ['/home'],
      ['/compute'],
      ['/compute'],
      ['/compute/vm-1/console'],
    ]);
  });
});
