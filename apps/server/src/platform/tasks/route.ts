import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import { Envelope, TaskAccepted, type PermissionArea } from '@portal/api/contract';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Queryable } from '../../db/database.ts';
import { HttpError, badRequest, conflict } from '../../errors.ts';
import { callerOf, type Caller } from '../../plugins/access.ts';
import { audit } from '../../plugins/audit.ts';
import { errorReplies } from '../schemas.ts';
import type { RegisteredTask } from './registry.ts';
import { countOpenTasks, insertTask } from './store.ts';

export type TypeBoxApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Tasks waiting or running on one target at most; more answer 409 (a queue is not a lock). */
export const MAX_OPEN_TASKS_PER_TARGET = 5;

/** A route without a body or a query string passes this instead of a schema. */
export const NONE = Type.Undefined();

/** The path parameters of a route with none. */
const NO_PARAMS = Type.Object({});

/** The reply of every call that starts a task: 202 with the task's id. */
export const taskReplies = {
  202: Envelope(TaskAccepted),
  ...errorReplies(400, 401, 403, 404, 409),
};

export interface TaskInput<PS extends TSchema, BS extends TSchema, QS extends TSchema> {
  params: Static<PS>;
  body: Static<BS>;
  query: Static<QS>;
}

/** What the area's precondition check decided: the target and the task's payload. */
export interface Prepared<P> {
  target: { id: number; name: string };
  payload: P;
  /** Beside `task_id` in the 202 reply (a creation's new id). */
  reply?: Record<string, number>;
  /**
   * Beside `task_id` in the 202 reply and never written to the audit log: what a caller is shown
   * once (a new account's uuid and secret).
   */
  secretReply?: Record<string, string>;
  /** Added to the audit row. */
  detail?: Record<string, unknown>;
}

export interface TaskRouteOptions<
  D,
  P,
  PS extends TSchema,
  BS extends TSchema,
  QS extends TSchema,
> {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: { area: PermissionArea; level: 'manage' };
  schema: {
    tags: string[];
    summary: string;
    params: PS;
    body: BS;
    querystring: QS;
    /** The 202 reply when it carries more than the task id. */
    accepted?: TObject;
  };
  definition: RegisteredTask<D, P>;
  /** The audit action (`vm.power`) and the target named when the request fails early. */
  audit: { action: string; target: (input: TaskInput<PS, BS, QS>) => string | null };
  /** The body's size limit in bytes, where the default (plugins/input.ts) is too small. */
  bodyLimit?: number;
  /** A creation: the tenant row is locked first, so limits hold under concurrent requests. */
  locksTenant?: boolean;
  /**
   * The area's precondition check, in the transaction that will write the task: find and lock
   * the target (404 if it is not the caller's), refuse with 409 what its record already forbids
   * or 400 naming the field, and answer the payload.
   */
  prepare: (tx: Queryable, caller: Caller, input: TaskInput<PS, BS, QS>) => Promise<Prepared<P>>;
}

const isNone = (schema: TSchema): boolean => schema === NONE;

const parsed = <S extends TSchema>(schema: S, value: unknown, what: string): Static<S> => {
  // Fastify validated already; checking again gives the value its static type here.
  if (!Value.Check(schema, value)) throw badRequest(`The ${what} is not valid.`);
  return value;
};

/**
 * A route that starts slow work: validated by its schema, authorized by `access`, checked by the
 * area's `prepare`, then the task row and the audit row are written in one transaction (a failed
 * request changes nothing), answered 202 `{ data: { task_id } }`, and the worker woken.
 */
