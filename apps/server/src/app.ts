import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { registerAjvFormats, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { backupRoutes } from './areas/backup/index.ts';
import { computeRoutes, consoleRoutes } from './areas/compute/index.ts';
import { securityRoutes, systemRoutes, userRoutes } from './areas/account/index.ts';
import { crowdstrikeRoutes } from './areas/crowdstrike/index.ts';
import { adminRoutes, adminSessionPlugin, type IdentityAdmin } from './areas/admin/index.ts';
import { dseriesRoutes } from './areas/dseries/index.ts';
import { licenseRoutes } from './areas/license/index.ts';
import { networkingRoutes } from './areas/networking/index.ts';
import { vwseriesRoutes } from './areas/vwseries/index.ts';
import { storageRoutes } from './areas/storage/index.ts';
import {
  SEAT_COUNTERS,
  SimulatorDriver,
  TASKS,
  TaskWorker,
  type InfrastructureDriver,
} from './infrastructure.ts';
import { phishingMailPlugin, phishingRoutes } from './areas/phishing/index.ts';
import { monitoringRoutes } from './areas/monitoring/index.ts';
import type { TokenVerifier } from './identity.ts';
import { loggerOptions } from './logging.ts';
import accessPlugin from './plugins/access.ts';
import auditPlugin from './plugins/audit.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import inputPlugin, { DEFAULT_BODY_LIMIT } from './plugins/input.ts';
import openapiPlugin from './plugins/openapi.ts';
import portalPlugin from './plugins/portal.ts';
import rateLimitsPlugin from './plugins/rate-limits.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import { ListCache } from './platform/list-cache.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { taskRoutes } from './platform/tasks/routes.ts';
import { validatorCompiler } from './validation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** The infrastructure seam: the simulator unless another driver is given. */
    driver: InfrastructureDriver;
    /** This process's task worker. */
    tasks: TaskWorker;
    /** List replies kept while the tenant's lists are unchanged (platform/list-cache.ts). */
    listCache: ListCache;
    /** The one mail path (platform/mail.ts): SMTP_URL's relay, or a Mailer that refuses. */
    mailer: Mailer;
  }
}

export const API_VERSION = '0.1.0';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Verifies bearer ID tokens; firebase-admin's `getAuth()` in production. */
  auth: TokenVerifier;
  /** Where JSON logs go instead of stdout (tests). */
  logStream?: { write(line: string): void };
  /** More route plugins under `/api`, behind auth and audit like the built-in ones (tests). */
  apiPlugins?: readonly FastifyPluginAsync[];
  /** The infrastructure driver; the simulator on `db` by default. */
  driver?: InfrastructureDriver;
  /** Whether this process runs the task worker (default yes). */
  runTasks?: boolean;
  /** Manages sign-in accounts (invite, disable, delete): firebase-admin's `getAuth()`. */
  identityAdmin?: IdentityAdmin | null;
  /** Outgoing mail; a Mailer for the configured SMTP_URL by default. */
  mailer?: Mailer;
}

registerAjvFormats();

/**
 * The whole HTTP server: `/api` (authenticated unless a route says otherwise) and, when it has
 * been built, the portal at `/`. Not yet listening; `inject()` works at once.
 */
export async function buildApp({
  config,
  db,
  auth,
  logStream,
  apiPlugins = [],
  driver = new SimulatorDriver(db, {
    speed: config.simulatorSpeed,
    phishingMail: config.phishing.driver === 'mail' ? config.phishing : null,
  }),
  runTasks = true,
  identityAdmin = null,
  mailer = createMailer(config),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: DEFAULT_BODY_LIMIT,
    logger: loggerOptions(config, logStream ? { stream: logStream } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('driver', driver);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  app.decorate('listCache', new ListCache(Math.floor(config.listCacheMegabytes * 1024 * 1024)));
  const worker = new TaskWorker(db, driver, app.log.child({ component: 'tasks' }), config.tasks);
  app.decorate('tasks', worker);
  // Starts once the server is ready and stops on close, before the database is closed.
  if (runTasks) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  const indexHtml = join(config.portalDist, 'index.html');
  const servePortal = existsSync(indexHtml);
  await app.register(securityHeadersPlugin, {
    indexHtml,
    authEmulatorHost: config.authEmulatorHost,
  });
  // Replies that ask for it are compressed: a 10,000-VM list is 5 MB of JSON and about a tenth
  // of that in brotli at a fast quality (11, the default, costs seconds on such a reply).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(errorsPlugin, { spaFallback: servePortal });
  await app.register(inputPlugin);
  await app.register(openapiPlugin, { version: API_VERSION });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        verifier: auth,
        revocationWindowMs: config.revocationCheckSeconds * 1000,
      });
      await api.register(rateLimitsPlugin, { limits: config.rateLimits, db });
      await api.register(auditPlugin);
      await api.register(adminSessionPlugin, { identity: identityAdmin });
      await api.register(accessPlugin);
      await api.register(systemRoutes);
      await api.register(userRoutes);
      await api.register(securityRoutes);
      await api.register(computeRoutes);
      await api.register(vwseriesRoutes);
      await api.register(dseriesRoutes);
      await api.register(storageRoutes);
      await api.register(phishingRoutes);
      await api.register(backupRoutes);
      await api.register(networkingRoutes);
      await api.register(consoleRoutes);
      await api.register(licenseRoutes, { counters: SEAT_COUNTERS });
      await api.register(crowdstrikeRoutes);
      await api.register(monitoringRoutes);
      await api.register(taskRoutes(TASKS));
      await api.register(adminRoutes, { identity: identityAdmin });
      for (const plugin of apiPlugins) await api.register(plugin);
    },
    { prefix: '/api' },
  );

  // Campaign links (/t/…): public, outside /api's sign-in.
  await app.register(phishingMailPlugin, { send: runTasks });

  if (servePortal) await app.register(portalPlugin, { root: config.portalDist });
  else app.log.info({ portalDist: config.portalDist }, 'no built portal found; serving /api only');

  return app;
}
