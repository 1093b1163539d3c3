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
  'quota-exceeded': 'The sign-in service is busy. Try again later.',
};

const FALLBACK = 'Something went wrong while signing in. Try again.';

/**
 * Adds the sentences of codes that only a lazily loaded part of the identity service meets (the
 * second factors), so that their text travels with that part rather than in the first download.
 */
export function addIdentitySentences(more: Readonly<Record<string, string>>): void {
  Object.assign(SENTENCES, more);
}

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
