import type { Queryable } from './database.ts';

/**
 * The simulator's own bookkeeping: the tasks whose change it has applied, with the message it
 * answered, so that re-running a task after a crash answers the same instead of applying twice.
 * Keyed by task id (tasks are tenant-scoped), read only by the simulator driver.
 */
export async function findAppliedTask(tx: Queryable, taskId: number): Promise<string | null> {
  const rows = await tx.query<{ message: string }>(
    'select message from simulator_applied_tasks where task_id = $1',
    [taskId],
  );
  return rows[0]?.message ?? null;
}

export async function recordAppliedTask(
  tx: Queryable,
  taskId: number,
  message: string,
): Promise<void> {
  await tx.query('insert into simulator_applied_tasks (task_id, message) values ($1, $2)', [
    taskId,
    message,
  ]);
}
