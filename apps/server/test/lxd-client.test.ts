import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LxdClient, LxdError, type LxdEvent } from '../src/platform/lxd/client.ts';
import { lxdSentence } from '../src/platform/lxd/errors.ts';
import { localLxd, recordRunProject } from './helpers/lxd.ts';

const lxd = await localLxd('lxd client');
const project = `portal-test-client-${process.pid}`;
// Instance names are DNS names on the shared bridge, across projects: this process's own.
const c1 = `c1-${process.pid}`;

describe.runIf(lxd)('the LXD client against the local LXD', () => {
  const client = lxd as LxdClient;

  afterAll(async () => {
    await client.delete(`/1.0/instances/${c1}`, { project }).catch(() => undefined);
    await client.delete(`/1.0/projects/${project}`).catch(() => undefined);
    await client.close();
  });

  it('reads the server and answers LXD errors as LxdError with LXD own words', async () => {
    const server = await client.get<{ api_version: string }>('/1.0');
    expect(server.api_version).toBe('1.0');
    const missing = await client.get('/1.0/instances/no-such-thing').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(LxdError);
    expect((missing as LxdError).status).toBe(404);
    expect((missing as LxdError).lxdMessage).toMatch(/not found/i);
  });

  it('creates in a project, waits on operations and follows the events', async () => {
    recordRunProject(project);
    await client.post('/1.0/projects', {
      name: project,
      config: { 'features.images': 'false', 'features.profiles': 'false' },
    });
    const events: LxdEvent[] = [];
    const stop = new AbortController();
    const following = (async () => {
      for await (const event of client.events(['lifecycle'], stop.signal)) events.push(event);
    })();
    const created = await client.postWait(
      '/1.0/instances',
      { name: c1, source: { type: 'image', alias: 'portal-busybox' } },
      { project },
    );
    expect(created.status_code).toBe(200);
    await client.putWait(`/1.0/instances/${c1}/state`, { action: 'start' }, { project });
    const state = await client.get<{ status: string }>(`/1.0/instances/${c1}/state`, { project });
    expect(state.status).toBe('Running');
    await client.putWait(
      `/1.0/instances/${c1}/state`,
      { action: 'stop', force: true },
      { project },
    );
    const failed = await client
      .putWait(`/1.0/instances/${c1}/state`, { action: 'freeze' }, { project })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(LxdError);
    await expect
      .poll(() => events.some((e) => e.metadata.action === 'instance-stopped'))
      .toBe(true);
    stop.abort();
    await following;
    await client.deleteWait(`/1.0/instances/${c1}`, { project });
    expect(events.every((e) => e.type === 'lifecycle')).toBe(true);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(client.get('/1.0', { signal: controller.signal })).rejects.toThrow('stopped');
  });
});

describe('the LXD client when LXD is down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lxd-down-'));
  let silent: Server | undefined;
  const accepted: Socket[] = [];

  afterAll(async () => {
    for (const socket of accepted) socket.destroy();
    await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  it('says a missing instance is gone, but not while creating one (what is missing is not the VM)', () => {
    const missing = new LxdError(404, 'Instance not found');
    expect(lxdSentence(missing, 'start the virtual machine', 'LXD1')).toBe(
      'The virtual machine is no longer on the LXD server at LXD1.',
    );
    expect(
      lxdSentence(new LxdError(404, 'Network not found'), 'create the virtual machine', 'LXD1'),
    ).toBe('The LXD server at LXD1 could not create the virtual machine.');
  });

  it('answers a sentence at once when nothing listens on the socket', async () => {
    const client = new LxdClient({ socketPath: join(dir, 'none.socket') }, { timeoutMs: 1000 });
    const started = Date.now();
    const error = await client.get('/1.0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LxdError);
    expect((error as LxdError).status).toBe(0);
    expect(lxdSentence(error as LxdError, 'read the instance', 'LOCAL1')).toBe(
      'The LXD server at LOCAL1 does not answer right now. Try again in a few minutes.',
    );
    expect(Date.now() - started).toBeLessThan(3000);
    await client.close();
  });

  it('gives up within its timeout when the socket accepts and never answers', async () => {
    const path = join(dir, 'silent.socket');
    silent = createServer((socket) => accepted.push(socket));
    await new Promise<void>((resolve) => silent?.listen(path, resolve));
    const client = new LxdClient({ socketPath: path }, { timeoutMs: 500 });
    const started = Date.now();
    const error = await client.get('/1.0').catch((e: unknown) => e);
    expect((error as LxdError).status).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    await client.close();
  });
});

describe('the LXD client when LXD has forgotten an operation (it does five seconds after its end)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lxd-forgot-'));
  const socket = join(dir, 'lxd.socket');
  // A stand-in for a busy day: every operation is already forgotten when its end is asked for.
  const instances = new Map<string, string>([['web-1', 'Running']]);
  const server = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://lxd');
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const operation = () =>
      send(202, { type: 'async', status_code: 100, metadata: { id: 'op-1', class: 'task' } });
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const name = decodeURIComponent(url.pathname.split('/')[3] ?? '');
      if (url.pathname.startsWith('/1.0/operations/'))
        return send(404, { type: 'error', error_code: 404, error: 'Operation not found' });
      if (request.method === 'POST' && url.pathname === '/1.0/instances') {
        const body = JSON.parse(text) as { name: string };
        if (body.name !== 'lost') instances.set(body.name, 'Stopped');
        return operation();
      }
      if (request.method === 'PUT' && url.pathname.endsWith('/state')) return operation();
      if (request.method === 'DELETE') {
        if (name !== 'stuck') instances.delete(name);
        return operation();
      }
      const status = instances.get(name);
      if (!status)
        return send(404, { type: 'error', error_code: 404, error: 'Instance not found' });
      return send(200, { type: 'sync', status_code: 200, metadata: { name, status } });
    });
  });
  const client = new LxdClient({ socketPath: socket }, { timeoutMs: 2000 });

  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers by what the operation changed: made, gone, in the state asked for, or not', async () => {
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    instances.set('stuck', 'Running');
    await expect(
      client.postWait('/1.0/instances', { name: 'web-2', source: { type: 'image' } }),
    ).resolves.toMatchObject({ status_code: 200 });
    await expect(
      client.putWait('/1.0/instances/web-1/state', { action: 'start' }),
    ).resolves.toMatchObject({ status_code: 200 });
    await expect(client.deleteWait('/1.0/instances/web-2')).resolves.toMatchObject({
      status_code: 200,
    });
    // A call that did not expect an operation is judged the same way.
    instances.set('web-3', 'Stopped');
    await expect(client.delete('/1.0/instances/web-3')).resolves.toBeNull();
    // Not made, not in the state asked for, not gone: LXD's forgetting is no excuse for a success.
    // One at a time: each call's rejection is awaited as it comes, none is left unhandled.
    for (const call of [
      () => client.postWait('/1.0/instances', { name: 'lost', source: { type: 'image' } }),
      () => client.putWait('/1.0/instances/web-1/state', { action: 'stop' }),
      () => client.deleteWait('/1.0/instances/stuck'),
      () => client.delete('/1.0/instances/stuck'),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LxdError);
      expect((error as LxdError).status).toBe(500);
      expect((error as LxdError).lxdMessage).toMatch(/forgot it before its outcome was read/);
    }
  });
});
