import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { loggerOptions, redactUrl } from '../src/logging.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { signIn } from './helpers/identity.ts';

describe('log format', () => {
  const config = testConfig({ LOG_LEVEL: 'info' });
  it('is pretty at a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loggerOptions(config, { isTTY: true })).toHaveProperty('stream');
    expect(loggerOptions(config, { isTTY: false })).not.toHaveProperty('stream');
    const pretty = testConfig({ LOG_FORMAT: 'pretty' });
    expect(loggerOptions(pretty, { isTTY: false })).toHaveProperty('stream');
    const json = testConfig({ LOG_FORMAT: 'json' });
    expect(loggerOptions(json, { isTTY: true })).not.toHaveProperty('stream');
  });

  it('takes the credentials out of a URL', () => {
    expect(redactUrl('/api/console/ws?ticket=abc123&x=1')).toBe(
      '/api/console/ws?ticket=[redacted]&x=1',
    );
    expect(redactUrl('/api/services/eseries?x=1&token=t')).toBe(
      '/api/services/eseries?x=1&token=[redacted]',
    );
  });
});

describe.each(databaseKinds())('request logs on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let logs = '';
  let token = '';
  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    app = await testApp(test.db, {
      config: testConfig({ LOG_LEVEL: 'trace' }),
      logStream: { write: (line) => void (logs += line) },
    });
    token = await signIn('acme@portal.test', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('never holds tokens, cookies, bodies or console tickets', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/services/eseries/1/snapshot',
      headers: { authorization: `Bearer ${token}`, cookie: 'session=cookie-secret-1' },
      payload: { snap_op: 'CreateSnapshot', name: 'body-secret-2' },
    });
    await app.inject({ method: 'GET', url: '/api/console/ws?ticket=ticket-secret-3' });
    expect(logs).toContain('/api/services/eseries/1/snapshot');
    expect(logs).toContain('/api/console/ws?ticket=[redacted]');
    for (const secret of [token, 'cookie-secret-1', 'body-secret-2', 'ticket-secret-3']) {
      expect(logs).not.toContain(secret);
    }
    for (const line of logs.trim().split('\n'))
      expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});
