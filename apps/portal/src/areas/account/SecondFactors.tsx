import { useState } from 'react';
import styled from 'styled-components';
import { mdiCellphoneMessage, mdiShieldKeyOutline } from '@mdi/js';
import { Icon } from '@portal/icons';
import { Alert, Button, Card, ConfirmDialog, Dialog, EmptyState } from '@portal/ui';
import type { AccountSecurityService, EnrolledFactor } from '@portal/api/identity';
import { factorLabel } from '../../kit/identity/codes.ts';
import { formatDateTime } from '../../lib/format.ts';
import { identityOffersTotp, notify } from '../../services.ts';
import { PhoneEnrolment } from './PhoneEnrolment.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 0;
  border-bottom: 1px solid var(--ui-color-border);
  &:last-child {
    border-bottom: 0;
  }
`;

const What = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
  span:last-child {
    color: var(--ui-color-text-secondary);
    font-size: 0.8125rem;
  }
`;

type Adding = 'phone' | 'totp' | null;

export interface SecondFactorsProps {
  security: AccountSecurityService;
  factors: readonly EnrolledFactor[];
  run: (operation: () => Promise<void>) => Promise<void>;
  /** Called after a factor was added or withdrawn, to read them again. */
  onChanged: () => void;
  /** Whether the identity project offers authenticator apps (TOTP); the server's config by default. */
  offersTotp?: boolean;
}

/** What the second factors are, as promised to the user: only what the identity project offers. */
export const secondFactorSentence = (totp: boolean) =>
  totp
    ? 'A code from your phone or an authenticator app, asked for after your password.'
    : 'A code sent to your phone by text message, asked for after your password.';

/** Said plainly where the identity project cannot use authenticator apps. */
export const NO_TOTP_SENTENCE =
  'Authenticator apps (time-based codes) are not available: this sign-in service supports text messages to a phone only.';

/** The user's second factors, with adding (phone, authenticator app) and withdrawing. */
export function SecondFactors({
  security,
  factors,
  run,
  onChanged,
  offersTotp = identityOffersTotp(),
}: SecondFactorsProps) {
  const [adding, setAdding] = useState<Adding>(null);
  const totp = offersTotp;
  const enrolled = (name: string) => {
    setAdding(null);
    notify(`${name} was added as a second factor.`, 'success');
    onChanged();
  };

  return (
    <Card
      title="Second factors"
      subtitle={secondFactorSentence(totp)}
      actions={
        <>
          <Button
            variant="outlined"
            leadingIcon={mdiCellphoneMessage}
            onClick={() => setAdding('phone')}
          >
            Add a phone
          </Button>
          {totp && (
            <Button
              variant="outlined"
              leadingIcon={mdiShieldKeyOutline}
              onClick={() => setAdding('totp')}
            >
              Add an authenticator app
            </Button>
          )}
        </>
      }
    >
      {!totp && <Alert kind="info">{NO_TOTP_SENTENCE}</Alert>}
      {factors.length === 0 ? (
        <EmptyState
          title="No second factor yet"
          description="Add one so that a stolen password alone cannot open your account."
        />
      ) : (
        <List aria-label="Your second factors">
          {factors.map((factor) => (
            <Item key={factor.uid}>
              <Icon
                path={factor.kind === 'phone' ? mdiCellphoneMessage : mdiShieldKeyOutline}
                size={24}
              />
              <What>
                <span>{factorLabel(factor)}</span>
                <span>
                  {factor.kind === 'phone' ? 'Text message' : 'Authenticator app'} · added{' '}
                  {formatDateTime(factor.enrolledAt)}
                </span>
              </What>
              <ConfirmDialog
                title={`Remove ${factor.displayName ?? 'this second factor'}?`}
                description={
                  factors.length === 1
                    ? 'It is your only second factor: after this, your password alone signs you in (unless your organisation requires a second factor).'
                    : 'You will no longer be able to sign in with it.'
                }
                confirmLabel="Remove"
                tone="danger"
                trigger={
                  <Button variant="text" aria-label={`Remove ${factorLabel(factor)}`}>
                    Remove
                  </Button>
                }
                onConfirm={async () => {
                  await run(() => security.withdraw(factor.uid));
                  notify(`${factor.displayName ?? 'The second factor'} was removed.`, 'success');
                  onChanged();
                }}
              />
            </Item>
          ))}
        </List>
      )}
      <Dialog.Root
        open={adding !== null}
        onOpenChange={(open) => (open ? undefined : setAdding(null))}
      >
        <Dialog.Content size="medium">
          <Dialog.Title>
            {adding === 'totp' ? 'Add an authenticator app' : 'Add a phone'}
          </Dialog.Title>
          <Dialog.Body>
            {adding === 'phone' && (
              <PhoneEnrolment
                security={security}
                run={run}
                onEnrolled={enrolled}
                onCancel={() => setAdding(null)}
              />
            )}
            {adding === 'totp' && (
              <TotpEnrolment
                security={security}
                run={run}
                onEnrolled={enrolled}
                onCancel={() => setAdding(null)}
              />
            )}
          </Dialog.Body>
        </Dialog.Content>
      </Dialog.Root>
    </Card>
  );
}
