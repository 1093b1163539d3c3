import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../src/db/demo.ts';
import { migrate } from '../../src/db/migrate.ts';
import { testApp, testConfig } from './app.ts';
import type { TestDatabase } from './databases.ts';
import type { SiteConfig } from '../../src/platform/sites.ts';
import { bearer, signIn } from './identity.ts';

/** Fast enough for tests: a 12 s creation takes 12 ms. */
export const FAST = { SIMULATOR_SPEED: '1000', TASK_POLL_MS: '20' };

export type Who = 'acme' | 'globex' | 'poc' | 'internal';

export interface ComputeFixture {
  app: FastifyInstance;
  tokens: Record<Who, string>;
  call(
    who: Who | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Polls a task until it ends; returns its final state and message. */
  waitTask(who: Who, taskId: number, ms?: number): Promise<{ state: string; message: string }>;
  close(): Promise<void>;
}

/** A migrated, demo-seeded database and a server on it with the simulator at test speed. */
export async function computeFixture(
  test: TestDatabase,
  env: Record<string, string> = {},
  { sites }: { sites?: readonly SiteConfig[] } = {},
): Promise<ComputeFixture> {
  await migrate(test.db);
  await seedDemoData(test.db);
  const app = await testApp(test.db, {
    config: testConfig({ ...FAST, ...env }),
    ...(sites ? { sites } : {}),
  });
  await app.ready();
  const tokens: Record<Who, string> = { acme: '', globex: '', poc: '', internal: '' };
  await Promise.all(
    (Object.keys(tokens) as Who[]).map(async (who) => {
      tokens[who] = await signIn(`${who}@portal.test`, DEMO_PASSWORD);
    }),
  );
  const call: ComputeFixture['call'] = (who, method, url, body) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: who ? bearer(tokens[who]) : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const waitTask = async (who: Who, taskId: number, ms = 15_000) => {
    const deadline = Date.now() + ms;
    // Quick at first, then every 250 ms: a task on a slow LXD runs for a minute, and polling it
    // every 15 ms would spend the user's 600 reads a minute (429) before it ends.
    for (let pause = 15; ; pause = Math.min(pause * 1.5, 250)) {
      const reply = await call(who, 'GET', `/services/task/${taskId}`);
      expect(reply.statusCode).toBe(200);
      const data = reply.json<{ data: { state: string; message: string } }>().data;
      if (data.state === 'SUCCESS' || data.state === 'FAILURE') return data;
      if (Date.now() > deadline) throw new Error(`task ${taskId} still ${data.state}`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };
  return { app, tokens, call, waitTask, close: () => app.close() };
}
