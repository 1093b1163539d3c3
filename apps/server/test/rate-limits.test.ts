import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { bearer } from './helpers/identity.ts';

const LIMITS = {
  RATE_LIMIT_READS_PER_MINUTE: '5',
  RATE_LIMIT_MUTATIONS_PER_MINUTE: '3',
  RATE_LIMIT_CONSOLE_PER_MINUTE: '2',
};

describe.each(databaseKinds())('rate limits on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let vm = 0;
  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test, LIMITS);
    const [row] = await test.db.query<{ id: number }>(
      "select id from vms where display_name = 'acme-db-01'",
    );
    vm = row?.id ?? 0;
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  const statuses = async (n: number, send: () => Promise<{ statusCode: number }>) => {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await send()).statusCode);
    return result;
  };

  it('answers 429 with Retry-After and a sentence once a user has used up the reads', async () => {
    expect(vm).toBeGreaterThan(0);
    const read = () => fx.call('acme', 'GET', `/services/eseries/${vm}`);
    expect(await statuses(5, read)).toEqual([200, 200, 200, 200, 200]);
    const reply = await read();
    expect(reply.statusCode).toBe(429);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(reply.json()).toEqual({
      message: expect.stringMatching(/^Too many requests in a minute\. Try again in \d+ \w+\.$/),
    });
    // Another user of the same address has a budget of their own.
    expect((await fx.call('globex', 'GET', '/services/eseries')).statusCode).toBe(200);
  });

  it('keeps changes and console tickets in budgets of their own', async () => {
    const change = () => fx.call('acme', 'POST', `/services/eseries/${vm}`);
    expect(await statuses(3, change)).toEqual([202, 202, 202]);
    const refused = await change();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many changes in a minute/);

    const ticket = () => fx.call('acme', 'GET', `/services/eseries/${vm}/console`);
    const tickets = await statuses(3, ticket);
    expect(tickets.slice(0, 2)).not.toContain(429);
    expect(tickets[2]).toBe(429);
    expect((await ticket()).json<{ message: string }>().message).toMatch(
      /^Too many console sessions in a minute/,
    );
  });

  it('counts by address where nobody is signed in', async () => {
    const health = (remoteAddress: string) =>
      fx.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
    expect(await statuses(5, () => health('192.0.2.1'))).toEqual([200, 200, 200, 200, 200]);
    expect((await health('192.0.2.1')).statusCode).toBe(429);
    expect((await health('192.0.2.2')).statusCode).toBe(200);
  });

  it('shares one budget between two servers on the same database', async () => {
    const other = await testApp(await test.openAnother(), { config: testConfig(LIMITS) });
    try {
      await other.ready();
      // Reads of a user not counted yet, sent to the two servers by turns.
      let turn = 0;
      const read = () =>
        (turn++ % 2 === 0 ? fx.app : other).inject({
          method: 'GET',
          url: '/api/services/eseries',
          headers: bearer(fx.tokens.internal),
        });
      expect(await statuses(5, read)).toEqual([200, 200, 200, 200, 200]);
      // Each server has seen only two or three of them, and both refuse the next.
      expect(await statuses(2, read)).toEqual([429, 429]);
      // Counted in one row of the database: seven hits.
      const rows = await test.db.query<{ hits: number }>(
        "select hits from rate_limit_windows where key like 'reads|uid:%'",
      );
      expect(rows.map((row) => row.hits)).toContain(7);
    } finally {
      await other.close();
    }
  });
});
