import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorReply } from '@portal/api/contract';
import { HttpError } from '../errors.ts';
import { DriverError } from '../platform/driver.ts';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Try again later.';

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && 'code' in error;

// Field names for which a generic reason would be unhelpful.
const FIELD_REASONS: Record<string, string> = { email: 'must be an e-mail address' };

function reason(error: FastifySchemaValidationError, field: string): string {
  const { keyword, params } = error;
  const special = FIELD_REASONS[field.split('.').at(-1) ?? field];
  if (special && ['pattern', 'format', 'minLength', 'maxLength'].includes(keyword)) return special;
  switch (keyword) {
    case 'required':
      return 'is required';
    case 'minLength':
      return `must have at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must have at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'pattern':
      return 'is not in the expected format';
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'type':
      return `must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${String(params.type)}`;
    case 'const':
    case 'enum':
    case 'anyOf':
      return 'is not one of the allowed values';
    case 'additionalProperties':
      return 'is not a known field';
    default:
      return error.message ?? 'is not valid';
  }
}

/** The first validation error as `field: reason`, the field named as in the input (no `body/`). */
export function describeValidation(
  errors: readonly FastifySchemaValidationError[],
  context: string | undefined,
): ErrorReply {
  const first = errors[0];
  if (!first) return { message: `${context ?? 'input'}: is not valid`, field: context ?? 'input' };
  const path = first.instancePath.split('/').filter(Boolean);
  if (first.keyword === 'required') {
    const missing = first.params.requiredProperties ?? first.params.missingProperty;
    const name = Array.isArray(missing) ? missing[0] : missing;
    if (typeof name === 'string') path.push(name);
  }
  if (first.keyword === 'additionalProperties') {
    const extra = first.params.additionalProperties ?? first.params.additionalProperty;
    const name = Array.isArray(extra) ? extra[0] : extra;
    if (typeof name === 'string') path.push(name);
  }
  const field = path.length > 0 ? path.join('.') : (context ?? 'input');
  return { message: `${field}: ${reason(first, field)}`, field };
}

export interface ErrorsPluginOptions {
  /** Serve index.html for unknown GETs outside /api (the portal's client-side routes). */
  spaFallback: boolean;
}

/**
 * One error handler and one not-found handler for the whole server: every error reply is
 * `{ message, field? }` with a human sentence, and a 500 never shows internals.
 */
const errorsPlugin: FastifyPluginAsync<ErrorsPluginOptions> = async (app, options) => {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (isFastifyError(error) && error.validation) {
      return reply.code(400).send(describeValidation(error.validation, error.validationContext));
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      const body: ErrorReply = { message: error.message };
      if (error.field) body.field = error.field;
      return reply.code(error.statusCode).send(body);
    }
    // A read the platform behind a site could not answer (LXD down): its sentence, never a 500.
    if (error instanceof DriverError) {
      request.log.warn({ err: error, detail: error.detail }, 'platform did not answer');
      return reply.code(503).send({ message: error.message });
    }
    if (isFastifyError(error) && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = Math.floor(request.routeOptions.bodyLimit / 1024).toLocaleString('en');
      return reply.code(413).send({ message: `body: must be at most ${limit} KB`, field: 'body' });
    }
    // Fastify's own client errors (malformed JSON, unsupported media type).
    if (
      isFastifyError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE });
  });

  /** Where a path no route matched is answered: the portal's index.html, or a 404 sentence. */
  const notFound = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? request.url;
    const isApi = path === '/api' || path.startsWith('/api/');
    const isPage = !isApi && !path.startsWith('/assets/');
    // A missing hashed asset stays a 404: answering it with HTML would only hide the problem.
    const portal =
      isPage && options.spaFallback && (request.method === 'GET' || request.method === 'HEAD');
    const what = isApi ? 'API route' : 'page';
    return { portal, message: `No such ${what}: ${request.method} ${path}` };
  };

  // Answered before the body is read: nobody's body is parsed for a route that does not exist.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const { portal, message } = notFound(request);
    if (!portal) return reply.code(404).send({ message });
  });

  app.setNotFoundHandler((request, reply) => {
    const { portal, message } = notFound(request);
    if (portal) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ message });
  });
};

export default fp(errorsPlugin, { name: 'errors', fastify: '5.x' });
