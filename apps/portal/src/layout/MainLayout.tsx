import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { mdiLogout } from '@mdi/js';
import {
  isBuiltinAdministrator,
  isInternalUser,
  isPocUser,
  type CurrentUser,
} from '@portal/api/contract';
import {
  AppShell,
  Button,
  ErrorState,
  Skeleton,
  SkeletonGroup,
  StatusChip,
  ThemeToggle,
  visuallyHidden,
  type NavItem,
} from '@portal/ui';
import { ApiError } from '@portal/api/client';
import { IDENTITY_MESSAGES } from '@portal/api/identity';
import { appState, setDrawer, toggleDarkmode } from '../state/app.ts';
import { reportError, session } from '../services.ts';
import { loadCurrentUser, useSignOut } from '../areas/account/queries.ts';
import { activeEntryId, NAV_ENTRIES } from './nav.ts';
import { PageShown } from './Root.tsx';
import { queryClient } from '../kit/query.ts';
import { lazyNamed, preloadPage } from '../kit/area.tsx';

// Acting for a customer and the trial's limits load only for the users who see them (provider
// staff, proof-of-concept users): the switcher's select is not part of everyone's first paint.
const loadTenantBar = () => import('./TenantBar.tsx');
const TenantSwitcher = lazyNamed(loadTenantBar, 'TenantSwitcher');
const ActingBanner = lazyNamed(loadTenantBar, 'ActingBanner');
const PocBanner = lazyNamed(loadTenantBar, 'PocBanner');

/** Provider staff (by their own tenant, also while acting for another) may act for customers. */
const canSwitchTenant = (user: CurrentUser) =>
  isInternalUser({ tenant: user.home_tenant ?? user.tenant, role: user.role });

/** A role's changes reach the portal within this time: the user record is read again. */
const USER_REFRESH_MS = 60_000;

// The task centre (a dialog and its list) is not needed for the first paint: it renders just after
// (its code comes in the frame's file, `frame` in vite.config.ts; its dialog loads when opened).
const AppTaskCentre = lazyNamed(() => import('../kit/tasks/AppTaskCentre.tsx'), 'AppTaskCentre');

const Account = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
  @media (max-width: 719px) {
    gap: 4px;
  }
`;

const Who = styled(Link)`
  display: flex;
  color: inherit;
  text-decoration: none;
  border-radius: var(--ui-radius-sm);
  &:hover span:first-child {
    text-decoration: underline;
  }
  flex-direction: column;
  align-items: flex-end;
  line-height: 1.25;
  min-width: 0;
  @media (max-width: 719px) {
    display: none;
  }
`;

const Email = styled.span`
  font-weight: 600;
  font-size: 0.875rem;
`;

const TenantLine = styled.span`
  font-size: 0.75rem;
  color: var(--ui-color-text-secondary);
`;

/** "Sign out" beside its icon; on a phone the icon alone shows, the words stay its name. */
const SignOutText = styled.span`
  @media (max-width: 719px) {
    ${visuallyHidden}
  }
`;

const Brand = styled.span`
  font-weight: 700;
  font-size: 1.0625rem;
  white-space: nowrap;
