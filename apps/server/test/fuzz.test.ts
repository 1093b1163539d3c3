// A bounded, table-driven fuzz test over every operation of the published OpenAPI document:
// bad and edge inputs (wrong types, missing fields, huge, negative and fractional numbers, long
// strings, NUL, lone surrogates, prototype keys, unknown enum values, empty or malformed bodies,
// wrong content types, odd path parameters), as a customer operator and as a viewer. Any 5xx
// fails the test with the request that caused it. Deterministic: one seeded generator, requests
// in a fixed order (FUZZ_SEED picks another sequence). Only the HTTP surface is used.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { memoryIdentityAdmin, testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
/** Requests per operation: more where there is a body to get wrong. */
const PER_OPERATION = { withBody: 120, withoutBody: 45 };
const UNLIMITED = '1000000';

/**
 * Where a path parameter's real values are found in replies when no list sits right above it
 * in the path: `nat.id` is an `id` inside a `nat` array.
 */
const ALIASES: Record<string, string[]> = {
  natId: ['nat.id'],
  ruleId: ['firewall_rules.id'],
  vlanId: ['adapters.vlan_id', 'vlan_id'],
  id: ['data.id'],
  cluster_name: ['cluster'],
};
type Who = 'operator' | 'viewer' | 'administrator' | 'provider';
const CALLERS: readonly Who[] = ['operator', 'viewer', 'administrator', 'provider'];

/**
 * Whom an operation is for, so that its valid inputs can get through: the built-in
 * administrator's routes, the provider's monitor creation, a customer's operator otherwise.
 */
/** The administrator's changes, which can lock the fuzzer's own callers out. */
const locksOut = (method: Method, path: string) =>
  method !== 'GET' && path.startsWith('/api/admin/');

function ownerOf(method: Method, path: string): Who {
  if (path.startsWith('/api/admin/')) return 'administrator';
  if (method === 'POST' && path === '/api/services/monitoring') return 'provider';
  return 'operator';
}

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Values the contract gives as examples (the only ones some inputs accept, e.g. a CSV file). */
  examples?: Json[];
  /** OpenAPI 3.0's form of the first of them. */
  example?: Json;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema } | undefined> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** mulberry32: small, fast and good enough to pick test inputs. */
class Rng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.#state ^ (this.#state >>> 15), 1 | this.#state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

// Written into JSON text as they are (numbers JSON.stringify cannot keep, prototype keys).
const RAW = '__fuzz_raw__';
const raw = (text: string) => `${RAW}${text}`;
const toJsonText = (value: Json) =>
  JSON.stringify(value).replace(new RegExp(`"${RAW}((?:[^"\\\\]|\\\\.)*)"`, 'g'), (_, text) =>
    String(JSON.parse(`"${String(text)}"`)),
  );

const LONG = 'x'.repeat(70_000);
const BAD_ANY: Json[] = [null, true, [], {}, '', 'a\u0000b', '\ud800', 'x\udc00y', LONG, 0];
const BAD_INTEGER: Json[] = [
  0,
  -1,
  -0.5,
  1.5,
  2147483648,
  -2147483649,
  raw('9007199254740993'),
  raw('123456789012345678901234567890'),
  1e308,
  -1e308,
  raw('1e400'),
  '1',
  '1.5',
  'NaN',
];
const BAD_STRING: Json[] = [
  123,
  'not-an-enum',
  LONG,
  '\u0000',
  'a\u0000',
  '\ud800',
  '\udfff\ud800',
  '💥'.repeat(200),
  ' ',
  '\u202e\u0007',
  '../../etc/passwd',
  "'; drop table users; --",
  '%00',
  '__proto__',
];
const BAD_BOOLEAN: Json[] = ['true', 1, 0, 'yes'];
// Path segments as they appear in a URL (already encoded where needed).
const ODD_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '00001',
  '9007199254740993',
  '99999999999999999999999999',
  'abc',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%C0%AF',
  '%uD800',
  '%F0%9F%92%A5',
  '..',
  '%2E%2E%2F',
  '%2F',
  '%20',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
  '%27%3B--',
  'UZZ100001',
  'acme%40portal.test',
  '%E2%80%AE',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
  'application/json, text/plain',
  'application/octet-stream',
  '',
];
const RAW_BODIES = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a":"${'y'.repeat(1_200_000)}"}`,
  '\ufeff{}',
];

