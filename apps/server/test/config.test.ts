import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { publicConfig } from '../src/areas/account/system.ts';

describe('loadConfig', () => {
  it('has defaults for one machine', () => {
    expect(loadConfig({}, '/repo')).toEqual({
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: null,
      pgliteDir: '/repo/.data/pglite',
      firebase: {
        projectId: 'demo-portal',
        apiKey: 'demo-api-key',
        authDomain: 'demo-portal.firebaseapp.com',
      },
      authEmulatorHost: null,
      totp: false,
      portalDist: '/repo/apps/portal/dist',
      seedDemoData: true,
      logLevel: 'info',
      logFormat: null,
      simulatorSpeed: 1,
      tasks: { pollMs: 200, leaseMs: 15_000, concurrency: 8 },
      rateLimits: { readsPerMinute: 600, mutationsPerMinute: 120, consolePerMinute: 20 },
      revocationCheckSeconds: 60,
      principalCacheSeconds: 5,
      listCacheMegabytes: 64,
      auditRetentionDays: 400,
      mail: { smtpUrl: null, from: 'Skyport Cloud <no-reply@portal.test>' },
      phishing: {
        driver: 'simulator',
        simulatedTenants: [],
        trackingUrl: 'http://127.0.0.1:8080',
        from: 'IT Service Desk <service-desk@portal.test>',
        trackingPerMinute: 120,
      },
      monitoring: {
        driver: 'real',
        allowPrivate: false,
        dnsServer: null,
        caFile: null,
        pollMs: 250,
        alertRetryMs: 5000,
        webhookTimeoutMs: 10_000,
        msPerIntervalSecond: 1000,
      },
      sites: {
        simulated: true,
        lxd: {
          mode: 'auto',
          site: {
            name: 'lxd-lxd1',
            backend: 'lxd',
            region: 'Local',
            locations: ['LXD1'],
            lxd: {
              endpoint: { socketPath: '/var/lib/lxd/unix.socket' },
              storagePool: 'portal',
              network: 'portalbr0',
              forwardAddresses: [],
              storageLookMs: 30_000,
            },
          },
        },
      },
    });
  });

  it('reads every setting', () => {
    const config = loadConfig(
      {
        HOST: '0.0.0.0',
        PORT: '9000',
        DATABASE_URL: 'postgres://app@db:5432/portal',
        PGLITE_DIR: '/data/pg',
        FIREBASE_PROJECT_ID: 'demo-project',
        FIREBASE_API_KEY: 'key',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        PORTAL_DIST: '/srv/portal',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'WARN',
        LOG_FORMAT: 'JSON',
        SIMULATOR_SPEED: '2.5',
        TASK_POLL_MS: '50',
        TASK_LEASE_MS: '1000',
        TASK_CONCURRENCY: '2',
        RATE_LIMIT_READS_PER_MINUTE: '10',
        RATE_LIMIT_MUTATIONS_PER_MINUTE: '5',
        RATE_LIMIT_CONSOLE_PER_MINUTE: '2',
        AUTH_REVOCATION_CHECK_SECONDS: '0',
        AUTH_PRINCIPAL_CACHE_SECONDS: '2.5',
        LIST_CACHE_MB: '16',
        MONITORING_DRIVER: 'simulator',
        MONITORING_ALLOW_PRIVATE: 'yes',
        MONITORING_DNS_SERVER: '192.0.2.53:5353',
        MONITORING_POLL_MS: '500',
        SMTP_URL: 'smtp://mailer:secret@relay.example.com:587',
        MAIL_FROM: 'Acme Cloud <cloud@acme.example>',
        PHISHING_SIMULATED_TENANTS: 'uzz100001, UZZ100002',
        PHISHING_TRACKING_URL: 'https://links.example.com/',
        PHISHING_MAIL_FROM: 'Help Desk <help@acme.example>',
        PHISHING_TRACKING_PER_MINUTE: '30',
      },
      '/repo',
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      databaseUrl: 'postgres://app@db:5432/portal',
      pgliteDir: '/data/pg',
      firebase: {
        projectId: 'demo-project',
        apiKey: 'key',
        authDomain: 'demo-project.firebaseapp.com',
      },
      authEmulatorHost: '127.0.0.1:9099',
      portalDist: '/srv/portal',
      seedDemoData: false,
      logLevel: 'warn',
      logFormat: 'json',
      simulatorSpeed: 2.5,
      tasks: { pollMs: 50, leaseMs: 1000, concurrency: 2 },
      rateLimits: { readsPerMinute: 10, mutationsPerMinute: 5, consolePerMinute: 2 },
      revocationCheckSeconds: 0,
      principalCacheSeconds: 2.5,
      listCacheMegabytes: 16,
      mail: {
        smtpUrl: 'smtp://mailer:secret@relay.example.com:587',
        from: 'Acme Cloud <cloud@acme.example>',
      },
      phishing: {
        driver: 'mail',
        simulatedTenants: ['UZZ100001', 'UZZ100002'],
        trackingUrl: 'https://links.example.com',
        from: 'Help Desk <help@acme.example>',
        trackingPerMinute: 30,
      },
      monitoring: {
        driver: 'simulator',
        allowPrivate: true,
        dnsServer: '192.0.2.53:5353',
        caFile: null,
        pollMs: 500,
        alertRetryMs: 5000,
        webhookTimeoutMs: 10_000,
      },
    });
  });

  it('uses the real service for a real project', () => {
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'my-project' }, '/repo')).toMatchObject({
      firebase: { projectId: 'my-project' },
      authEmulatorHost: null,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535, not "eighty".'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535, not "70000".'],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a PostgreSQL connection string/],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA must be true or false, not "maybe".'],
    [{ SIMULATOR_SPEED: '0' }, 'SIMULATOR_SPEED must be a number from 0.01 to 100000, not "0".'],
    [{ LIST_CACHE_MB: '-1' }, 'LIST_CACHE_MB must be a number from 0 to 65536, not "-1".'],
    [
      { TASK_LEASE_MS: '1.5' },
      'TASK_LEASE_MS must be a whole number from 300 to 3600000, not "1.5".',
    ],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of fatal, error/],
    [{ FIREBASE_AUTH_EMULATOR_HOST: 'http://x' }, /^FIREBASE_AUTH_EMULATOR_HOST must be host:port/],
    [{ FIREBASE_PROJECT_ID: 'My Project' }, /^FIREBASE_PROJECT_ID must hold only/],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'my-project' },
      /^FIREBASE_AUTH_EMULATOR_HOST is set, but the project "my-project" is not a demo- project/,
    ],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be pretty or json, not "xml".'],
    [
      { RATE_LIMIT_READS_PER_MINUTE: '0' },
      'RATE_LIMIT_READS_PER_MINUTE must be a whole number from 1 to 1000000, not "0".',
    ],
    [
      { AUTH_REVOCATION_CHECK_SECONDS: '120' },
      'AUTH_REVOCATION_CHECK_SECONDS must be a whole number from 0 to 60, not "120".',
    ],
    [{ SMTP_URL: 'http://relay.example.com' }, /^SMTP_URL must be an SMTP relay such as/],
    [{ SMTP_URL: 'relay.example.com:25' }, /^SMTP_URL must be an SMTP relay such as/],
    [{ MONITORING_DRIVER: 'fake' }, 'MONITORING_DRIVER must be real or simulator, not "fake".'],
    [{ MONITORING_ALLOW_PRIVATE: 'maybe' }, /^MONITORING_ALLOW_PRIVATE must be true or false/],
    [{ MONITORING_DNS_SERVER: 'dns.example' }, /^MONITORING_DNS_SERVER must be an IP address/],
    [{ MONITORING_CA_FILE: '/no/such/ca.pem' }, /^MONITORING_CA_FILE must name a PEM file/],
    [
      { MAIL_FROM: 'nobody' },
      'MAIL_FROM must be an address such as no-reply@example.com or "Name <no-reply@example.com>", not "nobody".',
    ],
  ])('refuses %o with a sentence', (env, message) => {
    expect(() => loadConfig(env, '/repo')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/repo')).toThrow(message);
  });
});

describe('the second factors offered', () => {
  it('offers time-based codes only when the project has them and the emulator is not used', () => {
    const real = { FIREBASE_PROJECT_ID: 'acme-portal' };
    expect(publicConfig(loadConfig(real)).totp).toBe(false);
    expect(publicConfig(loadConfig({ ...real, IDENTITY_TOTP: 'true' })).totp).toBe(true);
    expect(
      publicConfig(
        loadConfig({
          FIREBASE_PROJECT_ID: 'demo-portal',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
          IDENTITY_TOTP: 'true',
        }),
      ).totp,
    ).toBe(false);
    expect(() => loadConfig({ IDENTITY_TOTP: 'maybe' })).toThrow(ConfigError);
  });
});