`;

const navItemsFor = (admin: boolean, active: string | undefined): NavItem[] =>
  NAV_ENTRIES.filter((entry) => !entry.adminOnly || admin).map((entry) => ({
    id: entry.id,
    label: entry.label,
    icon: entry.icon,
    href: entry.href,
    section: entry.section,
    active: entry.id === active,
  }));

/** A page's place while it is not there yet: a heading and some lines. */
const PageSkeleton = ({ label }: { label: string }) => (
  <SkeletonGroup label={label}>
    <Skeleton width={240} height={32} />
    <Skeleton lines={6} />
  </SkeletonGroup>
);

/**
 * The frame while the session is still being read: the app bar, the drawer and a skeleton page,
 * so a slow start never shows a blank page; the real frame replaces it in place.
 */
export function MainLayoutPending() {
  const { drawer, darkmode } = useSnapshot(appState);
  const { pathname } = useLocation();
  return (
    <AppShell
      title={<Brand>Skyport Cloud</Brand>}
      navItems={navItemsFor(false, activeEntryId(pathname))}
      onIntent={preloadPage}
      drawerOpen={drawer}
      onDrawerOpenChange={setDrawer}
      actions={
        <Account>
          <ThemeToggle pressed={darkmode} onPressedChange={toggleDarkmode} />
        </Account>
      }
    >
      <PageSkeleton label="Checking your session" />
    </AppShell>
  );
}

/** The server-state cache (ADR 010) for what is rendered inside: every signed-in page reads through it. */
const ServerState = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** Signed-in pages outside the frame (consoles): the server-state cache, no app bar. */
export function BareLayout() {
  return (
    <ServerState>
      <Outlet />
    </ServerState>
  );
}

/** The signed-in frame: app bar with who and which tenant, navigation drawer, content. */
export function MainLayout() {
  return (
    <ServerState>
      <MainFrame />
    </ServerState>
  );
}

/** Waits before the current user is asked for again after no reply or a server error. */
const USER_RETRY_MS = [1_000, 2_000, 4_000];

/** No reply, or the server's own failure: asking again may work, unlike a refusal (404, 403). */
const mayPassOnRetry = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The signed-in user's record, asked for again (USER_RETRY_MS) while the server does not answer
 * or fails, so that a busy moment does not leave the portal saying the account is not set up.
 */
async function loadUserPatiently(): Promise<unknown> {
  for (const [attempt, wait] of [...USER_RETRY_MS, null].entries()) {
    try {
      return await loadCurrentUser({ force: attempt > 0 });
    } catch (error) {
      if (wait === null || !mayPassOnRetry(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

interface UserFailure {
  text: string;
  /** The server did not answer or failed: the account may well be set up. */
  unreachable: boolean;
}

function MainFrame() {
  const { drawer, darkmode } = useSnapshot(appState);
  const { email, user } = useSnapshot(session);
  const [failure, setFailure] = useState<UserFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const signOut = useSignOut();
  const { pathname } = useLocation();

  useEffect(() => {
    let live = true;
    loadUserPatiently().catch((error: unknown) =>
      reportError(error, (text) => {
        if (live) setFailure({ text, unreachable: mayPassOnRetry(error) });
      }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    const refresh = setInterval(() => {
      loadCurrentUser({ force: true }).catch(() => undefined);
    }, USER_REFRESH_MS);
    return () => clearInterval(refresh);
  }, []);

  const admin = user ? isBuiltinAdministrator(user) : false;
  const active = activeEntryId(pathname);
  const navItems = useMemo(() => navItemsFor(admin, active), [admin, active]);

  return (
    <AppShell
      title={<Brand>Skyport Cloud</Brand>}
      navItems={navItems}
      onIntent={preloadPage}
      appBarActions={
        <Suspense fallback={null}>
          <AppTaskCentre />
        </Suspense>
      }
      scopeControl={
        user && canSwitchTenant(user as CurrentUser) ? (
          <Suspense fallback={null}>
            <TenantSwitcher user={user as CurrentUser} />
          </Suspense>
        ) : undefined
      }
      drawerOpen={drawer}
      onDrawerOpenChange={setDrawer}
      actions={
        <Account>
          {user && isPocUser(user) && (
            <StatusChip status="warning" label="Proof of concept" title="Trial limits apply" />
          )}
          <Who to="/account" title="Your account: password and second factors">
            <Email data-testid="account-email">{email}</Email>
            {user && (
              <TenantLine>
                {user.tenant.name} · {user.tenant.cdb_id}
                {isInternalUser(user) ? ' · internal' : ''}
              </TenantLine>
            )}
          </Who>
          <ThemeToggle pressed={darkmode} onPressedChange={toggleDarkmode} />
          <Button variant="outlined" size="small" leadingIcon={mdiLogout} onClick={signOut}>
            <SignOutText>Sign out</SignOutText>
          </Button>
        </Account>
      }
    >
      {failure?.text === IDENTITY_MESSAGES.invalidUserData ? (
        <ErrorState
          title={failure.text}
          description="The portal could not read what the server said about your account. Reload the page; if this stays, tell your provider's support."
        />
      ) : failure?.unreachable ? (
        <ErrorState
          title="The portal could not load your account"
          description={`${failure.text}: the server did not answer in time, or failed. Try again in a moment.`}
          action={
            <Button
              variant="outlined"
              onClick={() => {
                setFailure(null);
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          }
        />
      ) : failure ? (
        <ErrorState
          title="Your account is not set up in this portal"
          description={`${failure.text} Ask your administrator to add ${email ?? 'your e-mail address'} to a tenant.`}
        />
      ) : (
        // A page's code loads on its first visit; the frame stays, the page's place is a skeleton.
        <>
          {user?.home_tenant && (
            <Suspense fallback={null}>
              <ActingBanner user={user as CurrentUser} />
            </Suspense>
          )}
          {user && isPocUser(user) && (
            <Suspense fallback={null}>
              <PocBanner user={user as CurrentUser} />
            </Suspense>
          )}
          <Suspense fallback={<PageSkeleton label="Loading the page" />}>
            <Outlet />
            <PageShown inFrame />
          </Suspense>
        </>
      )}
    </AppShell>
  );
}
