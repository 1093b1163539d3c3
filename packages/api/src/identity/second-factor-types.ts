// The second-factor part of the identity service, as the portal sees it: plain objects and
// functions, so that the portal never touches the SDK's classes (and so that screens can be tested
// against these shapes without the SDK).

/** A second factor the identity provider keeps for the user. */
export interface EnrolledFactor {
  /** The provider's enrolment id. */
  uid: string;
  kind: 'phone' | 'totp';
  /** The name the user gave it ("Work phone"); null if none. */
  displayName: string | null;
  /** When it was enrolled (ISO 8601, UTC). */
  enrolledAt: string;
  /** The phone number, masked by the provider when signing in (`+*******0100`). */
  phoneNumber: string | null;
}

/**
 * Where the invisible bot check of an SMS runs: an element of the page that the identity SDK may
 * fill (nothing is shown; against the emulator nothing is loaded at all).
 */
export type BotCheckHost = HTMLElement;

/** The second step of a sign-in (or of a re-authentication) of a user who has second factors. */
export interface SecondFactorChallenge {
  /** The user's factors to choose from. */
  factors: EnrolledFactor[];
  /** Sends the SMS code of a phone factor; call again to send a new one. */
  sendCode(factorUid: string, host: BotCheckHost): Promise<void>;
  /** Finishes the sign-in with the code of the chosen factor (SMS or authenticator app). */
  verify(factorUid: string, code: string): Promise<void>;
}

/** A time-based secret to put in an authenticator app. */
export interface TotpSecret {
  /** The shared secret, base32, for entering by hand. */
  secretKey: string;
  /** The `otpauth://` address that the QR code holds. */
  uri: string;
  codeLength: number;
  periodSeconds: number;
  /** The enrolment must be confirmed before this moment (ISO 8601). */
  confirmBy: string;
}

/** An enrolment waiting for its confirmation code. */
export interface PendingEnrolment {
  /** Confirms with the code (from the SMS or the app) and names the factor. */
  confirm(code: string, displayName: string): Promise<void>;
}

/** The signed-in user's own account security. */
export interface AccountSecurityService {
  /** The user's second factors, oldest first. */
  factors(): EnrolledFactor[];
  /** Sends a code to `phoneNumber` (international format) to enrol it. */
  startPhoneEnrolment(phoneNumber: string, host: BotCheckHost): Promise<PendingEnrolment>;
  /** A new time-based secret for an authenticator app. */
  startTotpEnrolment(issuer: string): Promise<PendingEnrolment & { secret: TotpSecret }>;
  /** Removes a second factor. */
  withdraw(factorUid: string): Promise<void>;
  /**
   * Proves it is still the user, with their password; resolves to a second step when they have
   * second factors (which the caller completes), else to null.
   */
  reauthenticate(password: string): Promise<SecondFactorChallenge | null>;
  /** Sets a new password; fails with "sign in again" when the last sign-in is too old. */
  changePassword(newPassword: string): Promise<void>;
}

/** How a sign-in ended: done, or waiting for the second step. */
export interface SignInResult {
  secondFactor: SecondFactorChallenge | null;
}
