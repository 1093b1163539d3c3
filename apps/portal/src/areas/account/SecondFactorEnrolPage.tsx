import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Alert, Button, RadioGroup, Spinner } from '@portal/ui';
import { AuthFrame } from '../../kit/identity/AuthFrame.tsx';
import { safeRedirect } from '../../lib/patterns.ts';
import { identityOffersTotp, session } from '../../services.ts';
import { useSignOut } from './queries.ts';
import { useAccountSecurity } from './AccountPage.tsx';
import { PhoneEnrolment } from './PhoneEnrolment.tsx';
import { useRecentLogin } from './Reauthenticate.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import { Fields } from './layout.ts';

/**
 * `/account/second-factor`: where a user whose tenant requires a second factor, and who has none,
 * is sent after signing in. Adding one makes this sign-in count as two-step, and they go on to
 * where they wanted to go.
 */
export function SecondFactorEnrolPage() {
  const [params] = useSearchParams();
  const signOut = useSignOut();
  const { secondFactor } = useSnapshot(session);
  const { security, failure } = useAccountSecurity();
  const { run, dialog } = useRecentLogin(security);
  const [kind, setKind] = useState<'phone' | 'totp'>('phone');
  const target = safeRedirect(params.get('redirect'));

  // Nothing to do here (the policy is met, e.g. after adding a factor): on to the page.
  if (secondFactor === 'met') return <Navigate to={target} replace />;

  return (
    <AuthFrame
      title="Add a second sign-in step"
      lead={
        identityOffersTotp()
          ? 'Your organisation requires a second factor: a code sent to your phone, or one from an authenticator app, after your password.'
          : 'Your organisation requires a second factor: a code sent to your phone by text message, after your password.'
      }
    >
      <Fields>
        {failure && <Alert kind="error">{failure}</Alert>}
        {identityOffersTotp() && (
          <RadioGroup
            label="Second factor"
            value={kind}
            onValueChange={(value) => setKind(value === 'totp' ? 'totp' : 'phone')}
            options={[
              { value: 'phone', label: 'Text message to a phone' },
              { value: 'totp', label: 'Authenticator app' },
            ]}
          />
        )}
        {security ? (
          kind === 'phone' ? (
            <PhoneEnrolment
              security={security}
              run={run}
              onEnrolled={() => (session.secondFactor = 'unknown')}
            />
          ) : (
            <TotpEnrolment
              security={security}
              run={run}
              onEnrolled={() => (session.secondFactor = 'unknown')}
            />
          )
        ) : (
          !failure && <Spinner label="Loading your sign-in settings" />
        )}
        <Button variant="text" onClick={signOut}>
          Sign out
        </Button>
      </Fields>
      {dialog}
    </AuthFrame>
  );
}