export function taskRoute<D, P, PS extends TSchema, BS extends TSchema, QS extends TSchema>(
  app: TypeBoxApp,
  options: TaskRouteOptions<D, P, PS, BS, QS>,
): void {
  const { schema, definition } = options;
  app.route({
    method: options.method,
    url: options.url,
    config: { access: options.access },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      tags: schema.tags,
      summary: schema.summary,
      params: schema.params,
      ...(isNone(schema.body) ? {} : { body: schema.body }),
      ...(isNone(schema.querystring) ? {} : { querystring: schema.querystring }),
      response: {
        ...taskReplies,
        ...(schema.accepted ? { 202: Envelope(schema.accepted) } : {}),
      },
    },
    handler: async (request, reply) => {
      const input: TaskInput<PS, BS, QS> = {
        params: parsed(schema.params, request.params, 'path'),
        body: parsed(schema.body, isNone(schema.body) ? undefined : request.body, 'body'),
        query: parsed(
          schema.querystring,
          isNone(schema.querystring) ? undefined : request.query,
          'query string',
        ),
      };
      const caller = callerOf(request);
      const action = options.audit.action;
      let data: Record<string, number | string>;
      // Known once prepared: a refusal after that (too many open tasks) still names its target.
      let prepared = undefined as { id: number; name: string } | undefined;
      try {
        data = await app.db.transaction(async (tx) => {
          if (options.locksTenant)
            await tx.query('select id from tenants where id = $1 for update', [caller.tenantId]);
          const ready = await options.prepare(tx, caller, input);
          const target = ready.target;
          prepared = target;
          if ((await countOpenTasks(tx, definition.kind, target.id)) >= MAX_OPEN_TASKS_PER_TARGET) {
            throw conflict(
              `${target.name} already has ${MAX_OPEN_TASKS_PER_TARGET} operations waiting or running; try again once one has ended.`,
            );
          }
          const label = definition.label(ready.payload);
          const taskId = await insertTask(tx, caller.tenantId, {
            kind: definition.kind,
            targetId: target.id,
            operation: definition.operation(ready.payload),
            payload: definition.stored(ready.payload),
            createdBy: caller.email,
            area: definition.area,
            label,
            targetName: target.name,
          });
          const accepted = { task_id: taskId, ...ready.reply };
          await audit(
            request,
            {
              action,
              target: `${definition.kind}:${target.id}`,
              targetLabel: target.name,
              result: 'success',
              // The log names what was asked for and of what ("Power off: plant-scada").
              detail: { message: `${label}: ${target.name}`, ...ready.detail, ...accepted },
            },
            tx,
          );
          return { ...accepted, ...ready.secretReply };
        });
      } catch (error) {
        if (error instanceof HttpError) {
          const status = error.statusCode;
          await audit(request, {
            action,
            target: prepared ? `${definition.kind}:${prepared.id}` : options.audit.target(input),
            targetLabel: prepared?.name ?? null,
            result: status === 401 || status === 403 ? 'denied' : 'failure',
            detail: { status, message: error.message },
          });
        }
        throw error;
      }
      app.tasks.wake();
      return reply.code(202).send({ data });
    },
  });
}

/** A task route as an area declares it, given the area's access and tags by `areaTaskRoutes`. */
export interface AreaTaskRoute<D, P, PS extends TSchema, BS extends TSchema, QS extends TSchema> {
  method: TaskRouteOptions<D, P, PS, BS, QS>['method'];
  url: string;
  summary: string;
  /** The path parameters; none by default. */
  params?: PS;
  /** The body; none by default. */
  body?: BS;
  /** The query string; none by default. */
  querystring?: QS;
  /** The 202 reply when it carries more than the task id. */
  accepted?: TObject;
  definition: RegisteredTask<D, P>;
  /** The audit action (`vm.power`). */
  action: string;
  /**
   * The audit target named when the request fails before its target is found; by default the
   * task's kind and the path's `id` (`vm:12`), or none where the path has no `id`.
   */
  target?: (input: TaskInput<PS, BS, QS>) => string | null;
  bodyLimit?: number;
  locksTenant?: boolean;
  prepare: TaskRouteOptions<D, P, PS, BS, QS>['prepare'];
}

/** `taskRoute` for one area's routes: each route brings what is its own, the area the rest. */
export const areaTaskRoutes =
  (
    app: TypeBoxApp,
    area: {
      access: TaskRouteOptions<never, never, TSchema, TSchema, TSchema>['access'];
      tags: string[];
    },
  ) =>
  <
    D,
    P,
    PS extends TSchema = typeof NO_PARAMS,
    BS extends TSchema = typeof NONE,
    QS extends TSchema = typeof NONE,
  >({
    summary,
    params = NO_PARAMS as TSchema as PS,
    body = NONE as TSchema as BS,
    querystring = NONE as TSchema as QS,
    accepted,
    action,
    target,
    ...route
  }: AreaTaskRoute<D, P, PS, BS, QS>): void =>
    taskRoute(app, {
      ...route,
      access: area.access,
      schema: {
        tags: area.tags,
        summary,
        params,
        body,
        querystring,
        ...(accepted ? { accepted } : {}),
      },
      audit: {
        action,
        target:
          target ??
          (({ params: path }) => {
            const id = (path as { id?: unknown } | undefined)?.id;
            return id === undefined ? null : `${route.definition.kind}:${String(id)}`;
          }),
      },
    });
