/** Client-side checks that spare a round trip; the identity provider has the final word. */
export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Enter your e-mail address.';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    return 'Enter a valid e-mail address, like name@example.com.';
  return undefined;
}

/** The provider's default policy is a minimum of 6 characters; we ask for a little more. */
export const MIN_PASSWORD_LENGTH = 8;

export function validateNewPassword(password: string, confirmation: string) {
  const errors: { password?: string; confirmation?: string } = {};
  if (password.length < MIN_PASSWORD_LENGTH)
    errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  else if (!/[A-Za-z]/.test(password) || !/\d/.test(password))
    errors.password = 'Use at least one letter and one digit.';
  if (confirmation !== password) errors.confirmation = 'The two passwords are not the same.';
  return errors;
}
