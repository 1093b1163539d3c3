import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const DESCRIPTION = [
  'The API the portal calls. Every call needs a Firebase ID token as a bearer token unless marked otherwise; successful replies carry their payload in `data`, errors a sentence in `message`.',
  '',
  'Some paths are fixed by the specification the portal implements and kept as they are, even where they read oddly beside one another: `/services/eseries/task_status/{id}` sits beside `/services/eseries/{id}/metrics` (a VM id is a whole number, so `task_status` never names a VM).',
].join('\n');

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operation id from the method and the route path, without the `/api` prefix:
 * `GET /api/services/eseries/:id` → `getServicesEseriesId`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split(/[/_\-:{}.]+/)
    .filter(Boolean)
    .map(capitalize);
  return `${method.toLowerCase()}${words.join('')}`;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * OpenAPI 3.0 schemas have no tuples: `items: [a, b]` with `additionalItems` (or `prefixItems`)
 * become `items: { anyOf: [a, b] }`, keeping the length through minItems and maxItems.
 */
function withoutTuples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTuples);
  if (!isObject(value)) return value;
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) result[key] = withoutTuples(child);
  const tuple = Array.isArray(result.items)
    ? result.items
    : Array.isArray(result.prefixItems)
      ? result.prefixItems
      : null;
  if (tuple) {
    delete result.prefixItems;
    delete result.additionalItems;
    const distinct = tuple.filter(
      (schema, index) =>
        tuple.findIndex((other) => JSON.stringify(other) === JSON.stringify(schema)) === index,
    );
    result.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
    result.minItems ??= tuple.length;
    result.maxItems ??= tuple.length;
  } else if ('additionalItems' in result) {
    delete result.additionalItems;
  }
  return result;
}

/** Every operation gets an id (its own, or one from method and path), unique in the document. */
function withOperationIds(paths: unknown): unknown {
  if (!isObject(paths)) return paths;
  const used = new Set<string>();
  const result: Json = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) {
      result[path] = item;
      continue;
    }
    const operations: Json = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isObject(operation)) {
        operations[method] = operation;
        continue;
      }
      const base =
        typeof operation.operationId === 'string'
          ? operation.operationId
          : operationIdOf(method, path);
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}${n}`;
      used.add(id);
      operations[method] = { ...operation, operationId: id };
    }
    result[path] = operations;
  }
  return result;
}

/**
 * Collects every route's schema (all from the shared contract) into an OpenAPI 3 document,
 * served at `GET /api/openapi.json` by the routes. Register before any route. The document is
 * made to pass Redocly's recommended rules (checked in test/openapi.test.ts) for every route,
 * present and future: a server, operation ids, no tuple keywords.
 */
const openapiPlugin: FastifyPluginAsync<{ version: string }> = async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Cloud portal API', description: DESCRIPTION, version },
      servers: [{ url: '/', description: 'The server that publishes this document' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // Contract schemas with an $id become components under that name (CurrentUser, …).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const doc = documentObject.openapiObject;
      const cleaned = withoutTuples(doc);
      if (!isObject(cleaned)) return doc;
      return { ...cleaned, paths: withOperationIds(cleaned.paths) } as typeof doc;
    },
  });
};

export default fp(openapiPlugin, { name: 'openapi', fastify: '5.x' });
