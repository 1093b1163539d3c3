import type { TaskState, TaskStatus } from '@portal/api/contract';
import type { Database, Queryable } from '../../db/database.ts';
import { insertedId } from '../rows.ts';

/** What a task works on, named by its area: `vm`, `vwseries`, … */
export type TaskKind = string;

export interface TaskRecord {
  id: number;
  tenantId: number;
  tenantCdbId: string;
  kind: TaskKind;
  targetId: number;
  operation: string;
  state: TaskState;
  message: string;
  /** Checked against its definition's schema before use (registry.ts). */
  payload: unknown;
  attempts: number;
  leaseOwner: string | null;
  createdBy: string | null;
  /** What it acts on, as people know it when it was asked for (the VM's name), for the log. */
  targetName: string | null;
}

interface TaskRow {
  id: number;
  tenant_id: number;
  tenant_cdb_id: string;
  kind: TaskKind;
  target_id: number;
  operation: string;
  state: TaskState;
  message: string;
  payload: unknown;
  attempts: number;
  lease_owner: string | null;
  created_by: string | null;
  target_name: string | null;
}

const toTask = (row: TaskRow): TaskRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  tenantCdbId: row.tenant_cdb_id,
  kind: row.kind,
  targetId: row.target_id,
  operation: row.operation,
  state: row.state,
  message: row.message,
  payload: row.payload,
  attempts: row.attempts,
  leaseOwner: row.lease_owner,
  createdBy: row.created_by,
  targetName: row.target_name ?? null,
});

export const QUEUED_MESSAGE = 'Waiting to start.';
export const RUNNING_MESSAGE = 'In progress.';

export interface NewTask {
  kind: TaskKind;
  targetId: number;
  operation: string;
  payload: Record<string, unknown>;
  createdBy: string | null;
  /** For the task centre: the area, the operation as the user names it, the target's name. */
  area?: string;
  label?: string;
  targetName?: string;
}

/** Queues a task; a worker picks it up. Returns its id. */
export async function insertTask(db: Queryable, tenantId: number, task: NewTask): Promise<number> {
  return insertedId(
    db,
    `insert into tasks (tenant_id, kind, target_id, operation, payload, message, created_by,
                        area, label, target_name)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10) returning id`,
    [
      tenantId,
      task.kind,
      task.targetId,
      task.operation,
      JSON.stringify(task.payload),
      QUEUED_MESSAGE,
      task.createdBy,
      task.area ?? null,
      task.label ?? null,
      task.targetName ?? null,
    ],
  );
}

/** One of the tenant's tasks as the portal polls it, or null (also for another tenant's). */
export async function findTaskStatus(
  db: Queryable,
  tenantId: number,
  id: number,
  kind?: TaskKind,
): Promise<TaskStatus | null> {
  const rows = await db.query<TaskStatus>(
    `select state, message from tasks
      where tenant_id = $1 and id = $2 and ($3::text is null or kind = $3)`,
    [tenantId, id, kind ?? null],
  );
  return rows[0] ?? null;
}

/**
 * Claims up to `limit` runnable tasks for `owner` until `leaseMs` from now: pending ones, and
 * running ones whose lease has expired (their worker died), except those in `running` (the
 * caller's own, still running: a lease runs out while the event loop is blocked). Only the oldest
 * open task of each target is runnable, so the operations on one VM run one after another, in
 * order. Rows locked by another worker's claim are skipped, so no task is claimed twice.
 */
export async function claimTasks(
  db: Database,
  owner: string,
  leaseMs: number,
  limit: number,
  running: readonly number[] = [],
): Promise<TaskRecord[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx.query<{ id: number }>(
      `select t.id from tasks t
        where t.state in ('PENDING', 'RUNNING')
          and (t.state = 'PENDING' or t.lease_until < now())
          and t.id <> all($2::bigint[])
          and not exists (
            select 1 from tasks o
             where o.kind = t.kind and o.target_id = t.target_id and o.id < t.id
               and o.state in ('PENDING', 'RUNNING'))
        order by t.id
        limit $1
        for update of t skip locked`,
      [limit, running],
    );
    if (candidates.length === 0) return [];
    const rows = await tx.query<TaskRow>(
      `update tasks t
          set state = 'RUNNING', message = $4, lease_owner = $2,
              lease_until = now() + $3::integer * interval '1 millisecond',
              attempts = t.attempts + 1, started_at = coalesce(t.started_at, now())
         from tenants n
        where t.id = any($1::bigint[]) and n.id = t.tenant_id
        returning t.id, t.tenant_id, n.cdb_id as tenant_cdb_id, t.kind, t.target_id, t.operation,
                  t.state, t.message, t.payload, t.attempts, t.lease_owner, t.created_by,
                  t.target_name`,
      [candidates.map((row) => row.id), owner, leaseMs, RUNNING_MESSAGE],
    );
    return rows.map(toTask).sort((a, b) => a.id - b.id);
  });
}

