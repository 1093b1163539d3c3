import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Alert, Button, KeyValue, Spinner } from '@portal/ui';
import {
  identityErrorSentence,
  type PendingEnrolment,
  type TotpSecret,
} from '@portal/api/identity';
import { codeError } from '../../kit/identity/codes.ts';
import { Fields } from './layout.ts';
import { FormActions } from './FormActions.tsx';
import { FactorNameField } from './FactorNameField.tsx';
import { OneTimeCodeField } from '../../kit/identity/fields.tsx';
import { QrCode } from './QrCode.tsx';
import type { EnrolmentProps } from './PhoneEnrolment.tsx';
import { formatTime } from '../../lib/format.ts';

/** The name the authenticator app shows above the codes. */
export const TOTP_ISSUER = 'Skyport Cloud';

const Pair = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: flex-start;
`;

/** "JBSW Y3DP EHPK 3PXP": a secret in groups of four, easier to type. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Adds an authenticator app (TOTP): a new secret as a QR code and as text for typing by hand,
 * then a code from the app to confirm before the secret's deadline.
 */
export function TotpEnrolment({ security, run, onEnrolled, onCancel }: EnrolmentProps) {
  const [enrolment, setEnrolment] = useState<(PendingEnrolment & { secret: TotpSecret }) | null>(
    null,
  );
  const [code, setCode] = useState('');
  const [displayName, setDisplayName] = useState('Authenticator app');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const start = async () => {
    try {
      let created: (PendingEnrolment & { secret: TotpSecret }) | null = null;
      await run(async () => {
        created = await security.startTotpEnrolment(TOTP_ISSUER);
      });
      setEnrolment(created);
    } catch (error) {
      setFailure(identityErrorSentence(error));
    }
  };
  // One secret per opening (React may run the effect twice in development).
  const started = useRef(false);
  const startOnce = useEffectEvent(() => {
    if (started.current) return;
    started.current = true;
    void start();
  });
  useEffect(() => startOnce(), []);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!enrolment) return;
    const error = codeError(code, enrolment.secret.codeLength);
    setFieldError(error);
    setFailure(null);
    if (error) return codeRef.current?.focus();
    const name = displayName.trim() || 'Authenticator app';
    setBusy(true);
    try {
      await run(() => enrolment.confirm(code.replace(/\s/g, ''), name));
      onEnrolled(name);
    } catch (failed) {
      setFailure(identityErrorSentence(failed));
      codeRef.current?.select();
    } finally {
      setBusy(false);
    }
  };

  if (!enrolment)
    return (
      <Fields>
        {failure ? (
          <>
            <Alert kind="error">{failure}</Alert>
            <FormActions onCancel={onCancel}>
              <Button
                variant="primary"
                onClick={() => {
                  setFailure(null);
                  void start();
                }}
              >
                Try again
              </Button>
            </FormActions>
          </>
        ) : (
          <Spinner label="Creating a secret for your app" />
        )}
      </Fields>
    );

  const { secret } = enrolment;
  const deadline = formatTime(secret.confirmBy);
  return (
    <form onSubmit={confirm} noValidate aria-label="Add an authenticator app">
      <Fields>
        {failure && <Alert kind="error">{failure}</Alert>}
        <p>
          Scan the code with your authenticator app, or type the secret key into it. Then enter the{' '}
          {secret.codeLength}-digit code it shows (a new one every {secret.periodSeconds} seconds)
          before {deadline}.
        </p>
        <Pair>
          <QrCode value={secret.uri} label="QR code of the secret key for your authenticator app" />
          <KeyValue
            items={[
              {
                label: 'Secret key',
                value: <code>{groupSecret(secret.secretKey)}</code>,
                copyable: true,
                copyText: secret.secretKey,
              },
              { label: 'Account', value: TOTP_ISSUER },
            ]}
          />
        </Pair>
        <OneTimeCodeField
          ref={codeRef}
          label="Code from your app"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
        />
        <FactorNameField
          example="Phone authenticator"
          value={displayName}
          onValueChange={setDisplayName}
        />
        <FormActions onCancel={onCancel}>
          <Button type="submit" variant="primary" loading={busy}>
            Add app
          </Button>
        </FormActions>
      </Fields>
    </form>
  );
}
