import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { testApp } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

interface OpenApiDocument {
  servers?: { url: string }[];
  info: { description: string };
  paths: Record<string, Record<string, { operationId?: string }>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

describe.each(databaseKinds())('the published OpenAPI document on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let text = '';
  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    app = await testApp(test.db);
    const reply = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    text = reply.body;
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it("passes Redocly's recommended rules without an error", async () => {
    // Offline: the document has no external references to fetch.
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map(
        (problem) =>
          `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`,
      );
    expect(errors).toEqual([]);
  });

  it('names its server, and has no tuple keywords OpenAPI 3.0 does not know', () => {
    const doc = JSON.parse(text) as OpenApiDocument;
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(text).not.toContain('"additionalItems"');
    expect(text).not.toContain('"prefixItems"');
  });

  it('gives every operation a unique id, derived from its method and path', () => {
    const doc = JSON.parse(text) as OpenApiDocument;
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([, operation]) => operation.operationId),
    );
    expect(ids).not.toContain(undefined);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/services/eseries/{id}']?.get?.operationId).toBe('getServicesEseriesId');
    expect(doc.paths['/api/services/eseries/{id}/vlan/{vlanId}']?.put?.operationId).toBe(
      'putServicesEseriesIdVlanVlanId',
    );
  });

  it('explains the paths the specification fixes', () => {
    const doc = JSON.parse(text) as OpenApiDocument;
    expect(doc.info.description).toContain('/services/eseries/task_status/{id}');
    expect(doc.info.description).toContain('/services/eseries/{id}/metrics');
  });
});
