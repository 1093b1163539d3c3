/** Verifies Firebase ID tokens: firebase-admin's `getAuth()` in production. */
export interface TokenVerifier {
  verifyIdToken(token: string): Promise<{ uid: string; email?: string }>;
}

/** Who a verified bearer token says the caller is. */
export interface Identity {
  uid: string;
  /** Lower-case; null for identities without an e-mail. */
  email: string | null;
}
