// The second-factor layer against the web SDK's documented objects (TotpSecret, MultiFactorInfo,
// MultiFactorResolver), with the SDK's functions replaced: the Auth emulator has no TOTP.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  enroll: vi.fn(async () => undefined),
  unenroll: vi.fn(async () => undefined),
  getSession: vi.fn(async () => ({ type: 'enroll' })),
  generateSecret: vi.fn(),
  assertionForEnrollment: vi.fn((secret: unknown, code: string) => ({ secret, code })),
  assertionForSignIn: vi.fn((uid: string, code: string) => ({ uid, code })),
  reauthenticateWithCredential: vi.fn(async () => undefined),
  getMultiFactorResolver: vi.fn(),
}));

vi.mock('firebase/auth', () => ({
  EmailAuthProvider: { credential: (email: string, password: string) => ({ email, password }) },
  PhoneAuthProvider: class {
    static credential = (id: string, code: string) => ({ id, code });
    verifyPhoneNumber = vi.fn(async () => 'verification-id');
  },
  PhoneMultiFactorGenerator: { FACTOR_ID: 'phone', assertion: (credential: unknown) => credential },
  RecaptchaVerifier: class {
    clear() {}
  },
  TotpMultiFactorGenerator: {
    FACTOR_ID: 'totp',
    generateSecret: sdk.generateSecret,
    assertionForEnrollment: sdk.assertionForEnrollment,
    assertionForSignIn: sdk.assertionForSignIn,
  },
  getMultiFactorResolver: sdk.getMultiFactorResolver,
  multiFactor: () => ({
    enrolledFactors: [
      {
        uid: 'totp-1',
        factorId: 'totp',
        displayName: 'Phone app',
        enrollmentTime: 'Tue, 24 Nov 2026 09:00:00 GMT',
      },
      {
        uid: 'phone-1',
        factorId: 'phone',
        displayName: null,
        enrollmentTime: 'Mon, 02 Nov 2026 08:30:00 GMT',
        phoneNumber: '+15555550100',
      },
    ],
    getSession: sdk.getSession,
    enroll: sdk.enroll,
    unenroll: sdk.unenroll,
  }),
  reauthenticateWithCredential: sdk.reauthenticateWithCredential,
  updatePassword: vi.fn(async () => undefined),
}));

const { createAccountSecurity, challengeFrom, secondStepOrThrow, SEND_CODE_FIRST } =
  await import('./second-factor.ts');
type Auth = Parameters<typeof createAccountSecurity>[0];

const auth = { currentUser: { email: 'acme@portal.test' } } as unknown as Auth;

/** A TotpSecret as the SDK documents it. */
const totpSecret = {
  secretKey: 'JBSWY3DPEHPK3PXP',
  hashingAlgorithm: 'SHA1',
  codeLength: 6,
  codeIntervalSeconds: 30,
  enrollmentCompletionDeadline: '2026-11-24T10:05:00Z',
  generateQrCodeUrl: vi.fn(
    (account?: string, issuer?: string) =>
      `otpauth://totp/${issuer}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${issuer}&algorithm=SHA1&digits=6&period=30`,
  ),
};

beforeEach(() => vi.clearAllMocks());

