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

const fieldOf = (path: readonly string[], fallback: string) =>
  path.length > 0 ? path.join('.') : fallback;

/**
 * The first problem in a parsed input, as a 400 naming the field: a forbidden key (bodies), or
 * a key or string PostgreSQL cannot store. Walks iteratively, so deep nesting cannot overflow.
 */
export function findUnsafeInput(
  input: unknown,
  { context, keys }: { context: string; keys: boolean },
): HttpError | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) {
        const field = fieldOf(path, context);
        return badRequest(`${field}: ${UNSTORABLE_REASON}`, field);
      }
    } else if (typeof value === 'object' && value !== null) {
      const entries = Array.isArray(value)
        ? value.map((each, index): [string, unknown] => [String(index), each])
        : Object.entries(value);
      // Reversed onto the stack, so the first problem in reading order is the one named.
      for (const [key, child] of entries.reverse()) {
        const childPath = [...path, key];
        if (!Array.isArray(value)) {
          const field = fieldOf(childPath, context);
          if (keys && FORBIDDEN_KEYS.has(key))
            return badRequest(`${field}: ${FORBIDDEN_KEY_REASON}`, field);
          if (UNSTORABLE.test(key)) return badRequest(`${field}: ${UNSTORABLE_REASON}`, field);
        }
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * Input every route gets checked for, before its schema: JSON bodies without prototype keys
 * (`__proto__`, `constructor`, `prototype`), and no NUL characters or unpaired surrogates in any
 * string of a body, query string or path parameter. Each answers 400 naming the field instead of
 * "not valid JSON" or a database error.
 */
const inputPlugin: FastifyPluginAsync = async (app) => {
  // Fastify's parser refuses such keys as "not valid JSON"; parse plainly, then name the key.
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
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
