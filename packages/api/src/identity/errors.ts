/**
 * Identity errors as plain sentences (PRODUCT.md §4): people read these, never raw codes.
 * Keys are Firebase Auth error codes without the `auth/` prefix.
 */
const SENTENCES: Record<string, string> = {
  'wrong-password': 'That password is not correct. Try again, or reset your password.',
  'invalid-credential': 'The e-mail address or password is not correct.',
  'invalid-login-credentials': 'The e-mail address or password is not correct.',
  'user-not-found': 'There is no account with that e-mail address.',
  'user-disabled': 'This account has been disabled. Contact your administrator.',
  'invalid-email': 'Enter a valid e-mail address.',
  'missing-email': 'Enter your e-mail address.',
  'missing-password': 'Enter your password.',
  'weak-password': 'Choose a stronger password: at least 6 characters.',
  'password-does-not-meet-requirements': 'That password does not meet the password policy.',
  'email-already-in-use': 'An account with that e-mail address already exists.',
  'too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'expired-action-code': 'This link has expired. Request a new one.',
  'invalid-action-code': 'This link is invalid or has already been used. Request a new one.',
  'missing-action-code': 'This link is incomplete. Open the link from the e-mail again.',
  'requires-recent-login': 'For your security, sign in again before doing this.',
  'network-request-failed':
    'Cannot reach the sign-in service. Check your connection and try again.',
  'argument-error': 'The sign-in request was malformed. Reload the page and try again.',
  'internal-error': 'The sign-in service had an internal error. Try again in a moment.',
  'operation-not-supported-in-this-environment':
    'This browser does not support this sign-in operation.',
  'missing-multi-factor-info': 'The second sign-in step is missing. Start signing in again.',
  'unauthorized-domain': 'This web address is not allowed to sign in. Contact your administrator.',
  'web-storage-unsupported':
    'Your browser blocks the storage sign-in needs. Allow site data and try again.',
  'cancelled-popup-request': 'Another sign-in window was opened. Use the newest one.',
  'popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'popup-blocked': 'The browser blocked the sign-in window. Allow pop-ups for this site.',
  'invalid-auth-event': 'The sign-in service sent an unexpected reply. Try again.',
  'auth-domain-config-required':
    'Sign-in is not configured for this site. Contact your administrator.',
  'invalid-api-key': 'Sign-in is misconfigured (invalid API key). Contact your administrator.',
  'dependent-sdk-initialized-before-auth':
    'Sign-in was initialised in the wrong order. Reload the page.',
  'user-token-expired': 'Your session has expired. Sign in again.',
  // Second factors: enrolment, the second sign-in step, re-authentication.
  'multi-factor-auth-required': 'This account needs its second sign-in step.',
  'invalid-verification-code': 'That code is not correct. Check it and try again.',
  'missing-verification-code': 'Enter the code.',
  'code-expired': 'That code has expired. Send a new one.',
  'invalid-verification-id': 'That code belongs to an older request. Send a new one.',
  'missing-verification-id': 'Send the code first, then enter it.',
  'invalid-phone-number':
    'Enter the phone number in international format, with its country code, e.g. +44 7700 900123.',
  'missing-phone-number': 'Enter a phone number.',
  'second-factor-already-in-use': 'That phone number is already a second factor of this account.',
  'maximum-second-factor-count-exceeded':
    'This account has as many second factors as it may have. Remove one first.',
  'unverified-email': 'Verify your e-mail address before adding a second factor.',
  'unsupported-first-factor': 'This account cannot add a second factor to how it signs in.',
  'invalid-multi-factor-session': 'The second sign-in step has expired. Start signing in again.',
  'missing-multi-factor-session': 'The second sign-in step has expired. Start signing in again.',
  'multi-factor-info-not-found': 'That second factor no longer exists. Choose another one.',
  'totp-challenge-timeout':
    'The time to confirm the authenticator app ran out. Start adding it again.',
  'user-mismatch': 'That password belongs to another account. Enter your own.',
  'operation-not-allowed':
    'This sign-in method is not enabled for the project. Contact your administrator.',
  'captcha-check-failed': 'The security check failed. Reload the page and try again.',
  'invalid-app-credential': 'The security check failed. Reload the page and try again.',
  'missing-app-credential': 'The security check failed. Reload the page and try again.',
  'quota-exceeded': 'The sign-in service is busy. Try again later.',
};

const FALLBACK = 'Something went wrong while signing in. Try again.';

/** The identity-layer messages of the specification's section 8. */
export const IDENTITY_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  emailUnavailable: 'User email not available',
  invalidUserData: 'Invalid user data received',
} as const;

/** An identity failure with a sentence for people and the provider's code for logs. */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const codeOf = (error: unknown): string | undefined => {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code.replace(/^auth\//, '');
  }
  return undefined;
};

/** A plain sentence for any identity error (Firebase error, IdentityError, or anything else). */
export function identityErrorSentence(error: unknown): string {
  if (error instanceof IdentityError) return error.message;
  const code = codeOf(error);
  return (code && SENTENCES[code]) || FALLBACK;
}

/** Wraps any thrown value as an IdentityError with a sentence. */
export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  return new IdentityError(identityErrorSentence(error), codeOf(error) ?? 'unknown');
}