describe('account security over the SDK', () => {
  it('lists the enrolled factors as plain objects', () => {
    expect(createAccountSecurity(auth).factors()).toEqual([
      {
        uid: 'totp-1',
        kind: 'totp',
        displayName: 'Phone app',
        enrolledAt: '2026-11-24T09:00:00.000Z',
        phoneNumber: null,
      },
      {
        uid: 'phone-1',
        kind: 'phone',
        displayName: null,
        enrolledAt: '2026-11-02T08:30:00.000Z',
        phoneNumber: '+15555550100',
      },
    ]);
  });

  it('turns the SDK’s TotpSecret into what the enrolment screen shows, and enrols with the code', async () => {
    sdk.generateSecret.mockResolvedValueOnce(totpSecret);
    const enrolment = await createAccountSecurity(auth).startTotpEnrolment('Skyport Cloud');
    expect(enrolment.secret).toEqual({
      secretKey: 'JBSWY3DPEHPK3PXP',
      uri: expect.stringMatching(/^otpauth:\/\/totp\/Skyport Cloud:acme@portal.test\?secret=/),
      codeLength: 6,
      periodSeconds: 30,
      confirmBy: '2026-11-24T10:05:00.000Z',
    });
    expect(totpSecret.generateQrCodeUrl).toHaveBeenCalledWith('acme@portal.test', 'Skyport Cloud');
    await enrolment.confirm(' 123456 ', '  ');
    expect(sdk.assertionForEnrollment).toHaveBeenCalledWith(totpSecret, '123456');
    expect(sdk.enroll).toHaveBeenCalledWith({ secret: totpSecret, code: '123456' }, null);
  });

  it('answers an SDK failure as a sentence', async () => {
    sdk.generateSecret.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/operation-not-allowed' }),
    );
    await expect(createAccountSecurity(auth).startTotpEnrolment('Skyport Cloud')).rejects.toThrow(
      'This sign-in method is not enabled for the project. Contact your administrator.',
    );
  });

  it('re-authenticates, handing over the second step to a user who has one', async () => {
    const security = createAccountSecurity(auth);
    await expect(security.reauthenticate('pw')).resolves.toBeNull();
    const needsStep = Object.assign(new Error('mfa'), { code: 'auth/multi-factor-auth-required' });
    sdk.reauthenticateWithCredential.mockRejectedValueOnce(needsStep);
    sdk.getMultiFactorResolver.mockReturnValueOnce({
      hints: [
        {
          uid: 'totp-1',
          factorId: 'totp',
          displayName: 'App',
          enrollmentTime: 'Tue, 24 Nov 2026 09:00:00 GMT',
        },
      ],
      session: {},
      resolveSignIn: vi.fn(),
    });
    const step = await security.reauthenticate('pw');
    expect(step?.factors.map((factor) => factor.uid)).toEqual(['totp-1']);
    sdk.reauthenticateWithCredential.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/wrong-password' }),
    );
    await expect(security.reauthenticate('bad')).rejects.toThrow(
      'That password is not correct. Try again, or reset your password.',
    );
  });
});

describe('the second step of a sign-in', () => {
  const resolver = {
    hints: [
      {
        uid: 'totp-1',
        factorId: 'totp',
        displayName: 'App',
        enrollmentTime: 'Tue, 24 Nov 2026 09:00:00 GMT',
      },
      {
        uid: 'phone-1',
        factorId: 'phone',
        displayName: 'Work',
        enrollmentTime: 'Mon, 02 Nov 2026 08:30:00 GMT',
        phoneNumber: '+*******0100',
      },
    ],
    session: {},
    resolveSignIn: vi.fn(async () => undefined),
  };
  const challenge = () =>
    challengeFrom(auth, resolver as unknown as Parameters<typeof challengeFrom>[1]);

  it('signs in with an authenticator code through assertionForSignIn', async () => {
    await challenge().verify('totp-1', '654321');
    expect(sdk.assertionForSignIn).toHaveBeenCalledWith('totp-1', '654321');
    expect(resolver.resolveSignIn).toHaveBeenCalledWith({ uid: 'totp-1', code: '654321' });
  });

  it('asks for the SMS to be sent before its code, and then signs in with it', async () => {
    const step = challenge();
    await expect(step.verify('phone-1', '123456')).rejects.toThrow(SEND_CODE_FIRST);
    await step.sendCode('phone-1', {} as HTMLElement);
    await step.verify('phone-1', '123456');
    expect(resolver.resolveSignIn).toHaveBeenCalledWith({ id: 'verification-id', code: '123456' });
  });

  it('refuses a factor it does not know, and passes other sign-in failures on as sentences', async () => {
    await expect(challenge().verify('gone', '123456')).rejects.toThrow(
      'That second factor no longer exists. Choose another one.',
    );
    expect(() =>
      secondStepOrThrow(auth, Object.assign(new Error('x'), { code: 'auth/user-disabled' })),
    ).toThrow('This account has been disabled. Contact your administrator.');
  });
});
