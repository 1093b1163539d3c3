import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { inject } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import type { Area } from '../../src/platform/area.ts';
import type { SiteConfig } from '../../src/platform/sites.ts';
import type { IdentityAdmin } from '../../src/identity-admin.ts';
import { emulatorVerifier } from './identity.ts';

/** The configuration a test server runs with: defaults, the emulator, no portal, quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
    LOG_LEVEL: 'silent',
    // Nothing a test creates is really probed unless the test asks (traffic stays on loopback).
    MONITORING_DRIVER: 'simulator',
    ...env,
  });
}

/** A server on `db`, verifying tokens with the emulator; use `inject()`, no port is opened. */
export function testApp(
  db: Database,
  options: {
    config?: Config;
    apiPlugins?: FastifyPluginAsync[];
    logStream?: { write(line: string): void };
    /** The sites and their backends; the simulator's by default. */
    sites?: readonly SiteConfig[];
    /** The areas the server is made of; every area by default. */
    areas?: readonly Area[];
    identityAdmin?: IdentityAdmin;
    /** Whether this server runs background work (tasks, senders, probes); yes by default. */
    runTasks?: boolean;
  } = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: options.config ?? testConfig(),
    db,
    auth: emulatorVerifier(),
    apiPlugins: options.apiPlugins,
    logStream: options.logStream,
    ...(options.sites ? { sites: options.sites } : {}),
    ...(options.areas ? { areas: options.areas } : {}),
    ...(options.identityAdmin ? { identityAdmin: options.identityAdmin } : {}),
    ...(options.runTasks === undefined ? {} : { runTasks: options.runTasks }),
  });
}

/**
 * Identity accounts kept in memory, for tests that change accounts at random (the fuzzer): the
 * shared emulator's demo accounts must stay as they are for the other test files.
 */
export function memoryIdentityAdmin(): IdentityAdmin {
  const accounts = new Map<string, { uid: string; email: string }>();
  const missing = () =>
    Object.assign(new Error('no such account'), { code: 'auth/user-not-found' });
  const byUid = (uid: string) => [...accounts.values()].find((account) => account.uid === uid);
  return {
    createUser: async ({ email }) => {
      if (accounts.has(email))
        throw Object.assign(new Error('exists'), { code: 'auth/email-already-exists' });
      const account = { uid: `memory-${accounts.size + 1}`, email };
      accounts.set(email, account);
      return { uid: account.uid };
    },
    getUserByEmail: async (email) => {
      const account = accounts.get(email);
      if (!account) throw missing();
      return { uid: account.uid };
    },
    updateUser: async (uid) => {
      if (!byUid(uid)) throw missing();
      return {};
    },
    deleteUser: async (uid) => {
      const account = byUid(uid);
      if (!account) throw missing();
      accounts.delete(account.email);
    },
    revokeRefreshTokens: async (uid) => {
      if (!byUid(uid)) throw missing();
    },
    generatePasswordResetLink: async (email) =>
      `http://127.0.0.1/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(email)}`,
  };
}
