import { describe, expect, it } from 'vitest';
import {
  IdentityError,
  addIdentitySentences,
  identityErrorSentence,
  toIdentityError,
} from './errors.ts';
import { SECOND_FACTOR_SENTENCES } from './second-factor-errors.ts';

const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('identity error sentences', () => {
  it.each([
    ['auth/wrong-password', 'That password is not correct. Try again, or reset your password.'],
    ['auth/user-not-found', 'There is no account with that e-mail address.'],
    ['auth/too-many-requests', 'Too many attempts. Wait a few minutes, then try again.'],
    ['auth/expired-action-code', 'This link has expired. Request a new one.'],
    [
      'auth/invalid-action-code',
      'This link is invalid or has already been used. Request a new one.',
    ],
    [
      'auth/network-request-failed',
      'Cannot reach the sign-in service. Check your connection and try again.',
    ],
    ['auth/email-already-in-use', 'An account with that e-mail address already exists.'],
    ['auth/requires-recent-login', 'For your security, sign in again before doing this.'],
  ])('%s reads as a sentence', (code, sentence) => {
    expect(identityErrorSentence(firebaseError(code))).toBe(sentence);
  });

  it.each([
    'argument-error',
    'internal-error',
    'operation-not-supported-in-this-environment',
    'missing-multi-factor-info',
    'unauthorized-domain',
    'web-storage-unsupported',
    'cancelled-popup-request',
    'popup-closed-by-user',
    'popup-blocked',
    'invalid-auth-event',
    'auth-domain-config-required',
    'invalid-api-key',
    'dependent-sdk-initialized-before-auth',
  ])('the client code %s never shows its raw code', (code) => {
    const sentence = identityErrorSentence(firebaseError(`auth/${code}`));
    expect(sentence).not.toContain(code);
    expect(sentence).toMatch(/^[A-Z].*\.$/);
  });

  it('knows the second-factor sentences once their code has loaded', () => {
    expect(identityErrorSentence(firebaseError('auth/code-expired'))).toBe(
      'Something went wrong while signing in. Try again.',
    );
    addIdentitySentences(SECOND_FACTOR_SENTENCES);
    expect(identityErrorSentence(firebaseError('auth/code-expired'))).toBe(
      'That code has expired. Send a new one.',
    );
  });

  it.each([
    ['auth/invalid-verification-code', 'That code is not correct. Check it and try again.'],
    ['auth/code-expired', 'That code has expired. Send a new one.'],
    [
      'auth/invalid-multi-factor-session',
      'The second sign-in step has expired. Start signing in again.',
    ],
    ['auth/too-many-requests', 'Too many attempts. Wait a few minutes, then try again.'],
    [
      'auth/missing-multi-factor-info',
      'The second sign-in step is missing. Start signing in again.',
    ],
    ['auth/requires-recent-login', 'For your security, sign in again before doing this.'],
    ['auth/unverified-email', 'Verify your e-mail address before adding a second factor.'],
    [
      'auth/invalid-phone-number',
      'Enter the phone number in international format, with its country code, e.g. +44 7700 900123.',
    ],
  ])('the second-factor error %s reads as a sentence', (code, sentence) => {
    expect(identityErrorSentence(firebaseError(code))).toBe(sentence);
  });

  it.each([
    'missing-verification-code',
    'invalid-verification-id',
    'second-factor-already-in-use',
    'maximum-second-factor-count-exceeded',
    'unsupported-first-factor',
    'missing-multi-factor-session',
    'multi-factor-info-not-found',
    'totp-challenge-timeout',
    'user-mismatch',
    'operation-not-allowed',
    'captcha-check-failed',
  ])('the second-factor code %s never shows its raw code', (code) => {
    const sentence = identityErrorSentence(firebaseError(`auth/${code}`));
    expect(sentence).not.toBe('Something went wrong while signing in. Try again.');
    expect(sentence).not.toContain(code);
    expect(sentence).toMatch(/^[A-Z].*\.$/);
  });

  it('falls back to a generic sentence for unknown codes and non-errors', () => {
    expect(identityErrorSentence(firebaseError('auth/brand-new-code'))).toBe(
      'Something went wrong while signing in. Try again.',
    );
    expect(identityErrorSentence('boom')).toBe('Something went wrong while signing in. Try again.');
  });

  it('keeps the code for logs and passes IdentityErrors through', () => {
    const wrapped = toIdentityError(firebaseError('auth/user-disabled'));
    expect(wrapped).toBeInstanceOf(IdentityError);
    expect(wrapped.code).toBe('user-disabled');
    expect(toIdentityError(wrapped)).toBe(wrapped);
  });
});
