import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button } from '@portal/ui';
import type { IdentityError } from '@portal/api/identity';
import { identity } from './queries.ts';
import { AuthFrame, Form, Row } from '../../kit/identity/AuthFrame.tsx';
import { SignInEmailField } from '../../kit/identity/fields.tsx';
import { validateEmail } from './validation.ts';
import { useCheckedSubmit } from '../../kit/identity/useCheckedSubmit.ts';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // The fields in the order their errors take focus.
  const fields = { email: emailRef };
  const { errors, failure, busy, setBusy, submit: checked } = useCheckedSubmit(fields);

  const submit = (event: FormEvent) =>
    checked(event, {
      check: () => ({ email: validateEmail(email) }),
      run: async () => {
        try {
          await identity().sendPasswordReset(email, `${window.location.origin}/auth/signin`);
        } catch (caught) {
          // Saying whether an account exists would help attackers guess e-mail addresses.
          if ((caught as IdentityError).code !== 'user-not-found') throw caught;
        }
        setSentTo(email.trim());
        setBusy(false);
      },
    });

  if (sentTo) {
    return (
      <AuthFrame title="Check your e-mail">
        <Alert kind="success">
          If an account exists for {sentTo}, we have sent it a link to choose a new password. The
          link works once and expires in one hour.
        </Alert>
        <Link to={`/auth/signin?email=${encodeURIComponent(sentTo)}`}>Back to sign in</Link>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Reset your password"
      lead="We will e-mail you a link to choose a new password."
    >
      <Form onSubmit={submit} noValidate>
        {failure && <Alert kind="error">{failure}</Alert>}
        <SignInEmailField
          ref={emailRef}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <Row>
          <Link to="/auth/signin">Back to sign in</Link>
          <Button type="submit" variant="primary" loading={busy}>
            Send reset link
          </Button>
        </Row>
      </Form>
    </AuthFrame>
  );
}
