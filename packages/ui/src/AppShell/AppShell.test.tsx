import type { MouseEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mdiDatabase, mdiServer, mdiTextBoxSearch } from '@mdi/js';
import { AppShell, type NavItem } from './AppShell.tsx';

const items: NavItem[] = [
  {
    id: 'compute',
    label: 'Virtual machines',
    icon: mdiServer,
    href: '/compute',
    section: 'Compute',
    active: true,
  },
  { id: 'storage', label: 'Storage', icon: mdiDatabase, href: '/storage', section: 'Data' },
  {
    id: 'log',
    label: 'Audit log',
    icon: mdiTextBoxSearch,
    href: '/log',
    section: 'Administration',
  },
];

const renderShell = (props: Partial<Parameters<typeof AppShell>[0]> = {}) => {
  const onDrawerOpenChange = vi.fn();
  const onNavigate = vi.fn((_href: string, event: MouseEvent) => event.preventDefault());
  render(
    <AppShell
      title="Skyport Cloud"
      navItems={items}
      drawerOpen
      onDrawerOpenChange={onDrawerOpenChange}
      onNavigate={onNavigate}
      {...props}
    >
      <h1>Virtual machines</h1>
    </AppShell>,
  );
  return { onDrawerOpenChange, onNavigate };
};

describe('AppShell', () => {
  it('asks to collapse the open drawer', async () => {
    const { onDrawerOpenChange } = renderShell();
    const toggle = screen.getByRole('button', { name: 'Collapse navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(onDrawerOpenChange).toHaveBeenCalledWith(false);
  });

  it('asks to expand the closed drawer', async () => {
    const { onDrawerOpenChange } = renderShell({ drawerOpen: false });
    const toggle = screen.getByRole('button', { name: 'Expand navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(onDrawerOpenChange).toHaveBeenCalledWith(true);
  });

  it('marks the active link as the current page, and only it', () => {
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Virtual machines' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('link', { name: 'Storage' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps labels as link names in the icon rail', () => {
    renderShell({ drawerOpen: false });
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/log');
  });

  it('shows each label in a tooltip on the icon rail', async () => {
    renderShell({ drawerOpen: false });
    const link = screen.getByRole('link', { name: 'Storage' });
    expect(link.getAttribute('title')).toBeNull();
    link.focus();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Storage');
  });

  it('puts appBarActions before actions in the app bar', () => {
    renderShell({
      appBarActions: <button type="button">Tasks</button>,
      actions: <button type="button">Sign out</button>,
    });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.indexOf('Tasks')).toBeLessThan(buttons.indexOf('Sign out'));
  });

  it('puts the scope control in the app bar, before the other actions, when wide', () => {
    renderShell({
      scopeControl: <button type="button">Tenant</button>,
      appBarActions: <button type="button">Tasks</button>,
    });
    const tenant = screen.getByRole('button', { name: 'Tenant' });
    expect(screen.getByRole('navigation', { name: 'Main' }).contains(tenant)).toBe(false);
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.indexOf('Tenant')).toBeLessThan(buttons.indexOf('Tasks'));
  });

  it('renders section headings and a main landmark with a skip link to it', () => {
    renderShell();
    expect(screen.getByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe(
      '#main',
    );
  });

  it('hands plain clicks to onNavigate, but not modified ones', async () => {
    const { onNavigate } = renderShell();
    const link = screen.getByRole('link', { name: 'Storage' });
    await userEvent.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/storage', expect.anything());
    onNavigate.mockClear();
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('tells onIntent which page a pointer or the keyboard is about to open', async () => {
    const onIntent = vi.fn();
    renderShell({ onIntent });
    await userEvent.hover(screen.getByRole('link', { name: 'Storage' }));
    expect(onIntent).toHaveBeenLastCalledWith('/storage');
    act(() => screen.getByRole('link', { name: 'Audit log' }).focus());
    expect(onIntent).toHaveBeenLastCalledWith('/log');
  });
});

describe('AppShell below 720px', () => {
  const original = window.matchMedia;
  const narrow = (query: string) =>
    ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('opens the drawer as an overlay without touching the remembered choice; Escape closes it', async () => {
    window.matchMedia = narrow;
    const user = userEvent.setup();
    const { onDrawerOpenChange } = renderShell({ drawerOpen: true });
    const toggle = screen.getByRole('button', { name: 'Expand navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(onDrawerOpenChange).not.toHaveBeenCalled();
    expect(
      screen.getByRole('button', { name: 'Collapse navigation' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Virtual machines' }));

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toBe(document.activeElement);
  });

  it('moves the scope control from the app bar to the top of the drawer', () => {
    window.matchMedia = narrow;
    renderShell({ scopeControl: <button type="button">Tenant</button> });
    expect(screen.getAllByRole('button', { name: 'Tenant' })).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.firstElementChild?.contains(screen.getByRole('button', { name: 'Tenant' }))).toBe(
      true,
    );
  });

  it('closes the overlay when a link is chosen', async () => {
    window.matchMedia = narrow;
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Expand navigation' }));
    await user.click(screen.getByRole('link', { name: 'Storage' }));
    expect(
      screen.getByRole('button', { name: 'Expand navigation' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });
});
