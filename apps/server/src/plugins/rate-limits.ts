import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
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

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often windows that have ended are deleted. */
const SWEEP_MS = 60_000;

/**
 * The counts of `@fastify/rate-limit` in the database (table `rate_limit_windows`), shared by
 * every server on it: one upsert per request starts a window or counts a hit in it, and answers
 * the hits so far and the milliseconds left.
 */
export class DatabaseRateLimitStore {
  constructor(private readonly db: Queryable) {}

  incr(key: string, done: Counted, timeWindow: number): void {
    this.db
      .query<{ hits: number; ttl: number }>(
        `insert into rate_limit_windows as w (key, started_at, hits) values ($1, now(), 1)
         on conflict (key) do update
           set started_at = case when w.started_at + $2::integer * interval '1 millisecond'
                                      <= now() then now() else w.started_at end,
               hits = case when w.started_at + $2::integer * interval '1 millisecond' <= now()
                           then 1 else w.hits + 1 end
         returning hits, ceil(extract(epoch from started_at + $2::integer
                                       * interval '1 millisecond' - now()) * 1000)::integer as ttl`,
        [key, timeWindow],
      )
      .then(
        ([row]) => done(null, { current: row?.hits ?? 1, ttl: Math.max(0, row?.ttl ?? 0) }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
  }

  child(): DatabaseRateLimitStore {
    return this;
  }

  /** Deletes windows that ended more than `timeWindow` ago. */
  async sweep(timeWindow: number): Promise<void> {
    await this.db.query(
      `delete from rate_limit_windows
        where started_at < now() - 2 * $1::integer * interval '1 millisecond'`,
      [timeWindow],
    );
  }
}

/**
 * Per-minute budgets for every route in the scope (register after auth): reads, changes and
 * console tickets, counted per signed-in user, or per address where nobody is signed in, in
 * the database (`db`), so that several servers share them. Over budget answers 429 with
 * Retry-After and a sentence.
 */
const rateLimitsPlugin: FastifyPluginAsync<{
  limits: Config['rateLimits'];
  db: Queryable;
}> = async (app, { limits, db }) => {
  const perMinute: Record<RateLimitBudget, number> = {
    reads: limits.readsPerMinute,
    mutations: limits.mutationsPerMinute,
    console: limits.consolePerMinute,
  };
  const timeWindow = 60_000;
  const timer = setInterval(() => {
    new DatabaseRateLimitStore(db).sweep(timeWindow).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not delete ended rate-limit windows');
    });
  }, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  await app.register(rateLimit, {
    global: true,
    timeWindow,
    // The plugin constructs its store itself, from a class.
    store: class extends DatabaseRateLimitStore {
      constructor() {
        super(db);
      }
    },
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
