import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findRepoRoot } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { inlineScriptHashes } from '../src/plugins/security-headers.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

const PORTAL_INDEX = join(findRepoRoot(), 'apps', 'portal', 'index.html');

/** `directive → sources` of a Content-Security-Policy header. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, exactly as the browser does', () => {
    const script = "\n      document.documentElement.dataset.theme = 'dark';\n    ";
    const html = `<head><script>${script}</script><script type="module" src="/a.js"></script></head>`;
    const expected = createHash('sha256').update(script).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${expected}'`]);
  });
});

describe.each(databaseKinds())('security headers on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  beforeAll(async () => {
    // The portal's own index.html, with its theme boot script, as the build leaves it.
    copyFileSync(PORTAL_INDEX, join(dist, 'index.html'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'main-abc.js'), 'console.log(1);\n');
    test = await open();
    await migrate(test.db);
    app = await testApp(test.db, { config: testConfig({ PORTAL_DIST: dist }) });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { host: 'portal.example.test:8443' } });

  it.each(['/', '/compute', '/assets/main-abc.js', '/api/health', '/api/services/user/x@y.test'])(
    'sends a strict policy on %s',
    async (url) => {
      const reply = await get(url);
      expect(reply.statusCode).toBeLessThan(500);
      const csp = parseCsp(reply.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      const scripts = csp.get('script-src') ?? [];
      expect(scripts[0]).toBe("'self'");
      expect(scripts.slice(1)).toHaveLength(1);
      expect(scripts.join(' ')).not.toMatch(/unsafe|\*|https?:|data:/);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        `http://${inject('authEmulatorHost')}`,
        'ws://portal.example.test:8443',
        'wss://portal.example.test:8443',
      ]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('font-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it("allows exactly the portal's inline theme script", async () => {
    const reply = await get('/compute');
    expect(reply.body).toContain('portal.darkmode');
    const [, hash] = parseCsp(reply.headers['content-security-policy']).get('script-src') ?? [];
    expect(inlineScriptHashes(reply.body)).toEqual([hash]);
  });

  it('asks for no caching of any /api reply, and keeps the portal cacheable', async () => {
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/services/user/x@y.test')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/nothing-here')).headers['cache-control']).toBe('no-store');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/main-abc.js')).headers['cache-control']).toMatch(/immutable/);
  });

  it('leaves a forged Host header out of the policy', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: "evil.test; script-src 'unsafe-inline'" },
    });
    const csp = parseCsp(reply.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(expect.not.arrayContaining(["'unsafe-inline'"]));
    expect(csp.get('connect-src')).toEqual(["'self'", `http://${inject('authEmulatorHost')}`]);
  });

  it('names the real identity endpoints without the emulator', async () => {
    const config = testConfig({
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: 'acme-prod',
    });
    const real = await testApp(test.db, { config });
    try {
      const reply = await real.inject({ method: 'GET', url: '/api/health' });
      expect(parseCsp(reply.headers['content-security-policy']).get('connect-src')).toEqual([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'ws://localhost:80',
        'wss://localhost:80',
      ]);
    } finally {
      await real.close();
    }
  });
});
