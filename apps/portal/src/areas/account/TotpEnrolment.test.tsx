import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { IdentityError, type AccountSecurityService, type TotpSecret } from '@portal/api/identity';
import { ThemeProvider } from '@portal/ui';
import { TotpEnrolment, groupSecret } from './TotpEnrolment.tsx';

const secret: TotpSecret = {
  secretKey: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Skyport%20Cloud:acme%40portal.test?secret=JBSWY3DPEHPK3PXP&issuer=Skyport%20Cloud',
  codeLength: 6,
  periodSeconds: 30,
  confirmBy: '2026-11-24T10:05:00.000Z',
};

function setUp(confirm = vi.fn(async () => undefined)) {
  const security = {
    startTotpEnrolment: vi.fn(async () => ({ secret, confirm })),
  } as unknown as AccountSecurityService;
  const onEnrolled = vi.fn();
  const view = render(
    <ThemeProvider>
      <TotpEnrolment security={security} run={(operation) => operation()} onEnrolled={onEnrolled} />
    </ThemeProvider>,
  );
  return { security, confirm, onEnrolled, view };
}

describe('TotpEnrolment', () => {
  it('shows the secret as a QR code and as grouped text with a copy button', async () => {
    const { security, view } = setUp();
    expect(
      await screen.findByRole('img', {
        name: 'QR code of the secret key for your authenticator app',
      }),
    ).toBeTruthy();
    expect(security.startTotpEnrolment).toHaveBeenCalledTimes(1);
    expect(security.startTotpEnrolment).toHaveBeenCalledWith('Skyport Cloud');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Secret key' })).toBeTruthy();
    expect(
      screen.getByText(/Then enter the 6-digit code it shows \(a new one every 30/),
    ).toBeTruthy();
    const result = await axe.run(view.container);
    expect(result.violations).toEqual([]);
  });

  it('checks the code before confirming, then enrols under the given name', async () => {
    const user = userEvent.setup();
    const { confirm, onEnrolled } = setUp();
    await screen.findByRole('img', { name: /QR code/ });
    await user.type(screen.getByLabelText(/Code from your app/), '12345');
    await user.click(screen.getByRole('button', { name: 'Add app' }));
    expect(screen.getByText('The code has 6 digits.')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Code from your app/), '6');
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Work phone app');
    await user.click(screen.getByRole('button', { name: 'Add app' }));
    expect(confirm).toHaveBeenCalledWith('123456', 'Work phone app');
    expect(onEnrolled).toHaveBeenCalledWith('Work phone app');
  });

  it('shows a refused code as a sentence and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { onEnrolled } = setUp(
      vi.fn(async () => {
        throw new IdentityError(
          'That code is not correct. Check it and try again.',
          'invalid-verification-code',
        );
      }),
    );
    await screen.findByRole('img', { name: /QR code/ });
    await user.type(screen.getByLabelText(/Code from your app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Add app' }));
    expect(
      await screen.findByText('That code is not correct. Check it and try again.'),
    ).toBeTruthy();
    expect((screen.getByLabelText(/Code from your app/) as HTMLInputElement).value).toBe('000000');
    expect(onEnrolled).not.toHaveBeenCalled();
  });

  it('groups a secret in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
