import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSites, type SitesConfig } from './site-config.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Everything the server reads from its environment, validated once at start. */
export interface Config {
  host: string;
  port: number;
  /** PostgreSQL connection string; null means the embedded PGlite database. */
  databaseUrl: string | null;
  pgliteDir: string;
  firebase: { projectId: string; apiKey: string; authDomain: string };
  /** `host:port` of the Firebase Auth emulator, or null for the real service. */
  authEmulatorHost: string | null;
  /** The identity project offers time-based codes (TOTP) as a second factor (`IDENTITY_TOTP`). */
  totp: boolean;
  portalDist: string;
  seedDemoData: boolean;
  logLevel: LogLevel;
  /** `pretty` for a person at a terminal, `json` for a log collector; null: pretty on a TTY. */
  logFormat: LogFormat | null;
  /** How much faster than real time the simulator driver works (1 = real, 20 = 20× faster). */
  simulatorSpeed: number;
  /** The task worker: how often it looks for work, how long a claim lasts, how many at once. */
  tasks: { pollMs: number; leaseMs: number; concurrency: number };
  /** Requests per minute per user (or address, before sign-in) in each budget. */
  rateLimits: { readsPerMinute: number; mutationsPerMinute: number; consolePerMinute: number };
  /**
   * How long a verified token and the answer to "was it revoked?" are trusted before firebase-admin
   * is asked again: a disabled, deleted or signed-out user loses access within this many seconds.
   */
  revocationCheckSeconds: number;
  /** How long the portal user behind a verified e-mail (tenant, role, permissions) is reused. */
  principalCacheSeconds: number;
  /** Memory for list replies answered again while nothing they show has changed (0: none). */
  listCacheMegabytes: number;
  /** Audit-log entries older than this many days are deleted (hourly). */
  auditRetentionDays: number;
  /**
   * Outgoing mail: the SMTP relay (`SMTP_URL`; null: no relay, and sending refuses with a
   * sentence) and the From of the portal's own messages (`MAIL_FROM`).
   */
  mail: { smtpUrl: string | null; from: string };
  /** Phishing campaigns' mail and tracked links (ADR 025). */
  phishing: {
    /** Which platform sends campaigns: real mail (default when SMTP_URL is set) or the simulator. */
    driver: 'mail' | 'simulator';
    /** Tenant codes whose campaigns stay simulated even with the mail driver (deterministic tests). */
    simulatedTenants: string[];
    /** Where recipients' links point: this server's own address unless a domain of its own is given. */
    trackingUrl: string;
    /** The From of campaign messages. */
    from: string;
    /** Tracking requests per address per minute. */
    trackingPerMinute: number;
  };
  /** Monitoring's prober (ADR 033). */
  monitoring: {
    /**
     * `real`: monitors of addresses, URLs and VMs of real sites are really checked; `simulator`:
     * every check is worked out by the simulator. VMs of simulated sites are simulated either way.
     */
    driver: 'real' | 'simulator';
    /** The real prober may reach loopback, link-local and private addresses (never by default). */
    allowPrivate: boolean;
    /** The DNS server DNS checks ask (`host` or `host:port`); null: the system's resolvers. */
    dnsServer: string | null;
    /** A PEM file of certificate authorities probes trust beside Node's (an internal CA). */
    caFile: string | null;
    /** How often an instance looks for due checks (and alerts to send), in ms. */
    pollMs: number;
    /** The first retry of an alert that could not be sent waits this long, each next one twice as long. */
    alertRetryMs: number;
    /** How long a webhook has to answer before the attempt counts as timed out. */
    webhookTimeoutMs: number;
    /**
     * How long one second of a monitor's interval lasts for the real prober, in ms: 1000. No
     * setting changes it, so that no deployment checks more often than its monitors say; tests
     * shorten it to see several checks of a 20 s interval without waiting minutes.
     */
    msPerIntervalSecond: number;
  };
  /** The sites and what serves them: the simulator's, and LXD's when configured (site-config.ts). */
  sites: SitesConfig;
}

/** A setting in the environment that the server cannot use; the message says which and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The checkout's root: the nearest folder holding pnpm-workspace.yaml above this module. Works
 * for the sources (src/config.ts) and for the bundle (dist/main.mjs) alike.
 */
export function findRepoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${raw}".`);
  }
  return port;
}

/** The variable `name` as true or false; `fallback` when it is unset. */
function envBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const normalized = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  throw new ConfigError(`${name} must be true or false, not "${raw}".`);
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!/^postgres(ql)?:\/\/.+/.test(raw)) {
    throw new ConfigError(
      'DATABASE_URL must be a PostgreSQL connection string such as postgres://user@host:5432/db; leave it unset to use the embedded database.',
    );
  }
  return raw;
}

