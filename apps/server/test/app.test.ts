import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { conflict } from '../src/errors.ts';
import { audit } from '../src/plugins/audit.ts';
import { INTERNAL_ERROR_MESSAGE } from '../src/plugins/errors.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';

/** Routes that exist only in these tests, mounted under /api like real ones. */
const testRoutes: FastifyPluginAsync = async (app) => {
  app.get('/test/boom', { config: { public: true } }, async () => {
    throw new Error('connection to 10.1.2.3 refused by secret-host');
  });
  app.post(
    '/test/echo',
    {
      config: { public: true },
      schema: {
        body: Type.Object({
          name: Type.String({ minLength: 1 }),
          size: Type.Optional(Type.Integer({ minimum: 1 })),
        }),
      },
    },
    async (request) => ({ data: request.body }),
  );
  app.post('/test/taken', { config: { public: true } }, async () => {
    throw conflict('That name is taken.');
  });
  app.post('/test/vms/:id/power', async (request) => {
    await audit(request, {
      action: 'vm.power',
      target: 'vm-42',
      result: 'success',
      detail: { power_operation: 'on' },
    });
    return { data: { ok: true } };
  });
  app.delete('/test/things/:id', async () => ({ data: null }));
};

interface AuditRow {
  actor_email: string | null;
  actor_tenant: string | null;
  acting_tenant: string | null;
  action: string;
  target: string | null;
  result: string;
  detail: unknown;
}

describe.each(databaseKinds())('the HTTP server on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let logs = '';
  let acmeToken = '';
  const portalDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    app = await testApp(test.db, {
      config: testConfig({ LOG_LEVEL: 'info' }),
      apiPlugins: [testRoutes],
      logStream: { write: (line) => void (logs += line) },
    });
    acmeToken = await signIn('acme@portal.test', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    rmSync(portalDir, { recursive: true, force: true });
  });

  describe('errors', () => {
    it('answers an unknown API route with a JSON 404', async () => {
      const reply = await app.inject({ method: 'GET', url: '/api/nope?x=1' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: 'No such API route: GET /api/nope' });
    });

    it('hides an internal error behind a generic 500 and logs the real one', async () => {
      const reply = await app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE });
      expect(reply.body).not.toMatch(/secret-host|stack|at /);
      expect(logs).toContain('connection to 10.1.2.3 refused by secret-host');
    });

    it('names the field of invalid input, without the body/ prefix', async () => {
      const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'name: is required', field: 'name' });

      const small = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 'a', size: 0 },
      });
      expect(small.statusCode).toBe(400);
      expect(small.json()).toEqual({ message: 'size: must be at least 1', field: 'size' });
    });

    it('answers malformed JSON with a 400 sentence', async () => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ message: expect.any(String) });
    });

    it('turns a thrown HttpError into its status and sentence', async () => {
      const reply = await app.inject({ method: 'POST', url: '/api/test/taken' });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({ message: 'That name is taken.' });
    });

    it('never logs the bearer token', async () => {
      await app.inject({
        method: 'GET',
        url: '/api/services/user/acme@portal.test',
        headers: bearer(acmeToken),
      });
      expect(logs).not.toContain(acmeToken);
    });
  });

  describe('compression', () => {
    it('compresses a JSON reply for a client that accepts brotli, and only then', async () => {
      const url = '/api/services/eseries';
      const plain = await app.inject({ method: 'GET', url, headers: bearer(acmeToken) });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const vms = plain.json<{ data: unknown[] }>().data;
      expect(vms.length).toBeGreaterThan(0);

      const packed = await app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(acmeToken), 'accept-encoding': 'br, gzip' },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe('br');
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString('utf8'))).toEqual({
        data: vms,
      });
    });
  });

  describe('audit log', () => {
    it('stores a row with the actor and their tenant', async () => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/test/vms/42/power',
        headers: bearer(acmeToken),
      });
      expect(reply.statusCode).toBe(200);
      const rows = await test.db.query<AuditRow>(
        "select actor_email, actor_tenant, acting_tenant, action, target, result, detail from audit_log where action = 'vm.power'",
      );
      expect(rows).toEqual([
        {
          actor_email: 'acme@portal.test',
          actor_tenant: 'UZZ100001',
          acting_tenant: 'UZZ100001',
          action: 'vm.power',
          target: 'vm-42',
          result: 'success',
          detail: { power_operation: 'on' },
        },
      ]);
    });

    it('records a change that the handler did not audit itself', async () => {
      const reply = await app.inject({
        method: 'DELETE',
        url: '/api/test/things/7',
        headers: bearer(acmeToken),
      });
      expect(reply.statusCode).toBe(200);
      // onResponse runs after the reply is sent; give it a moment.
      await expect
        .poll(() =>
          test.db.query<AuditRow>(
            "select actor_email, action, target, result from audit_log where target = '/api/test/things/7'",
          ),
        )
        .toEqual([
          {
            actor_email: 'acme@portal.test',
            action: 'DELETE /api/test/things/:id',
            target: '/api/test/things/7',
            result: 'success',
          },
        ]);
    });
  });

  describe('OpenAPI', () => {
    it('publishes the contract without a token', async () => {
      const reply = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(reply.statusCode).toBe(200);
      const doc = reply.json<{
        openapi: string;
        info: { title: string };
        paths: Record<string, Record<string, { security?: unknown[]; responses: object }>>;
        components: { securitySchemes: Record<string, unknown> };
      }>();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.title).toBe('Cloud portal API');
      expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      });
      const user = doc.paths['/api/services/user/{email}']?.get;
      expect(user).toBeDefined();
      expect(Object.keys(user?.responses ?? {})).toEqual(['200', '400', '401', '403', '404']);
      expect(doc.paths['/api/health']?.get?.security).toEqual([]);
      expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
    });
  });

  describe('the portal', () => {
    let portal: FastifyInstance;
    beforeAll(async () => {
      mkdirSync(join(portalDir, 'assets'));
      writeFileSync(join(portalDir, 'index.html'), '<!doctype html><title>Portal</title>');
      writeFileSync(join(portalDir, 'assets', 'index-abc123.js'), 'console.log(1)');
      portal = await testApp(test.db, { config: testConfig({ PORTAL_DIST: portalDir }) });
    });
    afterAll(() => portal?.close());

    it('serves index.html at / and for client-side routes, never cached', async () => {
      for (const url of ['/', '/compute', '/compute/12/console?tab=1']) {
        const reply = await portal.inject({ method: 'GET', url });
        expect(reply.statusCode, url).toBe(200);
        expect(reply.headers['content-type']).toMatch(/text\/html/);
        expect(reply.headers['cache-control']).toBe('no-cache');
        expect(reply.body).toContain('<title>Portal</title>');
      }
    });

    it('caches hashed assets for good', async () => {
      const reply = await portal.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers a missing asset with 404, not with the page', async () => {
      const reply = await portal.inject({ method: 'GET', url: '/assets/index-old.js' });
      expect(reply.statusCode).toBe(404);
    });

    it('keeps unknown API routes a JSON 404', async () => {
      const reply = await portal.inject({ method: 'GET', url: '/api/nope' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: 'No such API route: GET /api/nope' });
    });

    it('answers / with 404 when there is no built portal', async () => {
      const reply = await app.inject({ method: 'GET', url: '/' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: 'No such page: GET /' });
    });
  });
});
