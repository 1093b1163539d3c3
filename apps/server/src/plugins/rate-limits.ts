import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';

export type RateLimitBudget = 'reads' | 'mutations' | 'console';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which per-minute budget a route draws on; by default from its method (and `/console`). */
    rateLimitBudget?: RateLimitBudget;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The budget a request draws on: console tickets, changes, or reads. */
export function budgetOf(request: FastifyRequest): RateLimitBudget {
  const declared = request.routeOptions.config.rateLimitBudget;
  if (declared) return declared;
  // `GET …/{id}/console` hands out a console ticket, in every area that has consoles.
  if (request.method === 'GET' && request.routeOptions.url?.endsWith('/console')) return 'console';
  return MUTATING.has(request.method) ? 'mutations' : 'reads';
}

/**
 * Per-minute budgets for every route in the scope (register after auth): reads, changes and
 * console tickets, counted per signed-in user, or per address where nobody is signed in. Over
 * budget answers 429 with Retry-After and a sentence.
 */
const rateLimitsPlugin: FastifyPluginAsync<{ limits: Config['rateLimits'] }> = async (
  app,
  { limits },
) => {
  const perMinute: Record<RateLimitBudget, number> = {
    reads: limits.readsPerMinute,
    mutations: limits.mutationsPerMinute,
    console: limits.consolePerMinute,
  };
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `${budgetOf(request)}|${request.identity ? `uid:${request.identity.uid}` : `ip:${request.ip}`}`,
    max: (request) => perMinute[budgetOf(request)],
    errorResponseBuilder: (request, { after }) => {
      const what: Record<RateLimitBudget, string> = {
        reads: 'requests',
        mutations: 'changes',
        console: 'console sessions',
      };
      return new HttpError(
        429,
        `Too many ${what[budgetOf(request)]} in a minute. Try again in ${after}.`,
      );
    },
  });
};

export default fp(rateLimitsPlugin, {
  name: 'rate-limits',
  fastify: '5.x',
  dependencies: ['auth'],
});
