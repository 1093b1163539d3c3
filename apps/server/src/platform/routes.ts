// Most of an area's routes have one shape: a permission level, the area's tags, a schema, a call
// of the area's service with the caller, and the answer in `{ data }` (or a list's JSON text made
// by the database). `areaRoutes` writes that shape once, so that each route states only what is
// its own: its path, summary, schemas, error statuses, audit entry and service call. Routes of
// another shape (a reply that is not an envelope, a handler that needs the raw request) stay
// plain Fastify routes beside them.
import type { FastifyRequest } from 'fastify';
import { Envelope, ListPagingQuery, ListReply, type PermissionArea } from '@portal/api/contract';
import { Type, type Static, type TSchema } from 'typebox';
import { callerOf, type Caller } from '../plugins/access.ts';
import { audited, type AuditEvent } from '../plugins/audit.ts';
import { sendJsonText } from './paging.ts';
import { errorReplies } from './schemas.ts';
import type { NONE } from './tasks/route.ts';
import { areaTaskRoutes, type TypeBoxApp } from './tasks/route.ts';

/** A request's parts, as its route's schemas describe them (Fastify has validated them). */
export interface RouteInput<PS extends TSchema, BS extends TSchema, QS extends TSchema> {
  params: Static<PS>;
  body: Static<BS>;
  query: Static<QS>;
}

/** What every route of the shape declares. */
export interface AreaRoute<PS extends TSchema, BS extends TSchema, QS extends TSchema> {
  url: string;
  summary: string;
  /** The path parameters; none by default. */
  params?: PS;
  /** The body; none by default. */
  body?: BS;
  /** The query string; none by default. */
  querystring?: QS;
  /**
   * The error statuses the route can answer, each `{ message, field? }`; given only where they
   * differ from those its parts imply (`impliedErrors`), as a 409 of a change does.
   */
  errors?: readonly number[];
  /** The body's size limit in bytes, where the default (plugins/input.ts) is too small. */
  bodyLimit?: number;
}

/** The audit entry of a change: the event from the request, the rest from what it answered. */
export interface RouteAudit<PS extends TSchema, BS extends TSchema, QS extends TSchema, T> {
  event: (input: RouteInput<PS, BS, QS>) => Omit<AuditEvent, 'result'>;
  /** Added to the detail of a success. */
  describe?: (result: T) => Record<string, unknown>;
  /** Names the target from what the change answered. */
  label?: (result: T) => string | null;
}

type Run<PS extends TSchema, BS extends TSchema, QS extends TSchema, T> = (
  input: RouteInput<PS, BS, QS>,
  caller: Caller,
) => Promise<T> | T;

/**
 * The error statuses a route's parts imply: 401 and 403 for every area route (signed in, then
 * checked), 400 where it takes input to validate, 404 where its path names an item.
 */
export const impliedErrors = (route: {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}) => [
  ...(route.params || route.querystring || route.body ? [400] : []),
  401,
  403,
  ...(route.params ? [404] : []),
];

/** The route's own parts of a Fastify schema: absent ones are left out, not sent as undefined. */
const schemaOf = (
  tags: string[],
  route: AreaRoute<TSchema, TSchema, TSchema>,
  response: Record<number, TSchema>,
) => ({
  tags,
  summary: route.summary,
  ...(route.params ? { params: route.params } : {}),
  ...(route.querystring ? { querystring: route.querystring } : {}),
  ...(route.body ? { body: route.body } : {}),
  response: { ...response, ...errorReplies(...(route.errors ?? impliedErrors(route))) },
});

// Fastify validated the request against the route's schemas before the handler runs.
const inputOf = <PS extends TSchema, BS extends TSchema, QS extends TSchema>(
  request: FastifyRequest,
) => request as unknown as RouteInput<PS, BS, QS>;