function parseEmulatorHost(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!/^[\w.-]+:\d{1,5}$/.test(raw)) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST must be host:port such as 127.0.0.1:9099, not "${raw}".`,
    );
  }
  return raw;
}

function parseSmtpUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL('invalid:');
  }
  if (!['smtp:', 'smtps:'].includes(url.protocol) || url.hostname === '') {
    throw new ConfigError(
      'SMTP_URL must be an SMTP relay such as smtp://user:password@relay.example.com:587 or smtps://relay.example.com:465; leave it unset to send no mail.',
    );
  }
  return raw;
}

function parseMailFrom(
  name: string,
  raw: string | undefined,
  { fallback = 'Skyport Cloud <no-reply@portal.test>' } = {},
): string {
  if (raw === undefined) return fallback;
  if (!/^([^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(raw)) {
    throw new ConfigError(
      `${name} must be an address such as no-reply@example.com or "Name <no-reply@example.com>", not "${raw}".`,
    );
  }
  return raw;
}

function parsePhishingDriver(raw: string | undefined, smtpUrl: string | null) {
  if (raw === undefined) return smtpUrl ? 'mail' : 'simulator';
  if (raw === 'mail' || raw === 'simulator') return raw;
  throw new ConfigError(`PHISHING_DRIVER must be mail or simulator, not "${raw}".`);
}

function parseTenantCodes(name: string, raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const codes = raw.split(',').map((code) => code.trim().toUpperCase());
  const bad = codes.find((code) => !/^[A-Z]{3}\d{6}$/.test(code));
  if (bad !== undefined)
    throw new ConfigError(
      `${name} must be tenant codes such as UZZ100001, separated by commas, not "${raw}".`,
    );
  return codes;
}

function parseTrackingUrl(raw: string | undefined, host: string, port: number): string {
  if (raw === undefined) return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
    throw new ConfigError(
      `PHISHING_TRACKING_URL must be an http(s) address such as https://links.example.com, not "${raw}".`,
    );
  return raw.replace(/\/+$/, '');
}

function parseMonitoringDriver(raw: string | undefined): 'real' | 'simulator' {
  if (raw === undefined) return 'real';
  if (raw === 'real' || raw === 'simulator') return raw;
  throw new ConfigError(`MONITORING_DRIVER must be real or simulator, not "${raw}".`);
}

function parseDnsServer(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const ipv4 = /^\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?$/;
  const ipv6 = /^(\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]*:[0-9a-fA-F:]*)$/;
  if (!ipv4.test(raw) && !ipv6.test(raw))
    throw new ConfigError(
      `MONITORING_DNS_SERVER must be an IP address, optionally with a port (192.0.2.53 or 192.0.2.53:5353, [2001:db8::53]:53), not "${raw}".`,
    );
  return raw;
}

function parseCaFile(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!existsSync(raw))
    throw new ConfigError(`MONITORING_CA_FILE must name a PEM file that exists, not "${raw}".`);
  return resolve(raw);
}

function parseLogFormat(raw: string | undefined): LogFormat | null {
  if (raw === undefined) return null;
  const format = LOG_FORMATS.find((candidate) => candidate === raw.toLowerCase());
  if (!format) throw new ConfigError(`LOG_FORMAT must be pretty or json, not "${raw}".`);
  return format;
}

function parseLogLevel(raw: string | undefined): LogLevel {
  if (raw === undefined) return 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  if (!level)
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${raw}".`);
  return level;
}

/** The variable `name` as a number from `min` to `max` (whole unless `integer` is false); `fallback` when it is unset. */
function envNumber(
  env: Env,
  name: string,
  fallback: number,
  [min, max]: readonly [number, number],
  integer = true,
): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (
    !Number.isFinite(parsed) ||
    parsed < min ||
    parsed > max ||
    (integer && !Number.isInteger(parsed))
  ) {
    const kind = integer ? 'a whole number' : 'a number';
    throw new ConfigError(`${name} must be ${kind} from ${min} to ${max}, not "${raw}".`);
  }
  return parsed;
}

