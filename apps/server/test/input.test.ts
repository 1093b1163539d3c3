import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer } from './helpers/identity.ts';

const UNSTORABLE = 'must not contain NUL characters or unpaired surrogates';

const RULE = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '22',
  source: '203.0.113.0/24',
  destination: '0.0.0.0/0',
  action: 'allow',
  description: 'SSH from the office',
};

describe.each(databaseKinds())('unsafe input on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let vm = 0;
  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    const list = await fx.call('acme', 'GET', '/services/eseries');
    const vms = list.json<{ data: { id: number; display_name: string }[] }>().data;
    vm = vms.find((each) => each.display_name === 'acme-db-01')?.id ?? 0;
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  /** Sends `payload` as the exact JSON text given. */
  const raw = (method: 'POST' | 'PATCH', url: string, payload: string) =>
    fx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(fx.tokens.acme), 'content-type': 'application/json' },
      payload,
    });

  it('finds its VM', () => {
    expect(vm).toBeGreaterThan(0);
  });

  it.each([
    ['a NUL in a snapshot name', { snap_op: 'CreateSnapshot', name: 'nightly\u0000' }, 'name'],
    [
      'a lone surrogate in a snapshot description',
      { snap_op: 'CreateSnapshot', name: 'nightly', description: 'half \uD83D of an emoji' },
      'description',
    ],
    [
      'a lone low surrogate in a snapshot description',
      { snap_op: 'CreateSnapshot', name: 'nightly', description: '\uDE00' },
      'description',
    ],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    // JSON.stringify writes lone surrogates as \u escapes, as a client would.
    const reply = await raw('POST', `/services/eseries/${vm}/snapshot`, JSON.stringify(body));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: `${field}: ${UNSTORABLE}`, field });
  });

  it('accepts a well-formed emoji in a snapshot description', async () => {
    const body = { snap_op: 'CreateSnapshot', name: 'nightly', description: 'all good 😀' };
    const reply = await raw('POST', `/services/eseries/${vm}/snapshot`, JSON.stringify(body));
    expect(reply.statusCode).toBe(202);
  });

  it('refuses a NUL in a firewall rule description', async () => {
    const body = { ...RULE, description: 'ssh\u0000' };
    const reply = await raw('POST', `/services/eseries/${vm}/firewall_rule`, JSON.stringify(body));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: `description: ${UNSTORABLE}`, field: 'description' });
  });

  it('refuses a NUL in a nested media_key', async () => {
    const body = { operation: 'attach', data: { media_key: 'iso/\u0000ubuntu' } };
    const reply = await raw('PATCH', `/services/eseries/${vm}/boot_cdrom`, JSON.stringify(body));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: `data.media_key: ${UNSTORABLE}`,
      field: 'data.media_key',
    });
  });

  it('refuses a NUL in a path parameter', async () => {
    const reply = await fx.call('acme', 'GET', '/services/user/acme%00@portal.test');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: `email: ${UNSTORABLE}`, field: 'email' });
  });

  it('refuses a NUL in a query string', async () => {
    const reply = await fx.call('acme', 'GET', '/services/eseries?detail_fields=nat%00');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: `detail_fields: ${UNSTORABLE}`,
      field: 'detail_fields',
    });
  });

  it.each([
    ['__proto__', '{"snap_op":"CreateSnapshot","name":"x","__proto__":{"admin":true}}'],
    ['constructor', '{"snap_op":"CreateSnapshot","constructor":{"prototype":{"admin":true}}}'],
  ])('refuses a %s key with 400 naming it', async (key, payload) => {
    const reply = await raw('POST', `/services/eseries/${vm}/snapshot`, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: `${key}: is not an allowed key`, field: key });
  });

  it('names a nested __proto__ key by its path', async () => {
    const payload = '{"operation":"attach","data":{"__proto__":{"media_key":"x"}}}';
    const reply = await raw('PATCH', `/services/eseries/${vm}/boot_cdrom`, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: 'data.__proto__: is not an allowed key',
      field: 'data.__proto__',
    });
  });

  it('still calls broken JSON broken', async () => {
    const reply = await raw('POST', `/services/eseries/${vm}/snapshot`, '{"snap_op":');
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(/^Body is not valid JSON/);
  });
});
