import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import {
  PERMISSION_AREAS,
  PERMISSION_AREA_TITLES,
  isBuiltinAdministrator,
} from '@portal/api/contract';
import {
  identityErrorSentence,
  type AccountSecurityService,
  type EnrolledFactor,
  type SecondFactorChallenge,
} from '@portal/api/identity';
import { Alert, Card, Dialog, ErrorState, KeyValue, PageHeader, Skeleton } from '@portal/ui';
import { SecondStepForm } from '../../kit/identity/SecondStepForm.tsx';
import { identityOffersTotp, notify, reportError, session } from '../../services.ts';
import { loadAccountSecurity, loadCurrentUser } from './queries.ts';
import { PasswordChange } from './PasswordChange.tsx';
import { useRecentLogin } from './Reauthenticate.tsx';
import { SecondFactorPolicyPanel } from './SecondFactorPolicyPanel.tsx';
import { SecondFactors } from './SecondFactors.tsx';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
  max-width: 960px;
`;

const LEVEL_TEXT = { read: 'View', manage: 'View and change' } as const;

/** Loads the identity's account security (its code loads with this page). */
export function useAccountSecurity() {
  const [security, setSecurity] = useState<AccountSecurityService | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [factors, setFactors] = useState<EnrolledFactor[]>([]);
  useEffect(() => {
    let live = true;
    loadAccountSecurity()
      .then((loaded) => {
        if (!live) return;
        setSecurity(loaded);
        setFactors(loaded.factors());
      })
      .catch((error: unknown) => live && setFailure(identityErrorSentence(error)));
    return () => {
      live = false;
    };
  }, []);
  const refresh = () => {
    if (security) setFactors(security.factors());
    // A withdrawn factor may leave the user below the tenant's policy: ask again.
    session.secondFactor = 'unknown';
  };
  return { security, failure, factors, refresh };
}

/** `/account`: who you are, your password and your second factors. */
export function AccountPage() {
  const { email, user } = useSnapshot(session);
  const { security, failure, factors, refresh } = useAccountSecurity();
  const { run, dialog } = useRecentLogin(security);
  const [secondStep, setSecondStep] = useState<{
    challenge: SecondFactorChallenge;
    finish: () => Promise<void>;
  } | null>(null);

  useEffect(() => {
    loadCurrentUser().catch((error: unknown) => reportError(error));
  }, []);

  const permissions = user
    ? PERMISSION_AREAS.flatMap((area) => {
        const level = user.role.permissions[area];
        return level ? [{ label: PERMISSION_AREA_TITLES[area], value: LEVEL_TEXT[level] }] : [];
      })
    : [];

  return (
    <Page>
      <PageHeader
        title="Your account"
        description="Who you are in the portal, and how you sign in."
      />
      <Card title="Profile">
        {user ? (
          <KeyValue
            columns={2}
            items={[
              { label: 'E-mail address', value: email ?? user.email, copyable: true },
              { label: 'Tenant', value: `${user.tenant.name} · ${user.tenant.cdb_id}` },
              {
                label: 'Role',
                value: `${user.role.name}${user.role.builtin ? ' (built-in)' : ''}`,
              },
            ]}
          />
        ) : (
          <Skeleton lines={3} />
        )}
      </Card>
      <Card title="What your role allows">
        {user ? (
          permissions.length > 0 ? (
            <KeyValue columns={2} items={permissions} />
          ) : (
            <p>Your role gives access to no area yet. Ask your administrator.</p>
          )
        ) : (
          <Skeleton lines={4} />
        )}
      </Card>
      {failure ? (
        <ErrorState title="Sign-in settings are not available" description={failure} />
      ) : security ? (
        <>
          <Card
            title="Password"
            actions={
              <PasswordChange
                security={security}
                onSecondStep={(challenge, finish) => setSecondStep({ challenge, finish })}
              />
            }
          >
            <p>Use a password you use nowhere else. Changing it asks for the current one first.</p>
          </Card>
          <SecondFactors security={security} factors={factors} run={run} onChanged={refresh} />
          <Alert kind="info">
            Lost your {identityOffersTotp() ? 'phone or authenticator app' : 'phone'}? The identity
            service offers no recovery codes: your administrator can remove your second factors so
            that you can add new ones.
          </Alert>
        </>
      ) : (
        <Skeleton lines={6} />
      )}
      {user && isBuiltinAdministrator(user) && <SecondFactorPolicyPanel />}
      {dialog}
      {secondStep && (
        <Dialog.Root open onOpenChange={(open) => (open ? undefined : setSecondStep(null))}>
          <Dialog.Content size="small">
            <Dialog.Title>Confirm it is you</Dialog.Title>
            <Dialog.Body>
              <SecondStepForm
                challenge={secondStep.challenge}
                onCancel={() => setSecondStep(null)}
                onDone={() => {
                  const { finish } = secondStep;
                  setSecondStep(null);
                  finish().catch((error: unknown) => notify(identityErrorSentence(error), 'error'));
                }}
              />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Root>
      )}
    </Page>
  );
}
