import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, TaskListQuery, TaskParams, TaskStatus, TaskSummary } from '@portal/api/contract';
import { Type } from 'typebox';
import { HttpError } from '../../errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { audit } from '../../plugins/audit.ts';
import { errorReplies } from '../schemas.ts';
import type { TaskRegistry } from './registry.ts';
import { cancelTask, listTaskSummaries, readTaskStatus } from './service.ts';

const TAGS = ['tasks'];

/** Tasks of every area: one's status, the tenant's list (the task centre), cancelling one. */
export function taskRoutes(registry: TaskRegistry): FastifyPluginAsyncTypebox {
  return async (app) => {
    const deps = { db: app.db, registry };

    app.get(
      '/services/task',
      {
        schema: {
          tags: TAGS,
          summary: "Your tenant's tasks, newest first, a page at a time",
          querystring: TaskListQuery,
          response: {
            200: Type.Object({
              data: Type.Array(TaskSummary),
              page: Type.Object({ next_cursor: Type.Union([Type.String(), Type.Null()]) }),
            }),
            ...errorReplies(400, 401, 403),
          },
        },
      },
      async (request) => listTaskSummaries(deps, callerOf(request), request.query),
    );

    app.get(
      '/services/task/:id',
      {
        schema: {
          tags: TAGS,
          summary: "Any of your tenant's tasks: state and message",
          params: TaskParams,
          response: { 200: Envelope(TaskStatus), ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        data: await readTaskStatus(app.db, callerOf(request), request.params.id),
      }),
    );

    app.delete(
      '/services/task/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Cancel a task that has not started yet (it ends in FAILURE)',
          params: TaskParams,
          response: { 200: Envelope(TaskStatus), ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.id;
        try {
          return await app.db.transaction(async (tx) => {
            const { status, target, targetName } = await cancelTask(tx, registry, caller, id);
            await audit(
              request,
              {
                action: 'task.cancel',
                target,
                targetLabel: targetName,
                result: 'success',
                detail: { task_id: id },
              },
              tx,
            );
            return { data: status };
          });
        } catch (error) {
          if (error instanceof HttpError) {
            const code = error.statusCode;
            await audit(request, {
              action: 'task.cancel',
              target: null,
              result: code === 401 || code === 403 ? 'denied' : 'failure',
              detail: { task_id: id, status: code, message: error.message },
            });
          }
          throw error;
        }
      },
    );
  };
}
