import { Suspense, useRef, useState, type FormEvent } from 'react';
import { lazyNamed } from '../../kit/area.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button } from '@portal/ui';
import type { SecondFactorChallenge } from '@portal/api/identity';
import { identity } from './queries.ts';
import { safeRedirect } from '../../lib/patterns.ts';
import { AuthFrame, Form, Row } from '../../kit/identity/AuthFrame.tsx';
import { CurrentPasswordField, SignInEmailField } from '../../kit/identity/fields.tsx';
import { useCheckedSubmit } from '../../kit/identity/useCheckedSubmit.ts';
import { validateEmail } from './validation.ts';

// The second step (its choice of factors is a radio group) is fetched only for a user who has
// second factors, once the password was right: most sign-ins never download it.
const loadSecondStep = () => import('../../kit/identity/SecondStepForm.tsx');
const SecondStepForm = lazyNamed(loadSecondStep, 'SecondStepForm');

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  // After the password, for a user with second factors: the second step.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The fields in the order their errors take focus.
  const fields = { email: emailRef, password: passwordRef };
  const { errors, failure, busy, setBusy, submit: checked } = useCheckedSubmit(fields);
  const target = safeRedirect(params.get('redirect'));

  const submit = (event: FormEvent) =>
    checked(event, {
      check: () => ({
        email: validateEmail(email),
        password: password ? undefined : 'Enter your password.',
      }),
      run: async () => {
        const { secondFactor } = await identity().signIn(email, password);
        if (secondFactor) {
          await loadSecondStep();
          setChallenge(secondFactor);
          setBusy(false);
          return;
        }
        navigate(target, { replace: true });
      },
      afterFailure: () => passwordRef.current?.select(),
    });

  if (challenge)
    return (
      <AuthFrame title="Second sign-in step" lead={`Confirm it is you, ${email.trim()}.`}>
        <Suspense fallback={null}>
          <SecondStepForm
            challenge={challenge}
            onDone={() => navigate(target, { replace: true })}
            onCancel={() => {
              setChallenge(null);
              setPassword('');
            }}
            cancelLabel="Start again"
          />
        </Suspense>
      </AuthFrame>
    );

  return (
    <AuthFrame title="Sign in" lead="Manage your virtual machines, backups, networks and security.">
      <Form onSubmit={submit} noValidate aria-describedby={failure ? 'signin-failure' : undefined}>
        {failure && (
          <Alert id="signin-failure" kind="error">
            {failure}
          </Alert>
        )}
        <SignInEmailField
          ref={emailRef}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <CurrentPasswordField
          ref={passwordRef}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <Row>
          <Link to={`/auth/forgot${email ? `?email=${encodeURIComponent(email.trim())}` : ''}`}>
            Forgot your password?
          </Link>
          <Button type="submit" variant="primary" loading={busy}>
            Sign in
          </Button>
        </Row>
      </Form>
    </AuthFrame>
  );
}