/** Reads and validates the configuration; throws a ConfigError with one clear sentence. */
export function loadConfig(env: Env = process.env, repoRoot = findRepoRoot()): Config {
  const projectId = value(env, 'FIREBASE_PROJECT_ID') ?? 'demo-portal';
  if (!/^[a-z0-9-]+$/.test(projectId)) {
    throw new ConfigError(
      `FIREBASE_PROJECT_ID must hold only lower-case letters, digits and dashes, not "${projectId}".`,
    );
  }
  const authEmulatorHost = parseEmulatorHost(value(env, 'FIREBASE_AUTH_EMULATOR_HOST'));
  // The emulator accepts unsigned tokens for any account: never in front of a real project.
  if (authEmulatorHost && !projectId.startsWith('demo-')) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST is set, but the project "${projectId}" is not a demo- project: the Auth emulator accepts forged tokens, so it may only stand in for a demo-… project. Unset FIREBASE_AUTH_EMULATOR_HOST to use the real service.`,
    );
  }
  const perMinute = (name: string, fallback: number) =>
    envNumber(env, name, fallback, [1, 1_000_000]);
  const host = value(env, 'HOST') ?? '127.0.0.1';
  const port = parsePort(value(env, 'PORT'));
  const smtpUrl = parseSmtpUrl(value(env, 'SMTP_URL'));
  return {
    host,
    port,
    databaseUrl: parseDatabaseUrl(value(env, 'DATABASE_URL')),
    pgliteDir: resolve(value(env, 'PGLITE_DIR') ?? join(repoRoot, '.data', 'pglite')),
    firebase: {
      projectId,
      apiKey: value(env, 'FIREBASE_API_KEY') ?? 'demo-api-key',
      authDomain: value(env, 'FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    },
    authEmulatorHost,
    totp: envBoolean(env, 'IDENTITY_TOTP', false),
    portalDist: resolve(value(env, 'PORTAL_DIST') ?? join(repoRoot, 'apps', 'portal', 'dist')),
    seedDemoData: envBoolean(env, 'SEED_DEMO_DATA', true),
    logLevel: parseLogLevel(value(env, 'LOG_LEVEL')),
    logFormat: parseLogFormat(value(env, 'LOG_FORMAT')),
    simulatorSpeed: envNumber(env, 'SIMULATOR_SPEED', 1, [0.01, 100_000], false),
    tasks: {
      pollMs: envNumber(env, 'TASK_POLL_MS', 200, [10, 60_000]),
      leaseMs: envNumber(env, 'TASK_LEASE_MS', 15_000, [300, 3_600_000]),
      concurrency: envNumber(env, 'TASK_CONCURRENCY', 8, [1, 256]),
    },
    rateLimits: {
      readsPerMinute: perMinute('RATE_LIMIT_READS_PER_MINUTE', 600),
      mutationsPerMinute: perMinute('RATE_LIMIT_MUTATIONS_PER_MINUTE', 120),
      consolePerMinute: perMinute('RATE_LIMIT_CONSOLE_PER_MINUTE', 20),
    },
    revocationCheckSeconds: envNumber(env, 'AUTH_REVOCATION_CHECK_SECONDS', 60, [0, 60]),
    principalCacheSeconds: envNumber(env, 'AUTH_PRINCIPAL_CACHE_SECONDS', 5, [0, 60], false),
    listCacheMegabytes: envNumber(env, 'LIST_CACHE_MB', 64, [0, 65_536], false),
    auditRetentionDays: envNumber(env, 'AUDIT_RETENTION_DAYS', 400, [1, 36_500]),
    mail: { smtpUrl, from: parseMailFrom('MAIL_FROM', value(env, 'MAIL_FROM')) },
    phishing: {
      driver: parsePhishingDriver(value(env, 'PHISHING_DRIVER'), smtpUrl),
      simulatedTenants: parseTenantCodes(
        'PHISHING_SIMULATED_TENANTS',
        value(env, 'PHISHING_SIMULATED_TENANTS'),
      ),
      trackingUrl: parseTrackingUrl(value(env, 'PHISHING_TRACKING_URL'), host, port),
      from: parseMailFrom('PHISHING_MAIL_FROM', value(env, 'PHISHING_MAIL_FROM'), {
        fallback: 'IT Service Desk <service-desk@portal.test>',
      }),
      trackingPerMinute: perMinute('PHISHING_TRACKING_PER_MINUTE', 120),
    },
    monitoring: {
      driver: parseMonitoringDriver(value(env, 'MONITORING_DRIVER')),
      allowPrivate: envBoolean(env, 'MONITORING_ALLOW_PRIVATE', false),
      dnsServer: parseDnsServer(value(env, 'MONITORING_DNS_SERVER')),
      caFile: parseCaFile(value(env, 'MONITORING_CA_FILE')),
      pollMs: envNumber(env, 'MONITORING_POLL_MS', 250, [20, 10_000]),
      alertRetryMs: envNumber(env, 'MONITORING_ALERT_RETRY_MS', 5000, [10, 3_600_000]),
      webhookTimeoutMs: envNumber(env, 'MONITORING_WEBHOOK_TIMEOUT_MS', 10_000, [100, 60_000]),
      msPerIntervalSecond: 1000,
    },
    sites: parseSites(env, (message) => {
      throw new ConfigError(message);
    }),
  };
}
