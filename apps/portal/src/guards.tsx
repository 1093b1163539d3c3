import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CurrentUser } from '@portal/api/contract';
import { Spinner } from '@portal/ui';
import { notify, reportError, session } from './services.ts';
import { signInPathFor } from './lib/patterns.ts';

// The account calls load with the signed-in frame (and its bundle file), not with the sign-in page.
const accountCalls = () => import('./areas/account/queries.ts');

/** Where a user whose tenant requires a second factor, and who has none, enrols one. */
export const SECOND_FACTOR_ENROL_PATH = '/account/second-factor';

/**
 * Asks the server whether this sign-in meets the tenant's second-factor policy. Pages are not held
 * back while it asks (the server refuses their calls anyway); a failed question counts as met,
 * since the server still enforces the policy on every call.
 */
export async function checkSecondFactor(): Promise<void> {
  try {
    const status = await (await accountCalls()).loadSecondFactorStatus();
    session.secondFactor =
      status.second_factor_required && !status.signed_in_with_second_factor ? 'enrol' : 'met';
  } catch (error) {
    reportError(error);
    session.secondFactor = 'met';
  }
}
import { FullPage } from './layout/FullPage.tsx';

const Checking = ({ label }: { label: string }) => (
  <FullPage>
    <Spinner label={label} />
  </FullPage>
);

/**
 * Unauthenticated visitors go to sign-in, remembering where they wanted to go. While the session
 * is being read, `pending` shows (the signed-in frame, so the page does not start blank). A user
 * whose tenant requires a second factor they lack is sent to enrol one.
 */
export function RequireAuth({ children, pending }: { children?: ReactNode; pending?: ReactNode }) {
  const { status, secondFactor } = useSnapshot(session);
  const location = useLocation();
  useEffect(() => {
    if (status === 'signedIn' && secondFactor === 'unknown') void checkSecondFactor();
  }, [status, secondFactor]);
  if (status === 'unknown') return pending ?? <Checking label="Checking your session" />;
  if (status === 'signedOut')
    return <Navigate to={signInPathFor(location.pathname, location.search)} replace />;
  if (secondFactor === 'enrol' && location.pathname !== SECOND_FACTOR_ENROL_PATH)
    return (
      <Navigate
        to={`${SECOND_FACTOR_ENROL_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`}
        replace
      />
    );
  return children ?? <Outlet />;
}

type Decision = 'pending' | 'allowed' | 'denied';

/**
 * Routes for some users only: loads the current user first and sends anyone without the right
 * to `/`. The server enforces the same rule; this guard only spares people a useless page.
 */
export function RequireUser({
  allow,
  children,
}: {
  allow: (user: CurrentUser) => boolean;
  children?: ReactNode;
}) {
  const [decision, setDecision] = useState<Decision>('pending');
  useEffect(() => {
    let live = true;
    accountCalls()
      .then(({ loadCurrentUser }) => loadCurrentUser())
      .then((user) => live && setDecision(allow(user) ? 'allowed' : 'denied'))
      .catch((error: unknown) => {
        reportError(error);
        if (live) setDecision('denied');
      });
    return () => {
      live = false;
    };
  }, [allow]);
  useEffect(() => {
    if (decision === 'denied') notify('You do not have access to that page.', 'warning');
  }, [decision]);
  if (decision === 'pending') return <Checking label="Checking your access" />;
  if (decision === 'denied') return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** Route parameters that break their rule send the visitor to `fallback`. */
export function ValidParams({
  rules,
  fallback = '/',
  children,
}: {
  rules: Record<string, RegExp>;
  fallback?: string;
  children?: ReactNode;
}) {
  const params = useParams();
  const valid = Object.entries(rules).every(([name, rule]) => rule.test(params[name] ?? ''));
  if (!valid) return <Navigate to={fallback} replace />;
  return children ?? <Outlet />;
}
