// Small rules of the second-factor screens, kept apart so they can be tested alone.
import type { EnrolledFactor } from '@portal/api/identity';

/** The six digits of an SMS or authenticator code, or a sentence saying what is wrong. */
export function codeError(code: string, length = 6): string | undefined {
  const digits = code.replace(/\s/g, '');
  if (!digits) return 'Enter the code.';
  if (!/^\d+$/.test(digits)) return 'The code is made of digits only.';
  if (digits.length !== length) return `The code has ${length} digits.`;
  return undefined;
}

/** An international phone number (+ and 8 to 15 digits), or a sentence saying what is wrong. */
export function phoneNumberError(phoneNumber: string): string | undefined {
  const compact = phoneNumber.replace(/[\s()-]/g, '');
  if (!compact) return 'Enter a phone number.';
  if (!/^\+\d{8,15}$/.test(compact))
    return 'Enter the phone number in international format, with its country code, e.g. +44 7700 900123.';
  return undefined;
}

/** How a factor is named to its owner: "Work phone (+*******0100)", "Authenticator app". */
export function factorLabel(factor: EnrolledFactor): string {
  const kind = factor.kind === 'phone' ? 'Text message' : 'Authenticator app';
  const name = factor.displayName ?? kind;
  return factor.phoneNumber ? `${name} (${factor.phoneNumber})` : name;
}
