// Second factors over the Firebase web SDK (no re-implementation of its protocol): SMS codes and
// time-based codes (TOTP), for enrolment, the second step of signing in and re-authentication.
// Loaded only when needed (the account page, the second sign-in step).
import {
  EmailAuthProvider,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  TotpMultiFactorGenerator,
  getMultiFactorResolver,
  multiFactor,
  reauthenticateWithCredential,
  updatePassword,
  type Auth,
  type MultiFactorError,
  type MultiFactorInfo,
  type MultiFactorResolver,
  type PhoneMultiFactorInfo,
  type User,
} from 'firebase/auth';
import {
  IDENTITY_MESSAGES,
  IdentityError,
  addIdentitySentences,
  toIdentityError,
} from './errors.ts';
import { SECOND_FACTOR_SENTENCES } from './second-factor-errors.ts';
import type {
  AccountSecurityService,
  BotCheckHost,
  EnrolledFactor,
  SecondFactorChallenge,
} from './second-factor-types.ts';

addIdentitySentences(SECOND_FACTOR_SENTENCES);

const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw toIdentityError(error);
  }
};

const isPhone = (info: MultiFactorInfo): info is PhoneMultiFactorInfo =>
  info.factorId === PhoneMultiFactorGenerator.FACTOR_ID;

/** The SDK's factor as the portal's plain object. */
export function toEnrolledFactor(info: MultiFactorInfo): EnrolledFactor {
  return {
    uid: info.uid,
    kind: isPhone(info) ? 'phone' : 'totp',
    displayName: info.displayName ?? null,
    enrolledAt: new Date(info.enrollmentTime).toISOString(),
    phoneNumber: isPhone(info) ? info.phoneNumber : null,
  };
}

/** The SDK's error code without its `auth/` prefix. */
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code).replace(/^auth\//, '')
    : undefined;

/** Whether a sign-in failed only because the user has to take the second step. */
export const needsSecondStep = (error: unknown): error is MultiFactorError =>
  codeOf(error) === 'multi-factor-auth-required';

/**
 * One invisible bot check per element: the SDK renders into it once, and a second verifier on
 * the same element fails; cleared when the element leaves the page.
 */
const verifiers = new WeakMap<BotCheckHost, RecaptchaVerifier>();
function botCheck(auth: Auth, host: BotCheckHost): RecaptchaVerifier {
  const known = verifiers.get(host);
  if (known && host.isConnected) return known;
  known?.clear();
  const verifier = new RecaptchaVerifier(auth, host, { size: 'invisible' });
  verifiers.set(host, verifier);
  return verifier;
}

/** The second step of a sign-in, from the SDK's resolver. */
export function challengeFrom(auth: Auth, resolver: MultiFactorResolver): SecondFactorChallenge {
  // The SMS session of the last code sent, per factor.
  const sent = new Map<string, string>();
  const hint = (uid: string) => {
    const found = resolver.hints.find((candidate) => candidate.uid === uid);
    if (!found) throw new IdentityError(SECOND_FACTOR_GONE, 'multi-factor-info-not-found');
    return found;
  };
  return {
    factors: resolver.hints.map(toEnrolledFactor),
    sendCode: (factorUid, host) =>
      wrap(async () => {
        const verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber(
          { multiFactorHint: hint(factorUid), session: resolver.session },
          botCheck(auth, host),
        );
        sent.set(factorUid, verificationId);
      }),
    verify: (factorUid, code) =>
      wrap(async () => {
        const chosen = hint(factorUid);
        if (isPhone(chosen)) {
          const verificationId = sent.get(factorUid);
          if (!verificationId) throw new IdentityError(SEND_CODE_FIRST, 'missing-verification-id');
          const credential = PhoneAuthProvider.credential(verificationId, code.trim());
          await resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(credential));
        } else {
          await resolver.resolveSignIn(
            TotpMultiFactorGenerator.assertionForSignIn(chosen.uid, code.trim()),
          );
        }
      }),
  };
}

export const SECOND_FACTOR_GONE = 'That second factor no longer exists. Choose another one.';
export const SEND_CODE_FIRST = 'Send the code first, then enter it.';

/** The second step that a failed first step asks for, or the failure as an IdentityError. */
export function secondStepOrThrow(auth: Auth, error: unknown): SecondFactorChallenge {
  if (needsSecondStep(error)) return challengeFrom(auth, getMultiFactorResolver(auth, error));
  throw toIdentityError(error);
}

function signedInUser(auth: Auth): User {
  const user = auth.currentUser;
  if (!user) throw new IdentityError(IDENTITY_MESSAGES.notAuthenticated, 'not-authenticated');
  return user;
}

/** The signed-in user's account security. */
export function createAccountSecurity(auth: Auth): AccountSecurityService {
  return {
    factors: () => multiFactor(signedInUser(auth)).enrolledFactors.map(toEnrolledFactor),
    startPhoneEnrolment: (phoneNumber, host) =>
      wrap(async () => {
        const user = signedInUser(auth);
        const session = await multiFactor(user).getSession();
        const verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber(
          { phoneNumber: phoneNumber.replace(/[\s()-]/g, ''), session },
          botCheck(auth, host),
        );
        return {
          confirm: (code, displayName) =>
            wrap(() =>
              multiFactor(user).enroll(
                PhoneMultiFactorGenerator.assertion(
                  PhoneAuthProvider.credential(verificationId, code.trim()),
                ),
                displayName.trim() || null,
              ),
            ),
        };
      }),
    startTotpEnrolment: (issuer) =>
      wrap(async () => {
        const user = signedInUser(auth);
        const secret = await TotpMultiFactorGenerator.generateSecret(
          await multiFactor(user).getSession(),
        );
        return {
          secret: {
            secretKey: secret.secretKey,
            uri: secret.generateQrCodeUrl(user.email ?? undefined, issuer),
            codeLength: secret.codeLength,
            periodSeconds: secret.codeIntervalSeconds,
            confirmBy: new Date(secret.enrollmentCompletionDeadline).toISOString(),
          },
          confirm: (code, displayName) =>
            wrap(() =>
              multiFactor(user).enroll(
                TotpMultiFactorGenerator.assertionForEnrollment(secret, code.trim()),
                displayName.trim() || null,
              ),
            ),
        };
      }),
    withdraw: (factorUid) => wrap(() => multiFactor(signedInUser(auth)).unenroll(factorUid)),
    reauthenticate: async (password) => {
      const user = signedInUser(auth);
      if (!user.email)
        throw new IdentityError(IDENTITY_MESSAGES.emailUnavailable, 'email-unavailable');
      try {
        await reauthenticateWithCredential(
          user,
          EmailAuthProvider.credential(user.email, password),
        );
        return null;
      } catch (error) {
        return secondStepOrThrow(auth, error);
      }
    },
    changePassword: (newPassword) => wrap(() => updatePassword(signedInUser(auth), newPassword)),
  };
}
