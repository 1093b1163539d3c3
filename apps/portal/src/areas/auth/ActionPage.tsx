import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, LinkButton, PasswordField, Spinner } from '@portal/ui';
import { identityErrorSentence } from '@portal/api/identity';
import { identity } from './queries.ts';
import { AuthFrame, Form, Row } from '../../kit/identity/AuthFrame.tsx';
import { validateNewPassword } from './validation.ts';
import { useCheckedSubmit } from '../../kit/identity/useCheckedSubmit.ts';

type View =
  | { kind: 'checking' }
  | { kind: 'reset'; email: string }
  | { kind: 'done'; title: string; message: string; email?: string }
  | { kind: 'failed'; title: string; message: string };

const MODE_TITLES: Record<string, string> = {
  resetPassword: 'Reset your password',
  verifyEmail: 'Verify your e-mail address',
  recoverEmail: 'Restore your e-mail address',
  verifyAndChangeEmail: 'Confirm your new e-mail address',
};

// A code works once; StrictMode and remounts must not apply it twice and then report it as used.
const applying = new Map<string, Promise<{ email: string | null }>>();
const applyOnce = (code: string) => {
  let pending = applying.get(code);
  if (!pending) {
    const service = identity();
    pending = service.checkActionCode(code).then(async (info) => {
      await service.applyActionCode(code);
      return info;
    });
    applying.set(code, pending);
  }
  return pending;
};

/** `/auth/action?mode=…&oobCode=…`: the page the provider's e-mail links open. */
export function ActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode') ?? '';
  const code = params.get('oobCode') ?? '';
  const [view, setView] = useState<View>({ kind: 'checking' });

  useEffect(() => {
    const service = identity();
    const title = MODE_TITLES[mode];
    let live = true;
    const show = (next: View) => live && setView(next);
    if (!title) {
      show({
        kind: 'failed',
        title: 'This link is not valid',
        message: 'The link does not say what it is for. Open it again from the e-mail.',
      });
    } else if (!code) {
      show({
        kind: 'failed',
        title,
        message: identityErrorSentence({ code: 'auth/missing-action-code' }),
      });
    } else if (mode === 'resetPassword') {
      service
        .verifyPasswordResetCode(code)
        .then((email) => show({ kind: 'reset', email }))
        .catch((error: unknown) =>
          show({ kind: 'failed', title, message: identityErrorSentence(error) }),
        );
    } else {
      applyOnce(code)
        .then((info) => {
          const message =
            mode === 'recoverEmail'
              ? `Your e-mail address is ${info.email ?? 'restored'} again. If you did not ask for the change, reset your password now.`
              : 'Your e-mail address is verified. You can sign in.';
          show({ kind: 'done', title, message, email: info.email ?? undefined });
        })
        .catch((error: unknown) =>
          show({ kind: 'failed', title, message: identityErrorSentence(error) }),
        );
    }
    return () => {
      live = false;
    };
  }, [mode, code]);

  if (view.kind === 'checking') {
    return (
      <AuthFrame title={MODE_TITLES[mode] ?? 'Checking the link'}>
        <Spinner label="Checking the link" />
      </AuthFrame>
    );
  }
  if (view.kind === 'failed') {
    return (
      <AuthFrame title={view.title}>
        <Alert kind="error">{view.message}</Alert>
        <Row>
          <Link to="/auth/signin">Back to sign in</Link>
          {mode === 'resetPassword' && (
            <LinkButton href="/auth/forgot">Request a new link</LinkButton>
          )}
        </Row>
      </AuthFrame>
    );
  }
  if (view.kind === 'done') {
    return (
      <AuthFrame title={view.title}>
        <Alert kind="success">{view.message}</Alert>
        <LinkButton
          variant="primary"
          href={`/auth/signin${view.email ? `?email=${encodeURIComponent(view.email)}` : ''}`}
        >
          Sign in
        </LinkButton>
      </AuthFrame>
    );
  }
  return (
    <ResetPasswordForm
      code={code}
      email={view.email}
      onDone={() =>
        setView({
          kind: 'done',
          title: 'Password changed',
          message: 'Your password has been changed. Sign in with the new one.',
          email: view.email,
        })
      }
    />
  );
}

function ResetPasswordForm({
  code,
  email,
  onDone,
}: {
  code: string;
  email: string;
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  // The fields in the order their errors take focus.
  const fields = { password: passwordRef, confirmation: confirmationRef };
  const { errors, failure, busy, submit: checked } = useCheckedSubmit(fields);

  const submit = (event: FormEvent) =>
    checked(event, {
      check: () => validateNewPassword(password, confirmation),
      run: async () => {
        await identity().confirmPasswordReset(code, password);
        onDone();
      },
    });

  return (
    <AuthFrame title="Choose a new password" lead={`For ${email}`}>
      <Form onSubmit={submit} noValidate>
        {failure && <Alert kind="error">{failure}</Alert>}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <PasswordField
          ref={passwordRef}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          required
          help="At least 8 characters, with a letter and a digit."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          ref={confirmationRef}
          label="Repeat the new password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
        />
        <Row>
          <Link to="/auth/signin">Cancel</Link>
          <Button type="submit" variant="primary" loading={busy}>
            Change password
          </Button>
        </Row>
      </Form>
    </AuthFrame>
  );
}