describe.each(databaseKinds())('fuzzing every operation on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let doc: OpenApi;
  const logs: string[] = [];
  const tokens: Record<Who, string> = { operator: '', viewer: '', administrator: '', provider: '' };
  /**
   * Values each caller saw in replies (real ids, locations, plans, …): by property name, by
   * `parent.name`, and by `listPath|name` for the items of a list operation.
   */
  const seenBy: Record<Who, Map<string, Json[]>> = {
    operator: new Map(),
    viewer: new Map(),
    administrator: new Map(),
    provider: new Map(),
  };
  /** The caller whose values the generator uses now. */
  let observed = seenBy.operator;

  // Migrations, the demo data and two rounds of every read as four callers: a minute when busy.
  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    app = await testApp(test.db, {
      identityAdmin: memoryIdentityAdmin(),
      config: testConfig({
        LOG_LEVEL: 'error',
        SIMULATOR_SPEED: '1000',
        TASK_POLL_MS: '20',
        RATE_LIMIT_READS_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_MUTATIONS_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_CONSOLE_PER_MINUTE: UNLIMITED,
      }),
      logStream: { write: (line) => logs.push(line) },
    });
    tokens.operator = await signIn('acme@portal.test', DEMO_PASSWORD);
    tokens.viewer = await signIn('globex@portal.test', DEMO_PASSWORD);
    tokens.administrator = await signIn('admin@portal.test', DEMO_PASSWORD);
    tokens.provider = await signIn('provider@portal.test', DEMO_PASSWORD);
    const reply = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    doc = reply.json<OpenApi>();
    // Learn real values from the read operations, twice: the second round can fill path
    // parameters (VM ids, service ids) learnt in the first.
    for (let round = 0; round < 2; round++) {
      for (const { method, path, operation } of operations()) {
        if (method !== 'GET') continue;
        for (const who of CALLERS) {
          observed = seenBy[who];
          const url = fillPath(path, operation, new Rng(round), () => null);
          if (!url) continue;
          const answer = await app.inject({ method, url, headers: bearer(tokens[who]) });
          // JSON replies only (the CSV exports teach nothing).
          if (answer.statusCode === 200 && answer.body.startsWith('{'))
            observe(answer.json<Json>(), path);
        }
      }
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  function operations() {
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        operation,
      })),
    );
  }

  function observe(value: Json, scope: string, key = '', parent = ''): void {
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 50)) observe(item, scope, key, parent);
    } else if (value !== null && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) observe(child, scope, name, key);
    } else if (key && value !== null) {
      const names = [key, `${parent}.${key}`, ...(parent === 'data' ? [`${scope}|${key}`] : [])];
      for (const name of names) {
        const seen = observed.get(name) ?? [];
        if (seen.length < 20 && !seen.includes(value)) seen.push(value);
        observed.set(name, seen);
      }
    }
  }

  const resolve = (schema: Schema): Schema => {
    const name = schema.$ref?.split('/').at(-1);
    const target = name ? doc.components?.schemas?.[name] : undefined;
    return target ? resolve(target) : schema;
  };
  const typeOf = (schema: Schema): string | undefined =>
    Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

  function fits(schema: Schema, value: Json): boolean {
    const type = typeOf(schema);
    if (schema.enum) return schema.enum.includes(value);
    if (type === 'integer' || type === 'number') {
      return (
        typeof value === 'number' &&
        (type === 'number' || Number.isInteger(value)) &&
        value >= (schema.minimum ?? -Infinity) &&
        value <= (schema.maximum ?? Infinity)
      );
    }
    if (type === 'string') {
      return (
        typeof value === 'string' &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Infinity) &&
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(value))
      );
    }
    return false;
  }

  /** A value the schema accepts, preferring real ones seen under the same name. */
  function valid(input: Schema, rng: Rng, name: string, aliases: readonly string[] = []): Json {
    const schema = resolve(input);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) return valid(rng.pick(variants), rng, name);
    if (schema.const !== undefined) return schema.const as Json;
    const seen = [name, ...aliases].flatMap((key) =>
      (observed.get(key) ?? []).filter((value) => fits(schema, value)),
    );
    if (seen.length > 0 && rng.chance(0.85)) return rng.pick(seen);
    const examples = schema.examples ?? (schema.example === undefined ? [] : [schema.example]);
    if (examples.length > 0 && rng.chance(0.85)) return rng.pick(examples);
    if (schema.enum) return rng.pick(schema.enum) as Json;
    switch (typeOf(schema)) {
      case 'integer':
      case 'number': {
        const low = schema.minimum ?? 1;
        const high = Math.min(schema.maximum ?? low + 100, low + 100);
        const value = low + rng.int(high - low + 1);
        const step = schema.multipleOf;
        return step ? Math.min(Math.ceil(value / step) * step, schema.maximum ?? Infinity) : value;
      }
      case 'boolean':
        return rng.chance(0.5);
      case 'string': {
        const candidates = [
          'fuzz-1',
          'UZZ100001',
          '10.0.0.0/24',
          '22',
          'acme@portal.test',
          'Fuzz',
          'x'.repeat(schema.minLength ?? 1),
        ];
        return candidates.find((candidate) => fits(schema, candidate)) ?? 'fuzz';
      }
      case 'array': {
        const count = (schema.minItems ?? 0) + rng.int(2);
        const items = schema.items ?? {};
        return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, () =>
          valid(items, rng, name),
        );
      }
      case 'object':
      default: {
        const result: Record<string, Json> = {};
        for (const [key, child] of Object.entries(schema.properties ?? {})) {
          if (schema.required?.includes(key) || rng.chance(0.5))
            result[key] = valid(child, rng, key, ALIASES[key]);
        }
        return result;
      }
    }
  }

  /** A value the schema should refuse (or an edge it should survive). */
  function bad(input: Schema, rng: Rng): Json {
    const schema = resolve(input);
    const type = typeOf(schema);
    if (rng.chance(0.2)) return rng.pick(BAD_ANY);
    if (schema.enum && rng.chance(0.6)) {
      const known = String(rng.pick(schema.enum));
      return rng.pick(['not-an-enum', known.toUpperCase(), `${known} `, known.slice(1), 7]);
    }
    switch (type) {
      case 'integer':
      case 'number':
        return rng.pick(BAD_INTEGER);
      case 'string':
        return rng.pick(BAD_STRING);
      case 'boolean':
        return rng.pick(BAD_BOOLEAN);
      case 'array':
        return rng.pick<Json>([{}, 'x', [null], Array.from({ length: 2000 }, () => 1)]);
      default:
        return rng.pick<Json>([[], 'x', 1, { unexpected: 1 }]);
    }
  }

  /** The URL with every path parameter filled; null when a value is needed but unknown. */
  function fillPath(
    path: string,
    operation: Operation,
    rng: Rng,
    odd: (name: string) => string | null,
  ): string | null {
    let missing = false;
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const replaced = odd(name);
      if (replaced !== null) return replaced;
      const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
      // The list right above the parameter names its values (`/eseries` for `/eseries/{id}`).
      const list = path.slice(0, path.indexOf(`/{${name}}`));
      const aliases = [`${list}|id`, `${list}|${name}`, ...(ALIASES[name] ?? [])];
      if (name === 'id' && /task/.test(path)) aliases.unshift('task_id');
      // Lists whose items are named by a uuid (backup tenants) answer it as `uuid`.
      if (name === 'id') aliases.push(`${list}|uuid`);
      const known = aliases.some((key) => observed.has(key));
      if (!parameter || (!known && !parameter.schema.pattern)) missing = true;
      const value = parameter ? valid(parameter.schema, rng, name, aliases) : '1';
      return encodeURIComponent(String(value));
    });
    return missing ? null : url;
  }

  /** A mutated copy of `value`: one node replaced, removed, or given an extra key. */
  function mutate(value: Json, schema: Schema, rng: Rng): Json {
    const resolved = resolve(schema);
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    const entries = isObject ? Object.entries(value) : [];
    // Go deeper half of the time, while there is somewhere to go.
    if (entries.length > 0 && rng.chance(0.55)) {
      const [key, child] = rng.pick(entries);
      const childSchema = resolved.properties?.[key] ?? {};
      return { ...(value as Record<string, Json>), [key]: mutate(child, childSchema, rng) };
    }
    if (Array.isArray(value) && value.length > 0 && rng.chance(0.5)) {
      const index = rng.int(value.length);
      const copy = [...value];
      copy[index] = mutate(value[index] ?? null, resolved.items ?? {}, rng);
      return copy;
    }
    const roll = rng.int(10);
    if (isObject && roll === 0 && entries.length > 0) {
      const copy = { ...(value as Record<string, Json>) };
      delete copy[rng.pick(entries)[0]];
      return copy;
    }
    if (isObject && roll === 1) {
      const key = rng.pick(['__proto__', 'constructor', 'prototype', 'unknown_field', '\u0000']);
      return { ...(value as Record<string, Json>), [raw(JSON.stringify(key))]: { admin: true } };
    }
    return bad(resolved, rng);
  }

  /** One generated request for the operation; `n` chooses its kind, cycling through them. */
  function request(
    method: Method,
    path: string,
    operation: Operation,
    rng: Rng,
    n: number,
  ): InjectOptions | null {
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
    const queryParameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
    const kinds = [
      'valid',
      ...(pathNames.length > 0 ? ['path', 'path'] : []),
      'query',
      ...(bodySchema ? ['body', 'body', 'body', 'body', 'raw'] : ['raw']),
      'auth',
    ];
    const kind = kinds[n % kinds.length] ?? 'valid';
    // A viewer's changes stop at the permission check, before validation: mostly the one the
    // operation is for.
    const who: Who = rng.chance(method === 'GET' ? 0.5 : 0.8) ? ownerOf(method, path) : 'viewer';
    observed = seenBy[who];
    const oddName = kind === 'path' ? rng.pick(pathNames) : null;
    const url = fillPath(path, operation, rng, (name) =>
      name === oddName ? rng.pick(ODD_SEGMENTS) : null,
    );
    if (!url) return null;

    const query = new URLSearchParams();
    for (const parameter of queryParameters) {
      if (!parameter.required && rng.chance(0.5)) continue;
      const value = valid(parameter.schema, rng, parameter.name);
      for (const each of Array.isArray(value) ? value : [value]) {
        query.append(parameter.name, String(each));
      }
    }
    if (kind === 'query') {
      const parameter = queryParameters.length > 0 ? rng.pick(queryParameters) : null;
      const name = parameter && rng.chance(0.8) ? parameter.name : rng.pick(['__proto__', 'x']);
      const roll = rng.int(4);
      if (roll === 0) query.delete(name);
      else if (roll === 1) query.append(name, String(bad(parameter?.schema ?? {}, rng)));
      else query.set(name, String(bad(parameter?.schema ?? {}, rng)));
      if (rng.chance(0.2)) query.append('constructor[prototype][admin]', 'true');
    }
    const search = query.toString();
    const headers: Record<string, string> = {
      ...bearer(tokens[who]),
    };
    if (kind === 'auth') {
      headers.authorization = rng.pick([
        '',
        'Bearer',
        'Bearer a.b.c',
        `Bearer ${tokens.operator}x`,
        `Basic ${tokens.viewer}`,
        `Bearer ${'a'.repeat(9000)}`,
        'Bearer \u00ff\u00fe',
      ]);
    }
    const options: InjectOptions = { method, url: search ? `${url}?${search}` : url, headers };
    if (kind === 'raw') {
      headers['content-type'] = rng.chance(0.5) ? rng.pick(CONTENT_TYPES) : 'application/json';
      options.payload = rng.pick(RAW_BODIES);
    } else if (bodySchema) {
      const body = valid(bodySchema, rng, '');
      headers['content-type'] = 'application/json';
      options.payload = toJsonText(kind === 'body' ? mutate(body, bodySchema, rng) : body);
    }
    return options;
  }

  it('answers no 5xx to bad and edge inputs', async () => {
    const rng = new Rng(SEED);
    const failures: string[] = [];
    let sent = 0;
    const statuses: Record<string, Record<string, number>> = {};
    const started = performance.now();
    // Changes first, so that the reads find the tasks, snapshots and rules they made; deleting a
    // whole resource (`DELETE …/{id}` of a collection or a sub-collection) last, so it does not
    // take the real ids away from every other operation.
    // The administrator's changes come after everything: they can disable, re-role or require a
    // second factor of the very callers the fuzzer uses.
    const rank = ({ method, path }: { method: Method; path: string }) =>
      locksOut(method, path)
        ? 3
        : method === 'DELETE' && /^\/api\/services\/[\w-]+(?:\/[a-z-]+)?\/\{id\}$/.test(path)
          ? 2
          : Number(method === 'GET');
    const changesFirst = operations().sort((a, b) => rank(a) - rank(b));
    for (const { method, path, operation } of changesFirst) {
      const count = operation.requestBody ? PER_OPERATION.withBody : PER_OPERATION.withoutBody;
      for (let n = 0; n < count; n++) {
        const options = request(method, path, operation, rng, n);
        if (!options) continue;
        const logged = logs.length;
        sent++;
        const reply = await app.inject(options).catch((error: unknown) => error);
        const status =
          reply instanceof Error ? 'threw' : (reply as { statusCode: number }).statusCode;
        // Learn from successes too: task ids of queued changes, new snapshots, rules.
        if (typeof status === 'number' && status < 300 && !(reply instanceof Error)) {
          const text = (reply as { body: string }).body;
          if (text.startsWith('{')) observe(JSON.parse(text) as Json, path);
        }
        const counts = (statuses[`${method} ${path}`] ??= {});
        counts[String(status)] = (counts[String(status)] ?? 0) + 1;
        if (status !== 'threw' && status < 500) continue;
        const payload = typeof options.payload === 'string' ? options.payload : '';
        const stacks = logs
          .slice(logged)
          .map((line) => (JSON.parse(line) as { err?: { stack?: string } }).err?.stack)
          .filter(Boolean);
        failures.push(
          [
            `${String(status)} ${method} ${options.url?.toString().slice(0, 300)}`,
            `  content-type: ${String((options.headers as Record<string, string>)['content-type'] ?? '')}`,
            `  body: ${payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload}`,
            ...stacks.map((stack) => `  ${String(stack).split('\n').slice(0, 6).join('\n  ')}`),
          ].join('\n'),
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz (${test.db.kind}, seed ${SEED}): ${sent} requests over ${operations().length} operations in ${seconds.toFixed(1)} s`,
    );
    expect(sent).toBeGreaterThan(operations().length * 35);
    // The inputs must also get through: nine operations in ten answered a success at least once
    // (some only succeed for another caller or with ids the fuzzer cannot guess; they are listed).
    // (The administrator's changes are not held to it: once one has locked a caller out, the
    // next may not get through; admin.test makes each of them succeed.)
    const neverSucceeded = Object.entries(statuses)
      .filter(([operation]) => {
        const [method, path] = operation.split(' ') as [Method, string];
        return !locksOut(method, path);
      })
      .filter(([, counts]) => !Object.keys(counts).some((status) => status.startsWith('2')))
      .map(([operation, counts]) => `${operation} ${JSON.stringify(counts)}`);
    // One in eight: since bodies have per-route limits and a media type (ADR 020), some of the
    // random budget goes to 413 and 415 answers instead of reaching the handler.
    expect(neverSucceeded.length, neverSucceeded.join('\n')).toBeLessThanOrEqual(
      Math.ceil(operations().length / 8),
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
    // About 10,000 requests: half a minute to a minute on a quiet machine, seven and a half with
    // fifteen processes queued on two cores (measured): it gets a quarter of an hour.
  }, 900_000);
});
