import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { registerAjvFormats, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AREAS } from './areas/index.ts';
import type { IdentityAdmin } from './identity-admin.ts';
import type { Area } from './platform/area.ts';
import { compose, type Composition } from './platform/compose.ts';
import { SIMULATED_SITE, type SiteConfig } from './platform/sites.ts';
import { TaskEngine } from './platform/tasks/worker.ts';
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
    /** The areas composed at their sites: drivers, task registry, seat counters. */
    composition: Composition;
    /** This process's task worker. */
    tasks: TaskEngine;
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
  /** The sites and the backend serving each; the demo's simulated sites by default. */
  sites?: readonly SiteConfig[];
  /** The areas the server is composed of; every area by default (tests may give fewer). */
  areas?: readonly Area[];
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
  sites = [SIMULATED_SITE],
  areas = AREAS,
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
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const listCache = new ListCache(Math.floor(config.listCacheMegabytes * 1024 * 1024));
  app.decorate('listCache', listCache);
  const composition = compose(areas, { db, config, sites, listCache, identityAdmin, runTasks });
  app.decorate('composition', composition);
  const worker = new TaskEngine(
    db,
    app.log.child({ component: 'tasks' }),
    config.tasks,
    composition.registry,
  );
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
      await composition.register(api, 'hooks');
      await api.register(accessPlugin);
      await composition.register(api, 'routes');
      await api.register(taskRoutes(composition.registry));
      for (const plugin of apiPlugins) await api.register(plugin);
    },
    { prefix: '/api' },
  );

  // Public routes of the areas (campaign links under /t/…), outside /api's sign-in.
  await composition.register(app, 'public');

  if (servePortal) await app.register(portalPlugin, { root: config.portalDist });
  else app.log.info({ portalDist: config.portalDist }, 'no built portal found; serving /api only');

  return app;
}
