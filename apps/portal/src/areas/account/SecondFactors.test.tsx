import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { AccountSecurityService } from '@portal/api/identity';
import { ThemeProvider } from '@portal/ui';
import { SecondFactors } from './SecondFactors.tsx';

const renderFactors = (offersTotp: boolean) =>
  render(
    <ThemeProvider>
      <SecondFactors
        security={{} as AccountSecurityService}
        factors={[]}
        run={(operation) => operation()}
        onChanged={() => undefined}
        offersTotp={offersTotp}
      />
    </ThemeProvider>,
  );

describe('SecondFactors', () => {
  it('where the identity project has no TOTP (the emulator), promises no authenticator app and says so', () => {
    const view = renderFactors(false);
    expect(screen.getByRole('button', { name: 'Add a phone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add an authenticator app' })).toBeNull();
    expect(
      screen.getByText(
        'Authenticator apps (time-based codes) are not available: this sign-in service supports text messages to a phone only.',
      ),
    ).toBeTruthy();
    // Nothing else on the card offers one.
    const promises = view.container.textContent?.match(/or an authenticator app/g) ?? [];
    expect(promises).toEqual([]);
    expect(
      screen.getByText('A code sent to your phone by text message, asked for after your password.'),
    ).toBeTruthy();
  });

  it('where it has TOTP, offers the authenticator app beside the phone', () => {
    renderFactors(true);
    expect(screen.getByRole('button', { name: 'Add an authenticator app' })).toBeTruthy();
    expect(
      screen.getByText(
        'A code from your phone or an authenticator app, asked for after your password.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/are not available/)).toBeNull();
  });
});
