import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Alert, Button, RadioGroup } from '@portal/ui';
import { identityErrorSentence, type SecondFactorChallenge } from '@portal/api/identity';
import { codeError, factorLabel } from './codes.ts';
import { OneTimeCodeField } from './fields.tsx';
import { useCheckedSubmit } from './useCheckedSubmit.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
`;

export interface SecondStepFormProps {
  challenge: SecondFactorChallenge;
  /** Called once the second step succeeded (the user is signed in, or re-authenticated). */
  onDone: () => void;
  /** Offered as a way back ("Use another account"), when given. */
  onCancel?: () => void;
  cancelLabel?: string;
}

/**
 * The second step of a sign-in or re-authentication: choose a factor (when there are several),
 * have the SMS sent (at once for the first factor when it is a phone), enter the code. Every
 * failure is a sentence; the code field keeps focus so the user can correct it.
 */
export function SecondStepForm({
  challenge,
  onDone,
  onCancel,
  cancelLabel = 'Cancel',
}: SecondStepFormProps) {
  const [factorUid, setFactorUid] = useState(challenge.factors[0]?.uid ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The fields in the order their errors take focus.
  const fields = { code: codeRef };
  const { errors, failure, setFailure, busy, setBusy, submit: checked } = useCheckedSubmit(fields);
  const factor = challenge.factors.find((candidate) => candidate.uid === factorUid);
  const isPhone = factor?.kind === 'phone';

  const send = async () => {
    if (!factor || !host.current) return;
    setSending(true);
    setFailure(null);
    try {
      await challenge.sendCode(factor.uid, host.current);
      setSentTo(factor.uid);
      codeRef.current?.focus();
    } catch (error) {
      setFailure(identityErrorSentence(error));
    } finally {
      setSending(false);
    }
  };

  // A phone factor shown first gets its code at once, as people expect after their password.
  const autoSent = useRef(false);
  const sendFirst = useEffectEvent(() => {
    if (autoSent.current || !isPhone) return;
    autoSent.current = true;
    void send();
  });
  useEffect(() => sendFirst(), []);

  const submit = (event: FormEvent) =>
    checked(event, {
      check: () => ({ code: codeError(code) }),
      run: async () => {
        // Without a factor (the challenge offers none) there is nothing to verify.
        if (!factor) return setBusy(false);
        await challenge.verify(factor.uid, code.replace(/\s/g, ''));
        onDone();
      },
      afterFailure: () => codeRef.current?.select(),
    });

  return (
    <Form
      onSubmit={submit}
      noValidate
      aria-describedby={failure ? 'second-step-failure' : undefined}
    >
      {failure && (
        <Alert id="second-step-failure" kind="error">
          {failure}
        </Alert>
      )}
      {challenge.factors.length > 1 && (
        <RadioGroup
          label="Second factor"
          value={factorUid}
          onValueChange={(uid) => {
            setFactorUid(uid);
            setCode('');
            setFailure(null);
          }}
          options={challenge.factors.map((candidate) => ({
            value: candidate.uid,
            label: factorLabel(candidate),
          }))}
        />
      )}
      {isPhone && (
        <p role="status">
          {sentTo === factor.uid
            ? `We sent a code by text message to ${factor.phoneNumber ?? 'your phone'}.`
            : sending
              ? 'Sending a code by text message…'
              : 'Send a code by text message to your phone.'}
        </p>
      )}
      <OneTimeCodeField
        ref={codeRef}
        label={isPhone ? 'Code from the text message' : 'Code from your authenticator app'}
        autoFocus={!isPhone}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
      />
      <Actions>
        {isPhone ? (
          <Button variant="text" onClick={send} loading={sending}>
            {sentTo === factor.uid ? 'Send a new code' : 'Send code'}
          </Button>
        ) : onCancel ? (
          <Button variant="text" onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" variant="primary" loading={busy}>
          Verify
        </Button>
      </Actions>
      {isPhone && onCancel && (
        <Button variant="text" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      {/* The invisible bot check of the SMS renders here (nothing visible). */}
      <div ref={host} />
    </Form>
  );
}
