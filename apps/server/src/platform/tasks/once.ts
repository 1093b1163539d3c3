// Once per task: a task resumed after a crash does its work once. Every driver reports its facts
// through here, so a task run again answers what it answered before instead of acting twice.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Database, Queryable } from '../../db/database.ts';
import type { OperationContext } from '../driver.ts';

/**
 * The facts a driver reported for a task it already carried out, or null. Checked against the
 * operation's schema; a record that does not fit is treated as not carried out.
 */
export async function recordedFacts<S extends TSchema>(
  q: Queryable,
  taskId: number,
  schema: S,
): Promise<Static<S> | null> {
  // The table kept its first name (migration 002): simulators were its only writers then.
  const rows = await q.query<{ facts: unknown }>(
    'select facts from simulator_applied_tasks where task_id = $1',
    [taskId],
  );
  const facts = rows[0]?.facts;
  return facts !== undefined && Value.Check(schema, facts) ? facts : null;
}

export async function recordFacts(q: Queryable, taskId: number, facts: unknown): Promise<void> {
  await q.query(
    `insert into simulator_applied_tasks (task_id, message, facts) values ($1, '', $2::jsonb)
     on conflict (task_id) do update set facts = excluded.facts`,
    [taskId, JSON.stringify(facts)],
  );
}

export interface OnceSteps<F> {
  /** Refuses at once on the current state, before any time is spent (a DriverError). */
  check?: (q: Queryable) => Promise<void>;
  /** The work done outside the database: a simulated duration, or a real platform's call. */
  work?: () => Promise<void>;
  /**
   * Decides again and writes the change in one transaction with the facts' record, so a task
   * either changed the driver's state and recorded its facts, or did neither.
   */
  apply: (tx: Queryable) => Promise<F>;
}

/**
 * Answers what this task reported before; otherwise checks, works, then applies and records the
 * facts in one transaction (where another run that finished meanwhile is answered instead).
 */
export async function oncePerTask<S extends TSchema>(
  db: Database,
  ctx: Pick<OperationContext, 'taskId'>,
  facts: S,
  steps: OnceSteps<Static<S>>,
): Promise<Static<S>> {
  const before = await recordedFacts(db, ctx.taskId, facts);
  if (before !== null) return before;
  await steps.check?.(db);
  await steps.work?.();
  return db.transaction(async (tx) => {
    const again = await recordedFacts(tx, ctx.taskId, facts);
    if (again !== null) return again;
    const result = await steps.apply(tx);
    await recordFacts(tx, ctx.taskId, result);
    return result;
  });
}

/**
 * Once per task for a platform whose changes happen outside the database (a real hypervisor):
 * `work` must find out, from the platform's real state, what an interrupted earlier run already
 * did, and finish it rather than repeat it. Its facts are recorded when it answers.
 */
export async function oncePerTaskOutside<S extends TSchema>(
  db: Database,
  ctx: Pick<OperationContext, 'taskId'>,
  facts: S,
  work: () => Promise<Static<S>>,
): Promise<Static<S>> {
  const before = await recordedFacts(db, ctx.taskId, facts);
  if (before !== null) return before;
  const result = await work();
  await recordFacts(db, ctx.taskId, result);
  return result;
}

/** A simulated operation's duration at the simulator's speed, cut short when the task is aborted. */
export const simulatedWait = (
  ctx: Pick<OperationContext, 'signal'>,
  seconds: number,
  speed: number,
): Promise<void> => sleep((seconds * 1000) / speed, undefined, { signal: ctx.signal });
