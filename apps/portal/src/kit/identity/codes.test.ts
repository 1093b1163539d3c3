import { describe, expect, it } from 'vitest';
import { codeError, factorLabel, phoneNumberError } from './codes.ts';

describe('second-factor input rules', () => {
  it.each([
    ['', 'Enter the code.'],
    ['12a456', 'The code is made of digits only.'],
    ['12345', 'The code has 6 digits.'],
    ['123 456', undefined],
  ])('code "%s" → %s', (code, error) => {
    expect(codeError(code)).toBe(error);
  });

  it('follows the code length of an authenticator app', () => {
    expect(codeError('12345678', 8)).toBeUndefined();
    expect(codeError('123456', 8)).toBe('The code has 8 digits.');
  });

  it.each([
    ['', 'Enter a phone number.'],
    ['07700 900123', expect.stringContaining('international format')],
    ['+44 7700 900123', undefined],
    ['+1 (555) 555-0100', undefined],
  ])('phone number "%s" → %s', (number, error) => {
    expect(phoneNumberError(number)).toEqual(error);
  });

  it('names a factor by its name and masked number', () => {
    const base = { uid: 'a', enrolledAt: '2026-11-24T00:00:00.000Z' };
    expect(
      factorLabel({ ...base, kind: 'phone', displayName: 'Work', phoneNumber: '+*******0100' }),
    ).toBe('Work (+*******0100)');
    expect(factorLabel({ ...base, kind: 'totp', displayName: null, phoneNumber: null })).toBe(
      'Authenticator app',
    );
  });
});
