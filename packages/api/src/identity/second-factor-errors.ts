// The sentences of the second-factor steps (enrolment, the second sign-in step,
// re-authentication): registered when the second-factor code loads.
export const SECOND_FACTOR_SENTENCES: Readonly<Record<string, string>> = {
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
};
