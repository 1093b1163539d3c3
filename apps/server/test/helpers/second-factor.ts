// Signing in with a phone second factor against the Auth emulator, the way the web SDK does it
// (mfaSignIn:start, the SMS code the emulator keeps, mfaSignIn:finalize), so that server tests get
// real ID tokens with the `firebase.sign_in_second_factor` claim.
import { inject } from 'vitest';
import { emulatorAdmin } from './identity.ts';

const API_KEY = 'demo-api-key';
const PROJECT = 'demo-portal';

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(
    `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/${path}?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const reply = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${path} failed: ${reply.error?.message ?? response.status}`);
  return reply;
}

/** The last SMS code the emulator "sent" for a sign-in session. */
async function smsCode(sessionInfo: string): Promise<string> {
  const response = await fetch(
    `${inject('authEmulatorUrl')}/emulator/v1/projects/${PROJECT}/verificationCodes`,
  );
  const { verificationCodes } = (await response.json()) as {
    verificationCodes: { sessionInfo: string; code: string }[];
  };
  const found = verificationCodes.find((entry) => entry.sessionInfo === sessionInfo);
  if (!found) throw new Error('the emulator holds no code for this session');
  return found.code;
}

/** Enrols a phone second factor for an existing account, as an administrator could. */
export async function enrolPhone(email: string, phoneNumber = '+15555550100') {
  const admin = emulatorAdmin();
  const user = await admin.getUserByEmail(email);
  await admin.updateUser(user.uid, {
    multiFactor: {
      enrolledFactors: [{ uid: 'phone-1', phoneNumber, factorId: 'phone', displayName: 'Phone' }],
    },
  });
}

/** Signs in with the password and then the SMS code: an ID token of a two-step sign-in. */
export async function signInWithPhone(email: string, password: string): Promise<string> {
  const first = await post<{
    mfaPendingCredential?: string;
    mfaInfo?: { mfaEnrollmentId: string }[];
  }>('v1/accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const enrolment = first.mfaInfo?.[0];
  if (!first.mfaPendingCredential || !enrolment)
    throw new Error(`${email} has no second factor to sign in with`);
  const start = await post<{ phoneResponseInfo: { sessionInfo: string } }>(
    'v2/accounts/mfaSignIn:start',
    {
      mfaPendingCredential: first.mfaPendingCredential,
      mfaEnrollmentId: enrolment.mfaEnrollmentId,
      phoneSignInInfo: {},
    },
  );
  const { sessionInfo } = start.phoneResponseInfo;
  const done = await post<{ idToken: string }>('v2/accounts/mfaSignIn:finalize', {
    mfaPendingCredential: first.mfaPendingCredential,
    phoneVerificationInfo: { sessionInfo, code: await smsCode(sessionInfo) },
  });
  return done.idToken;
}
