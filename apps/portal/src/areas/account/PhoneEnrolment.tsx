import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@portal/ui';
import {
  identityErrorSentence,
  type AccountSecurityService,
  type PendingEnrolment,
} from '@portal/api/identity';
import { codeError, phoneNumberError } from '../../kit/identity/codes.ts';
import { Actions, Fields } from './layout.ts';
import { FormActions } from './FormActions.tsx';
import { FactorNameField } from './FactorNameField.tsx';
import { OneTimeCodeField } from '../../kit/identity/fields.tsx';

export interface EnrolmentProps {
  security: AccountSecurityService;
  /** Runs a step that may need the password again (see useRecentLogin). */
  run: (operation: () => Promise<void>) => Promise<void>;
  onEnrolled: (displayName: string) => void;
  onCancel?: () => void;
}

/** Adds a phone as a second factor: number and name, then the code sent to it. */
export function PhoneEnrolment({ security, run, onEnrolled, onCancel }: EnrolmentProps) {
  const [phoneNumber, setPhoneNumber] = useState('');
  const [displayName, setDisplayName] = useState('Phone');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phoneNumber?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingEnrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const attempt = async (work: () => Promise<void>, refocus: () => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await run(work);
    } catch (error) {
      setFailure(identityErrorSentence(error));
      refocus();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const error = phoneNumberError(phoneNumber);
    setErrors({ phoneNumber: error });
    if (error) return phoneRef.current?.focus();
    return attempt(
      async () => {
        if (!host.current) return;
        setPending(await security.startPhoneEnrolment(phoneNumber, host.current));
        setCode('');
        requestAnimationFrame(() => codeRef.current?.focus());
      },
      () => phoneRef.current?.focus(),
    );
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const error = codeError(code);
    setErrors({ code: error });
    if (error || !pending) return codeRef.current?.focus();
    const name = displayName.trim() || 'Phone';
    return attempt(
      async () => {
        await pending.confirm(code.replace(/\s/g, ''), name);
        onEnrolled(name);
      },
      () => codeRef.current?.select(),
    );
  };

  return (
    <>
      {pending ? (
        <form onSubmit={confirm} noValidate aria-label="Confirm the phone">
          <Fields>
            {failure && <Alert kind="error">{failure}</Alert>}
            <p role="status">We sent a code by text message to {phoneNumber.trim()}.</p>
            <OneTimeCodeField
              ref={codeRef}
              label="Code from the text message"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errors.code}
            />
            <Actions>
              <Button variant="text" onClick={() => setPending(null)}>
                Change the number
              </Button>
              <Button type="submit" variant="primary" loading={busy}>
                Add phone
              </Button>
            </Actions>
          </Fields>
        </form>
      ) : (
        <form onSubmit={sendCode} noValidate aria-label="Add a phone">
          <Fields>
            {failure && <Alert kind="error">{failure}</Alert>}
            <TextField
              ref={phoneRef}
              label="Phone number"
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              required
              autoFocus
              help="In international format, with the country code, e.g. +44 7700 900123."
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
              error={errors.phoneNumber}
            />
            <FactorNameField
              example="Work phone"
              value={displayName}
              onValueChange={setDisplayName}
            />
            <FormActions onCancel={onCancel}>
              <Button type="submit" variant="primary" loading={busy}>
                Send code
              </Button>
            </FormActions>
          </Fields>
        </form>
      )}
      {/* The invisible bot check of the SMS renders here. */}
      <div ref={host} />
    </>
  );
}
