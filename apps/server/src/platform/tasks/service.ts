import {
  PERMISSION_AREAS,
  TASK_LIST_DEFAULT_LIMIT,
  hasPermission,
  permissionDeniedMessage,
  type PermissionArea,
  type TaskListQuery,
  type TaskState,
  type TaskStatus,
  type TaskSummary,
} from '@portal/api/contract';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { TaskRegistry } from './registry.ts';
import {
  cancelPendingTask,
  findTaskStatus,
  listTasks,
  lockTask,
  type TaskKind,
  type TaskListRow,
} from './store.ts';

export interface TaskDeps {
  db: Database;
  registry: TaskRegistry;
}

/** A task's state and message; another tenant's task is as unknown as a missing one. */
export async function readTaskStatus(
  db: Queryable,
  caller: Caller,
  id: number,
  kind?: TaskKind,
): Promise<TaskStatus> {
  const status = await findTaskStatus(db, caller.tenantId, id, kind);
  if (!status) throw notFound(`No task ${id}.`);
  return status;
}

// The cursor is the last id of the page, opaque to clients so its form may change.
const encodeCursor = (id: number) => Buffer.from(`t${id}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^t(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw badRequest('cursor: is not a cursor this list gave out', 'cursor');
  return Number(match[1]);
}

const STATES: Record<NonNullable<TaskListQuery['state']>, readonly TaskState[]> = {
  open: ['PENDING', 'RUNNING'],
  PENDING: ['PENDING'],
  RUNNING: ['RUNNING'],
  SUCCESS: ['SUCCESS'],
  FAILURE: ['FAILURE'],
};

/** `GET /services/task`: the tenant's tasks newest first, a page at a time. */
export async function listTaskSummaries(
  deps: TaskDeps,
  caller: Caller,
  query: TaskListQuery,
): Promise<{ data: TaskSummary[]; page: { next_cursor: string | null } }> {
  const limit = query.limit ?? TASK_LIST_DEFAULT_LIMIT;
  // One more than a page tells whether there is a next one.
  const rows = await listTasks(deps.db, caller.tenantId, {
    states: query.state ? STATES[query.state] : null,
    createdBy: query.mine ? caller.email : null,
    beforeId: query.cursor ? decodeCursor(query.cursor) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const paths = await targetPaths(deps, caller.tenantId, page);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => summaryOf(deps.registry, row, paths)),
    page: { next_cursor: rows.length > limit && last ? encodeCursor(last.id) : null },
  };
}

async function targetPaths(
  deps: TaskDeps,
  tenantId: number,
  rows: readonly TaskListRow[],
): Promise<Map<string, string>> {
  const byKind = new Map<TaskKind, number[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.targetId]);
  const paths = new Map<string, string>();
  for (const [kind, ids] of byKind) {
    const target = deps.registry.target(kind);
    if (!target) continue;
    for (const [id, path] of await target.paths(deps.db, tenantId, ids))
      paths.set(`${kind}:${id}`, path);
  }
  return paths;
}

function summaryOf(
  registry: TaskRegistry,
  row: TaskListRow,
  paths: ReadonlyMap<string, string>,
): TaskSummary {
  const definition = registry.find(row.payload);
  return {
    id: row.id,
    area: row.area ?? definition?.area ?? row.kind,
    operation: row.label ?? definition?.labelOf(row.payload) ?? row.operation,
    target: {
      kind: row.kind,
      id: String(row.targetId),
      name: row.targetName ?? `${row.kind} ${row.targetId}`,
      path: paths.get(`${row.kind}:${row.targetId}`) ?? null,
    },
    state: row.state,
    message: row.message,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const isPermissionArea = (area: string): area is PermissionArea =>
  (PERMISSION_AREAS as readonly string[]).includes(area);

/**
 * `DELETE /services/task/{id}`: ends a task that has not started, in FAILURE with a sentence
 * naming who cancelled it. The caller needs `manage` on the task's area. Runs in `tx`, with the
 * audit row the route writes.
 */
export async function cancelTask(
  tx: Queryable,
  registry: TaskRegistry,
  caller: Caller,
  id: number,
): Promise<{ status: TaskStatus; target: string; targetName: string | null }> {
  const task = await lockTask(tx, caller.tenantId, id);
  if (!task) throw notFound(`No task ${id}.`);
  const rows = await tx.query<{
    area: string | null;
    payload: unknown;
    target_name: string | null;
  }>('select area, payload, target_name from tasks where id = $1', [id]);
  const area = rows[0]?.area ?? registry.find(rows[0]?.payload)?.area ?? null;
  if (area && isPermissionArea(area) && !hasPermission(caller.principal.role, area, 'manage'))
    throw forbidden(permissionDeniedMessage(area, 'manage'));
  if (task.state === 'RUNNING')
    throw conflict('The task has already started and can no longer be cancelled.');
  if (task.state !== 'PENDING') throw conflict('The task has already ended.');
  const message = `Cancelled by ${caller.email}.`;
  if (!(await cancelPendingTask(tx, id, message)))
    throw conflict('The task has already started and can no longer be cancelled.');
  return {
    status: { state: 'FAILURE', message },
    target: `${task.kind}:${task.targetId}`,
    targetName: rows[0]?.target_name ?? null,
  };
}
