import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, type HttpError } from '../errors.ts';

/** Keys that could reach an object's prototype when a body is merged into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL, or a UTF-16 surrogate without its other half: text PostgreSQL cannot store. */
const UNSTORABLE = { test: (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text) };

export const UNSTORABLE_REASON = 'must not contain NUL characters or unpaired surrogates';
export const FORBIDDEN_KEY_REASON = 'is not an allowed key';

/** Objects and arrays nested in one another; no contract comes near it. */
export const MAX_DEPTH = 32;
/** Values (objects, arrays, members and items) in one input; 5,000 recipients need about 25,000. */
export const MAX_VALUES = 50_000;
export const TOO_DEEP_REASON = `must not nest objects or arrays more than ${MAX_DEPTH} deep`;
export const TOO_MANY_REASON = `must not hold more than ${MAX_VALUES.toLocaleString('en')} values`;

/** A body's size limit, unless its route sets another (`bodyLimit`). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * The body limit of a route whose body is mostly text of at most `characters` characters: three
 * bytes each (any character of the Basic Multilingual Plane in UTF-8), plus room for the rest.
 */
export const textBodyLimit = (characters: number) => characters * 3 + DEFAULT_BODY_LIMIT;

/**
 * Depth and number of values of JSON text, read once before it is parsed, so that a body
 * nested 100,000 deep or holding a million values is refused without building it. Stops at the
 * first cap passed. Commas and openings count the values; text inside strings is skipped.
 */
export function measureJson(text: string): HttpError | null {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      values++;
      if (depth > MAX_DEPTH) return badRequest(`body: ${TOO_DEEP_REASON}`, 'body');
      if (values > MAX_VALUES) return badRequest(`body: ${TOO_MANY_REASON}`, 'body');
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    } else if (code === 0x2c) {
      values++;
      if (values > MAX_VALUES) return badRequest(`body: ${TOO_MANY_REASON}`, 'body');
    }
  }
  return null;
}

/** A value met on the walk, with how to name it: its key and its parent's entry. */
interface Entry {
  value: unknown;
  key: string | number | null;
  parent: Entry | null;
  depth: number;
}

/** The field's dotted path, built only when a problem is reported. */
function fieldOf(entry: Entry, fallback: string): string {
  const keys: string[] = [];
  for (let at: Entry | null = entry; at; at = at.parent)
    if (at.key !== null) keys.push(String(at.key));
  return keys.length > 0 ? keys.reverse().join('.') : fallback;
}

/**
 * The first problem in a parsed input, as a 400 naming the field: a forbidden key (bodies), a
 * key or string PostgreSQL cannot store, or nesting and size past the caps (naming `context`).
 * Walks iteratively, each value once, so its time is linear in the input.
 */
export function findUnsafeInput(
  input: unknown,
  { context, keys }: { context: string; keys: boolean },
): HttpError | null {
  const stack: Entry[] = [{ value: input, key: null, parent: null, depth: 0 }];
  let values = 0;
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value, depth } = entry;
    if (++values > MAX_VALUES) return badRequest(`${context}: ${TOO_MANY_REASON}`, context);
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) {
        const field = fieldOf(entry, context);
        return badRequest(`${field}: ${UNSTORABLE_REASON}`, field);
      }
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_DEPTH) return badRequest(`${context}: ${TOO_DEEP_REASON}`, context);
      // Pushed last first, so that the first problem in reading order is the one named.
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index--)
          stack.push({ value: value[index], key: index, parent: entry, depth: depth + 1 });
      } else {
        const record = value as Record<string, unknown>;
        const names = Object.keys(record);
        const bad = names.find((key) => (keys && FORBIDDEN_KEYS.has(key)) || UNSTORABLE.test(key));
        if (bad !== undefined) {
          const field = fieldOf({ value: record[bad], key: bad, parent: entry, depth }, context);
          const reason = keys && FORBIDDEN_KEYS.has(bad) ? FORBIDDEN_KEY_REASON : UNSTORABLE_REASON;
          return badRequest(`${field}: ${reason}`, field);
        }
        for (let index = names.length - 1; index >= 0; index--) {
          const key = names[index] ?? '';
          stack.push({ value: record[key], key, parent: entry, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}

/**
 * Input every route gets checked for, before its schema: JSON bodies within the route's size
 * limit, at most {@link MAX_DEPTH} deep and {@link MAX_VALUES} values, without prototype keys
 * (`__proto__`, `constructor`, `prototype`), and no NUL characters or unpaired surrogates in any
 * string of a body, query string or path parameter. Each answers 400 naming the field instead of
 * "not valid JSON" or a database error. Every check is linear in the input's size.
 */
const inputPlugin: FastifyPluginAsync = async (app) => {
  // Fastify's parser refuses such keys as "not valid JSON"; parse plainly, then name the key.
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const shape = measureJson(text);
    if (shape) return done(shape, undefined);
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const problem = findUnsafeInput(parsed, { context: 'body', keys: true });
      if (problem) return done(problem, undefined);
      done(null, parsed);
    });
  });

  app.addHook('preValidation', async (request) => {
    const problem =
      findUnsafeInput(request.params, { context: 'params', keys: false }) ??
      findUnsafeInput(request.query, { context: 'querystring', keys: false });
    if (problem) throw problem;
  });
};

export default fp(inputPlugin, { name: 'input', fastify: '5.x' });
