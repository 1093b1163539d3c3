import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { mdiMenu, mdiMenuOpen } from '@mdi/js';
import { Icon } from '@portal/icons';
import { IconButton } from '../IconButton/IconButton.tsx';
import { useMediaQuery } from '../internal/useMediaQuery.ts';
import { Tooltip } from '../Tooltip/Tooltip.tsx';
import {
  AppBar,
  Backdrop,
  BarActions,
  Drawer,
  ItemLabel,
  ItemLink,
  List,
  Main,
  DrawerScope,
  NARROW_QUERY,
  Root,
  Section,
  SectionHeading,
  SkipLink,
  Title,
} from './AppShell.styles.ts';

/** One entry of the navigation drawer. */
export interface NavItem {
  /** Stable key, e.g. the area's route name. */
  id: string;
  /** Visible label; also the link's accessible name when the drawer is a rail. */
  label: string;
  /** An `@mdi/js` path or a custom icon. */
  icon: string;
  /** Where the link goes (a real `href`, so middle-click and "open in new tab" work). */
  href: string;
  /** The current page: highlighted and `aria-current="page"`. */
  active?: boolean;
  /** Consecutive items with the same section are grouped under that small heading. */
  section?: string;
}

export interface AppShellProps {
  /** Left of the app bar, after the drawer toggle: usually the product name. */
  title: ReactNode;
  /** Right of the app bar: account, theme toggle, sign out. */
  actions?: ReactNode;
  /**
   * Right of the app bar, before `actions`: app-wide tools such as the `TaskCentre`. Kept apart
   * so the account area and sign-out stay last.
   */
  appBarActions?: ReactNode;
  /**
   * What the user works in (a tenant switcher): in the app bar before `appBarActions` from 720px
   * wide; below it at the top of the drawer, so the title keeps the app bar's room.
   */
  scopeControl?: ReactNode;
  /** The drawer's entries, in order. */
  navItems: NavItem[];
  /**
   * Called on a plain left click of a drawer link (not on modified or middle clicks). With a
   * `LinkProvider` the links route client-side on their own; calling `event.preventDefault()`
   * here stops that.
   */
  onNavigate?: (href: string, event: MouseEvent) => void;
  /**
   * The pointer came onto a navigation link, or the keyboard focused it: the app may start
   * loading that page's code, so that it is there by the click.
   */
  onIntent?: (href: string) => void;
  /** From 720px wide: the drawer is open (240px with labels) or a 64px icon rail. Controlled. */
  drawerOpen: boolean;
  /** The drawer toggle asks for a change; the app stores (and may persist) it. */
  onDrawerOpenChange: (open: boolean) => void;
  /** The page, inside `<main id="main">`. */
  children?: ReactNode;
  /** Accessible name of the navigation landmark; defaults to "Main". */
  navLabel?: string;
  className?: string;
}

interface SectionGroup {
  key: string;
  title: string | undefined;
  items: NavItem[];
}

const groupBySection = (items: NavItem[]): SectionGroup[] => {
  const groups: SectionGroup[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.title === item.section) last.items.push(item);
    else
      groups.push({
        key: `${groups.length}-${item.section ?? ''}`,
        title: item.section,
        items: [item],
      });
  }
  return groups;
};

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The signed-in frame: a skip link, an app bar (drawer toggle, title, actions), the navigation
 * drawer and the `<main>` landmark. From 720px the drawer is docked, open or as an icon rail, as
 * `drawerOpen` says; below it is an overlay, closed at first, which Escape, the backdrop or
 * choosing a link closes.
 */
export function AppShell({
  title,
  actions,
  appBarActions,
  scopeControl,
  navItems,
  onNavigate,
  onIntent,
  drawerOpen,
  onDrawerOpenChange,
  children,
  navLabel = 'Main',
  className,
}: AppShellProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [overlayRequested, setOverlayRequested] = useState(false);
  const overlayOpen = narrow && overlayRequested;
  const expanded = narrow ? overlayOpen : drawerOpen;
  const rail = !narrow && !drawerOpen;
  const drawerId = useId();
  const headingIdPrefix = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!overlayOpen) return;
    const drawer = drawerRef.current;
    (
      drawer?.querySelector<HTMLElement>('[aria-current="page"]') ??
      drawer?.querySelector<HTMLElement>('a')
    )?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOverlayRequested(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlayOpen]);

  const toggle = () => {
    if (narrow) setOverlayRequested(!overlayOpen);
    else onDrawerOpenChange(!drawerOpen);
  };

  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    onNavigate?.(href, event);
    setOverlayRequested(false);
  };

  return (
    <Root
      className={className}
      data-drawer={drawerOpen ? 'open' : 'rail'}
      data-overlay={overlayOpen ? 'open' : 'closed'}
    >
      <SkipLink href="#main">Skip to content</SkipLink>
      <AppBar>
        <IconButton
          ref={toggleRef}
          icon={expanded ? mdiMenuOpen : mdiMenu}
          aria-label={expanded ? 'Collapse navigation' : 'Expand navigation'}
          aria-expanded={expanded}
          aria-controls={drawerId}
          onClick={toggle}
        />
        <Title>{title}</Title>
        {(appBarActions || actions || (scopeControl && !narrow)) && (
          <BarActions>
            {!narrow && scopeControl}
            {appBarActions}
            {actions}
          </BarActions>
        )}
      </AppBar>
      <Drawer ref={drawerRef} id={drawerId} aria-label={navLabel}>
        {narrow && scopeControl && <DrawerScope>{scopeControl}</DrawerScope>}
        {groupBySection(navItems).map((group, index) => {
          const headingId = `${headingIdPrefix}-${index}`;
          return (
            <Section key={group.key}>
              {group.title && <SectionHeading id={headingId}>{group.title}</SectionHeading>}
              <List aria-labelledby={group.title ? headingId : undefined}>
                {group.items.map((item) => {
                  const link = (
                    <ItemLink
                      href={item.href}
                      aria-current={item.active ? 'page' : undefined}
                      onClick={follow(item.href)}
                      onPointerEnter={() => onIntent?.(item.href)}
                      onFocus={() => onIntent?.(item.href)}
                    >
                      <Icon path={item.icon} size={24} />
                      <ItemLabel>{item.label}</ItemLabel>
                    </ItemLink>
                  );
                  return (
                    <li key={item.id}>
                      {rail ? (
                        <Tooltip content={item.label} side="right">
                          {link}
                        </Tooltip>
                      ) : (
                        link
                      )}
                    </li>
                  );
                })}
              </List>
            </Section>
          );
        })}
      </Drawer>
      {overlayOpen && <Backdrop aria-hidden="true" onClick={() => setOverlayRequested(false)} />}
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
    </Root>
  );
}
