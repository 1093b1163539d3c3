// What the bench servers share: tokens signed and verified in memory as firebase-admin verifies
// them in production, and a fresh database of either kind.
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import type { TokenVerifier } from '../src/identity.ts';

const PROJECT = 'demo-portal';

// Tokens are checked as firebase-admin checks them in production: an RS256 signature verified
// against a key held in memory (Google's public keys, cached), then the claims. (Against the Auth
// emulator firebase-admin makes an HTTP call per token instead, which would measure the
// emulator, not us.)
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A signed ID token for this e-mail address, valid for an hour. */
export function signedToken(email: string, uid = 'bench-user'): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: now,
    sub: uid,
    iat: now,
    exp: now + 3600,
    email,
  };
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'bench' })}.${b64(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(keys.privateKey);
  return `${unsigned}.${signature.toString('base64url')}`;
}

export const verifier: TokenVerifier = {
  async verifyIdToken(token) {
    const [header = '', payload = '', signature = ''] = token.split('.');
    const valid = createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(keys.publicKey, Buffer.from(signature, 'base64url'));
    if (!valid) throw new Error('bad signature');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      aud: string;
      exp: number;
      sub: string;
      email?: string;
    };
    if (claims.aud !== PROJECT || claims.exp * 1000 < Date.now()) throw new Error('bad claims');
    return { uid: claims.sub, email: claims.email, email_verified: true, exp: claims.exp };
  },
};

/** PGlite in memory, or a new PostgreSQL database next to `adminUrl`; `drop` removes it. */
export async function openDatabase(
  adminUrl: string | undefined,
  prefix: string,
): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!adminUrl) {
    const db = await openPglite();
    return { db, drop: async () => undefined };
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The port a listening Fastify server was given. */
export function portOf(server: { server: { address(): unknown } }): number {
  const address = server.server.address();
  return typeof address === 'object' && address !== null && 'port' in address
    ? Number(address.port)
    : 0;
}

/** On SIGTERM: closes the servers in order, then the database, drops it, and exits. */
export function stopOnSigterm(
  servers: readonly { close(): PromiseLike<unknown> }[],
  db: Database,
  drop: () => Promise<void>,
): void {
  process.on('SIGTERM', () => {
    void (async () => {
      for (const server of servers) await server.close();
      await db.close();
      await drop();
      process.exit(0);
    })();
  });
}
