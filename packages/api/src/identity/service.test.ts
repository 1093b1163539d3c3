// The identity service before and after its SDK loads: a page that opens signed in runs on the
// stored session (no SDK), the SDK takes over once loaded, and a failed load says so. The SDK
// (`firebase.ts`) and the browser stores (`stored-session.ts`) are replaced at their module
// boundaries; the stored-session reader itself is checked in the browser (tests/e2e/auth.spec.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../contract/config.ts';
import type { FirebaseIdentity, IdentityUser } from './service.ts';

const stub = vi.hoisted(() => ({
  stored: undefined as unknown,
  loads: 0,
  fail: false,
  sdk: null as null | {
    user: { email: string } | null;
    listeners: Set<(user: { email: string } | null) => void>;
    token: string;
  },
}));

vi.mock('./stored-session.ts', () => ({
  readStoredSession: async () => stub.stored,
}));

// A load is a call of the SDK module's factory (the module itself is imported once per test).
vi.mock('./firebase.ts', () => {
  return {
    createFirebaseIdentity: (): Partial<FirebaseIdentity> => {
      stub.loads += 1;
      if (stub.fail) throw new Error('Failed to fetch dynamically imported module');
      const sdk = stub.sdk!;
      return {
        ready: async () => undefined,
        currentUser: () => sdk.user,
        getEmail: () => sdk.user!.email,
        getIdToken: async () => {
          if (!sdk.user) throw new Error('User not authenticated');
          return sdk.token;
        },
        signOut: async () => {
          sdk.user = null;
          for (const listener of sdk.listeners) listener(null);
        },
        onChange: (listener) => {
          sdk.listeners.add(listener);
          queueMicrotask(() => listener(sdk.user));
          return () => sdk.listeners.delete(listener);
        },
      };
    },
  };
});

const config = {
  firebase: { apiKey: 'demo-key', authDomain: 'x', projectId: 'demo-portal' },
  authEmulatorUrl: null,
  totp: false,
} as unknown as PublicConfig;

const HOUR = 3_600_000;

async function service() {
  vi.resetModules();
  const { createIdentityService } = await import('./service.ts');
  const identity = createIdentityService(config);
  const told: (IdentityUser | null)[] = [];
  identity.onChange((user) => told.push(user));
  return { identity, told };
}

/** A stored session whose token lives `ms` more. */
const storedFor = (ms: number) => ({
  email: 'acme@portal.test',
  accessToken: 'stored-token',
  expiresAt: Date.now() + ms,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stub.loads = 0;
  stub.fail = false;
  stub.sdk = { user: { email: 'acme@portal.test' }, listeners: new Set(), token: 'sdk-token' };
});

describe('identity service', () => {
  it('opens signed in from the stored session, without loading the SDK', async () => {
    stub.stored = storedFor(HOUR);
    const { identity, told } = await service();
    await identity.ready();
    expect(told).toEqual([{ email: 'acme@portal.test' }]);
    expect(identity.getEmail()).toBe('acme@portal.test');
    expect(await identity.getIdToken()).toBe('stored-token');
    expect(await identity.isSignedIn()).toBe(true);
    expect(stub.loads).toBe(0);
  });

  it('hands over to the SDK once loaded, telling nobody twice of the same user', async () => {
    stub.stored = storedFor(HOUR);
    const { identity, told } = await service();
    await identity.ready();
    identity.preload();
    await vi.waitFor(() => expect(stub.loads).toBe(1));
    await settle();
    expect(await identity.getIdToken()).toBe('sdk-token');
    expect(told).toEqual([{ email: 'acme@portal.test' }]);
    await identity.signOut();
    expect(told).toEqual([{ email: 'acme@portal.test' }, null]);
    expect(identity.currentUser()).toBeNull();
  });

  it('asks the SDK for a token the stored one cannot stand in for (about to expire)', async () => {
    stub.stored = storedFor(20_000);
    const { identity, told } = await service();
    expect(await identity.getIdToken()).toBe('sdk-token');
    expect(stub.loads).toBe(1);
    expect(told).toEqual([{ email: 'acme@portal.test' }]);
  });

  it("tells the SDK's answer when the stored user is gone there", async () => {
    stub.stored = storedFor(HOUR);
    stub.sdk!.user = null;
    const { identity, told } = await service();
    await identity.ready();
    identity.preload();
    await vi.waitFor(() => expect(told).toEqual([{ email: 'acme@portal.test' }, null]));
    await expect(identity.getIdToken()).rejects.toThrow();
  });

  it('is signed out when nothing is stored, and loads the SDK only when asked', async () => {
    stub.stored = null;
    stub.sdk!.user = null;
    const { identity, told } = await service();
    await identity.ready();
    expect(told).toEqual([null]);
    expect(() => identity.getEmail()).toThrow('User not authenticated');
    expect(stub.loads).toBe(0);
    identity.preload();
    await vi.waitFor(() => expect(stub.loads).toBe(1));
    expect(told).toEqual([null]);
  });

  it('waits for the SDK when the store cannot be read', async () => {
    stub.stored = undefined;
    const { identity, told } = await service();
    await identity.ready();
    expect(stub.loads).toBe(1);
    await settle();
    expect(told).toEqual([{ email: 'acme@portal.test' }]);
    expect(await identity.getIdToken()).toBe('sdk-token');
  });

  it('says so when the SDK cannot be loaded, and tells signed out rather than hang', async () => {
    stub.stored = undefined;
    stub.fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { identity, told } = await service();
    await expect(identity.signIn('acme@portal.test', 'x')).rejects.toThrow(
      'The sign-in service could not be loaded. Check your connection, then reload the page.',
    );
    expect(told).toEqual([null]);
  });
});
