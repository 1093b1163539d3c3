// The part of firebase-admin's Auth that administration needs (the emulator locally).

export interface IdentityUser {
  uid: string;
  multiFactor?: { enrolledFactors: readonly unknown[] };
}

export interface IdentityAdmin {
  createUser(properties: {
    email: string;
    displayName?: string;
    emailVerified: boolean;
  }): Promise<IdentityUser>;
  getUserByEmail(email: string): Promise<IdentityUser>;
  updateUser(
    uid: string,
    properties: { disabled?: boolean; multiFactor?: { enrolledFactors: null } },
  ): Promise<unknown>;
  deleteUser(uid: string): Promise<void>;
  revokeRefreshTokens(uid: string): Promise<void>;
  generatePasswordResetLink(email: string): Promise<string>;
}

export const identityErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
