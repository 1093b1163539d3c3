import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, PasswordField } from '@portal/ui';
import { identityErrorSentence, type AccountSecurityService } from '@portal/api/identity';
import { notify } from '../../services.ts';
import { Fields } from './layout.ts';

const MIN_LENGTH = 8;

type Field = 'current' | 'next' | 'repeat';

/** The fields' sentences: what is missing or wrong, field by field. */
export function passwordErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.current) errors.current = 'Enter your current password.';
  if (!values.next) errors.next = 'Enter a new password.';
  else if (values.next.length < MIN_LENGTH) errors.next = `Use at least ${MIN_LENGTH} characters.`;
  else if (values.next === values.current)
    errors.next = 'Choose a password different from the current one.';
  if (values.next && values.repeat !== values.next) errors.repeat = 'The passwords do not match.';
  return errors;
}

/**
 * Changes the password: the current one first (the identity provider wants a recent sign-in, so
 * this re-authenticates, and a user with a second factor takes that step too), then the new one.
 */
export function PasswordChange({
  security,
  onSecondStep,
}: {
  security: AccountSecurityService;
  /** A user with second factors must take the second step of the re-authentication. */
  onSecondStep: (
    challenge: NonNullable<Awaited<ReturnType<AccountSecurityService['reauthenticate']>>>,
    finish: () => Promise<void>,
  ) => void;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({
    current: '',
    next: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    repeat: useRef<HTMLInputElement>(null),
  };

  const close = () => {
    setOpen(false);
    setValues({ current: '', next: '', repeat: '' });
    setErrors({});
    setFailure(null);
  };

  const finish = async () => {
    await security.changePassword(values.next);
    close();
    notify('Your password has been changed.', 'success');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordErrors(values);
    setErrors(found);
    setFailure(null);
    const first = (['current', 'next', 'repeat'] as const).find((field) => found[field]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    try {
      const challenge = await security.reauthenticate(values.current);
      if (challenge) {
        setOpen(false);
        onSecondStep(challenge, finish);
      } else await finish();
    } catch (error) {
      setFailure(identityErrorSentence(error));
      refs.current.current?.select();
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordField
      ref={refs[name]}
      label={label}
      name={name}
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(event) => setValues((before) => ({ ...before, [name]: event.target.value }))}
      error={errors[name]}
    />
  );

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Change password
      </Button>
      <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <Dialog.Content size="small">
          <Dialog.Title>Change your password</Dialog.Title>
          <Dialog.Body>
            <form id="password-change" onSubmit={submit} noValidate>
              <Fields>
                {failure && <Alert kind="error">{failure}</Alert>}
                {field('current', 'Current password', 'current-password')}
                {field('next', 'New password', 'new-password')}
                {field('repeat', 'New password again', 'new-password')}
              </Fields>
            </form>
          </Dialog.Body>
          <Dialog.Actions>
            <Button variant="text" onClick={close}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" form="password-change" loading={busy}>
              Change password
            </Button>
          </Dialog.Actions>
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}