/** Extends the leases `owner` still holds. */
export async function renewLeases(
  db: Queryable,
  owner: string,
  ids: readonly number[],
  leaseMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update tasks set lease_until = now() + $3::integer * interval '1 millisecond'
      where id = any($2::bigint[]) and lease_owner = $1 and state = 'RUNNING'`,
    [owner, ids, leaseMs],
  );
}

/** Tasks still PENDING or RUNNING on one target. */
export async function countOpenTasks(
  db: Queryable,
  kind: TaskKind,
  targetId: number,
): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `select count(*)::integer as count from tasks
      where kind = $1 and target_id = $2 and state in ('PENDING', 'RUNNING')`,
    [kind, targetId],
  );
  return rows[0]?.count ?? 0;
}

/** A task row as the task centre lists it. */
export interface TaskListRow {
  id: number;
  kind: TaskKind;
  targetId: number;
  operation: string;
  payload: unknown;
  area: string | null;
  label: string | null;
  targetName: string | null;
  state: TaskState;
  message: string;
  createdBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface TaskListFilter {
  /** PENDING and RUNNING, or one state. */
  states: readonly TaskState[] | null;
  createdBy: string | null;
  /** Only tasks older than this id (the cursor). */
  beforeId: number | null;
  limit: number;
}

/** The tenant's tasks, newest first (by id, so a page boundary is stable under inserts). */
export async function listTasks(
  db: Queryable,
  tenantId: number,
  filter: TaskListFilter,
): Promise<TaskListRow[]> {
  const rows = await db.query<{
    id: number;
    kind: string;
    target_id: number;
    operation: string;
    payload: unknown;
    area: string | null;
    label: string | null;
    target_name: string | null;
    state: TaskState;
    message: string;
    created_by: string | null;
    created_at: Date;
    started_at: Date | null;
    finished_at: Date | null;
  }>(
    `select id, kind, target_id, operation, payload, area, label, target_name, state, message,
            created_by, created_at, started_at, finished_at
       from tasks
      where tenant_id = $1
        and ($2::text[] is null or state = any($2::text[]))
        and ($3::text is null or created_by = $3)
        and ($4::bigint is null or id < $4)
      order by id desc
      limit $5`,
    [tenantId, filter.states, filter.createdBy, filter.beforeId, filter.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    targetId: row.target_id,
    operation: row.operation,
    payload: row.payload,
    area: row.area,
    label: row.label,
    targetName: row.target_name,
    state: row.state,
    message: row.message,
    createdBy: row.created_by,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }));
}

/** One of the tenant's tasks, locked for the rest of the transaction, or null. */
export async function lockTask(
  tx: Queryable,
  tenantId: number,
  id: number,
): Promise<{ id: number; kind: TaskKind; targetId: number; state: TaskState } | null> {
  const rows = await tx.query<{ id: number; kind: string; target_id: number; state: TaskState }>(
    'select id, kind, target_id, state from tasks where tenant_id = $1 and id = $2 for update',
    [tenantId, id],
  );
  const row = rows[0];
  return row ? { id: row.id, kind: row.kind, targetId: row.target_id, state: row.state } : null;
}

/** Ends a task that has not started: FAILURE with the sentence. False when it had started. */
export async function cancelPendingTask(
  tx: Queryable,
  id: number,
  message: string,
): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `update tasks set state = 'FAILURE', message = $2, finished_at = now()
      where id = $1 and state = 'PENDING' returning id`,
    [id, message],
  );
  return rows.length > 0;
}

/**
 * Ends a task in SUCCESS or FAILURE, if `owner` still holds it. Returns false when it does not
 * (its lease expired and another worker took it over). The owner stays on record.
 */
export async function finishTask(
  db: Queryable,
  id: number,
  owner: string,
  state: 'SUCCESS' | 'FAILURE',
  message: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `update tasks set state = $3, message = $4, finished_at = now(), lease_until = null
      where id = $1 and lease_owner = $2 and state = 'RUNNING' returning id`,
    [id, owner, state, message],
  );
  return rows.length > 0;
}

/** Hands a task back to the queue (a clean shutdown), as if this claim had not happened. */
export async function releaseTask(db: Queryable, id: number, owner: string): Promise<void> {
  await db.query(
    `update tasks set state = 'PENDING', message = $3, lease_owner = null, lease_until = null,
                      attempts = greatest(attempts - 1, 0)
      where id = $1 and lease_owner = $2 and state = 'RUNNING'`,
    [id, owner, QUEUED_MESSAGE],
  );
}
