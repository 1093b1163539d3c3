import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { inject } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import type { InfrastructureDriver } from '../../src/infrastructure.ts';
import { emulatorVerifier } from './identity.ts';

/** The configuration a test server runs with: defaults, the emulator, no portal, quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
    LOG_LEVEL: 'silent',
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
    driver?: InfrastructureDriver;
  } = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: options.config ?? testConfig(),
    db,
    auth: emulatorVerifier(),
    apiPlugins: options.apiPlugins,
    logStream: options.logStream,
    ...(options.driver ? { driver: options.driver } : {}),
  });
}