/** The route makers of one area: each route brings what is its own, the area the rest. */
export function areaRoutes(app: TypeBoxApp, area: { permission: PermissionArea; tags: string[] }) {
  const config = (level: 'read' | 'manage') => ({ access: { area: area.permission, level } });
  const limit = (route: { bodyLimit?: number }) =>
    route.bodyLimit ? { bodyLimit: route.bodyLimit } : {};

  /** Runs a change, audited where the route names its entry. */
  const change = async <PS extends TSchema, BS extends TSchema, QS extends TSchema, T>(
    request: FastifyRequest,
    run: Run<PS, BS, QS, T>,
    entry: RouteAudit<PS, BS, QS, T> | undefined,
  ): Promise<T> => {
    const input = inputOf<PS, BS, QS>(request);
    if (!entry) return run(input, callerOf(request));
    return audited(
      request,
      entry.event(input),
      async () => run(input, callerOf(request)),
      entry.describe,
      entry.label,
    );
  };

  return {
    /** A route that starts slow work (`taskRoute`), with the area's manage access and tags. */
    task: areaTaskRoutes(app, {
      access: { area: area.permission, level: 'manage' },
      tags: area.tags,
    }),

    /** A read: GET answering 200 `{ data }`. */
    read<RS extends TSchema, PS extends TSchema = TSchema, QS extends TSchema = TSchema>(
      route: AreaRoute<PS, typeof NONE, QS> & { data: RS },
      run: Run<PS, typeof NONE, QS, Static<RS>>,
    ): void {
      app.route({
        method: 'GET',
        url: route.url,
        config: config('read'),
        schema: schemaOf(area.tags, route, { 200: Envelope(route.data) }),
        handler: async (request) => ({
          data: await run(inputOf<PS, typeof NONE, QS>(request), callerOf(request)),
        }),
      });
    },

    /**
     * A list: GET with the paging query (or the list's own, with its filters), answering
     * `ListReply(item)` as the JSON text the database made (sent as it is, not serialised again).
     */
    list<
      IS extends TSchema,
      PS extends TSchema = TSchema,
      QS extends TSchema = typeof ListPagingQuery,
    >(
      route: AreaRoute<PS, typeof NONE, QS> & { item: IS },
      run: Run<PS, typeof NONE, QS, string | Buffer>,
    ): void {
      app.route({
        method: 'GET',
        url: route.url,
        config: config('read'),
        schema: schemaOf(
          area.tags,
          { ...route, querystring: route.querystring ?? ListPagingQuery },
          { 200: ListReply(route.item) },
        ),
        // The reply is JSON text made by the database.
        serializerCompiler: () => (data) => JSON.stringify(data),
        handler: async (request, reply) =>
          sendJsonText(reply, await run(inputOf<PS, typeof NONE, QS>(request), callerOf(request))),
      });
    },

    /**
     * A change answering `{ data }`: 200 by default (PATCH, PUT, a POST that creates nothing, a
     * DELETE that answers what is left), 201 for a creation.
     */
    change<
      RS extends TSchema,
      PS extends TSchema = TSchema,
      BS extends TSchema = TSchema,
      QS extends TSchema = TSchema,
    >(
      route: AreaRoute<PS, BS, QS> & {
        method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        data: RS;
        status?: 200 | 201;
      },
      run: Run<PS, BS, QS, Static<RS>>,
      audit?: RouteAudit<PS, BS, QS, Static<RS>>,
    ): void {
      const status = route.status ?? 200;
      app.route({
        method: route.method,
        url: route.url,
        config: config('manage'),
        ...limit(route),
        schema: schemaOf(area.tags, route, { [status]: Envelope(route.data) }),
        handler: async (request, reply) =>
          reply.code(status).send({ data: await change(request, run, audit) }),
      });
    },

    /** A deletion: DELETE answering 204 with no body. */
    remove<T, PS extends TSchema = TSchema>(
      route: AreaRoute<PS, typeof NONE, typeof NONE>,
      run: Run<PS, typeof NONE, typeof NONE, T>,
      audit?: RouteAudit<PS, typeof NONE, typeof NONE, T>,
    ): void {
      app.route({
        method: 'DELETE',
        url: route.url,
        config: config('manage'),
        schema: schemaOf(area.tags, route, { 204: Type.Null() }),
        handler: async (request, reply) => {
          await change(request, run, audit);
          return reply.code(204).send(null);
        },
      });
    },
  };
}
