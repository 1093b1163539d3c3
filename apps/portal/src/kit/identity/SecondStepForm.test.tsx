import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IdentityError, type SecondFactorChallenge } from '@portal/api/identity';
import { ThemeProvider } from '@portal/ui';
import { SecondStepForm } from './SecondStepForm.tsx';

const phone = {
  uid: 'phone-1',
  kind: 'phone' as const,
  displayName: 'Work phone',
  enrolledAt: '2026-11-01T10:00:00.000Z',
  phoneNumber: '+*******0100',
};
const app = {
  ...phone,
  uid: 'totp-1',
  kind: 'totp' as const,
  displayName: 'Phone app',
  phoneNumber: null,
};

function challengeOf(factors: SecondFactorChallenge['factors']) {
  return {
    factors,
    sendCode: vi.fn(async (_factorUid: string, _host: HTMLElement) => undefined),
    verify: vi.fn(async () => undefined),
  } satisfies SecondFactorChallenge;
}

const show = (challenge: SecondFactorChallenge, onDone = vi.fn()) => {
  render(
    <ThemeProvider>
      <SecondStepForm challenge={challenge} onDone={onDone} />
    </ThemeProvider>,
  );
  return onDone;
};

describe('SecondStepForm', () => {
  it('sends the SMS of a phone factor at once and signs in with its code', async () => {
    const user = userEvent.setup();
    const challenge = challengeOf([phone]);
    const onDone = show(challenge);
    await waitFor(() => expect(challenge.sendCode).toHaveBeenCalledTimes(1));
    expect(challenge.sendCode.mock.calls[0]?.[0]).toBe('phone-1');
    expect(await screen.findByText('We sent a code by text message to +*******0100.')).toBeTruthy();
    await user.type(screen.getByLabelText(/Code from the text message/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(challenge.verify).toHaveBeenCalledWith('phone-1', '123456');
    expect(onDone).toHaveBeenCalled();
  });

  it('says what is wrong with the code, and a refused code as a sentence', async () => {
    const user = userEvent.setup();
    const challenge = challengeOf([phone]);
    // What the identity service throws: its sentence, with the provider's code.
    challenge.verify.mockRejectedValueOnce(
      new IdentityError(
        'That code is not correct. Check it and try again.',
        'invalid-verification-code',
      ),
    );
    const onDone = show(challenge);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code.')).toBeTruthy();
    expect(challenge.verify).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Code from the text message/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not correct. Check it and try again.'),
    ).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('takes the code of an authenticator app without sending anything', async () => {
    const user = userEvent.setup();
    const challenge = challengeOf([app, phone]);
    show(challenge);
    expect(screen.getByRole('radiogroup', { name: 'Second factor' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Code from your authenticator app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(challenge.sendCode).not.toHaveBeenCalled();
    expect(challenge.verify).toHaveBeenCalledWith('totp-1', '654321');
  });

  it('shows a failed sending as a sentence', async () => {
    const challenge = challengeOf([phone]);
    challenge.sendCode.mockRejectedValueOnce(
      new IdentityError(
        'Too many attempts. Wait a few minutes, then try again.',
        'too-many-requests',
      ),
    );
    show(challenge);
    expect(
      await screen.findByText('Too many attempts. Wait a few minutes, then try again.'),
    ).toBeTruthy();
  });
});
