import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Dialog } from '@portal/ui';
import {
  IdentityError,
  identityErrorSentence,
  type AccountSecurityService,
  type SecondFactorChallenge,
} from '@portal/api/identity';
import { SecondStepForm } from '../../kit/identity/SecondStepForm.tsx';
import { CurrentPasswordField } from '../../kit/identity/fields.tsx';

/** Whether an identity failure asks the user to prove it is them again. */
export const needsRecentLogin = (error: unknown) =>
  error instanceof IdentityError && error.code === 'requires-recent-login';

interface Pending {
  retry: () => Promise<void>;
  /** Settles the operation that waited for the re-authentication. */
  settle: (error?: unknown) => void;
}

/**
 * Runs account changes that the identity provider may refuse until the user signs in again
 * ("requires recent login"): such a refusal opens a dialog asking for the password (and the
 * second step, for a user who has one), then runs the change again. Returns `run` and the dialog
 * to render.
 */
export function useRecentLogin(security: AccountSecurityService | null): {
  run: (operation: () => Promise<void>) => Promise<void>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  const run = useCallback(
    (operation: () => Promise<void>) =>
      operation().catch(
        (error: unknown) =>
          new Promise<void>((resolve, reject) => {
            if (!needsRecentLogin(error)) return reject(error);
            setPending({
              retry: operation,
              settle: (failure) => (failure === undefined ? resolve() : reject(failure)),
            });
          }),
      ),
    [],
  );

  const dialog =
    pending && security ? (
      <ReauthenticateDialog
        security={security}
        onDone={async () => {
          const { retry, settle } = pending;
          setPending(null);
          try {
            await retry();
            settle();
          } catch (error) {
            settle(error);
          }
        }}
        onCancel={() => {
          pending.settle(
            new IdentityError('Cancelled: your account was not changed.', 'cancelled'),
          );
          setPending(null);
        }}
      />
    ) : null;
  return { run, dialog };
}

/** Asks for the password (and the second step) again, before a sensitive change. */
export function ReauthenticateDialog({
  security,
  onDone,
  onCancel,
}: {
  security: AccountSecurityService;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setFieldError('Enter your password.');
      return passwordRef.current?.focus();
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const secondStep = await security.reauthenticate(password);
      if (secondStep) setChallenge(secondStep);
      else onDone();
    } catch (error) {
      setFailure(identityErrorSentence(error));
      passwordRef.current?.select();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Content size="small">
        <Dialog.Title>Confirm it is you</Dialog.Title>
        <Dialog.Description>
          For your security, sign in again before changing how you sign in.
        </Dialog.Description>
        <Dialog.Body>
          {challenge ? (
            <SecondStepForm challenge={challenge} onDone={onDone} onCancel={onCancel} />
          ) : (
            <form id="reauthenticate" onSubmit={submit} noValidate>
              {failure && <Alert kind="error">{failure}</Alert>}
              <CurrentPasswordField
                ref={passwordRef}
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={fieldError}
              />
            </form>
          )}
        </Dialog.Body>
        {!challenge && (
          <Dialog.Actions>
            <Button variant="text" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" form="reauthenticate" loading={busy}>
              Continue
            </Button>
          </Dialog.Actions>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
